// The part of negotiator 1 (whose DefinitelyTyped types describe 0.6, without `preferred`) that
// libs/http/src/encoded-body.ts uses.
declare module 'negotiator' {
  import { type IncomingMessage } from 'node:http';

  export default class Negotiator {
    constructor(request: IncomingMessage);
    /** The acceptable coding of `available` the client ranks highest; ties go to `preferred`'s order. */
    encoding(available: readonly string[], options?: { preferred?: readonly string[] }): string | undefined;
  }
}
