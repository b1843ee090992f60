// The four fuzz targets of issue 9 and the property every answer must hold; the bench (many cases) and
// the CI spec (a few hundred, fixed seed) both run these.
import fc, { type Arbitrary, type IAsyncPropertyWithHooks } from 'fast-check';
import { type FuzzContext } from './fuzz-context.js';
import { type FuzzRequest, type FuzzResponse, responseProblems, send } from './fuzz-request.js';
import { mcpEnvelopeRequests, mcpToolCallRequests } from './mcp-requests.js';
import { oauthRequests } from './oauth-requests.js';
import { templateRequests } from './template-requests.js';

export interface FuzzTarget {
  name: string;
  requests: Arbitrary<FuzzRequest>;
}

export function fuzzTargets(context: FuzzContext): FuzzTarget[] {
  return [
    { name: 'mcp-envelopes', requests: mcpEnvelopeRequests(context) },
    { name: 'mcp-tool-args', requests: mcpToolCallRequests(context) },
    { name: 'template-api', requests: templateRequests(context) },
    { name: 'oauth', requests: oauthRequests(context) },
  ];
}

/** An answer that broke a rule: what was broken, and the answer, for the report. */
export class HostileInputFailure extends Error {
  constructor(
    readonly problems: string[],
    readonly response: FuzzResponse,
  ) {
    const body = response.body.length > 1_000 ? `${response.body.slice(0, 1_000)}…` : response.body;
    super(`${problems.join('; ')}\n  answer: ${response.status} ${body}`);
    this.name = 'HostileInputFailure';
  }
}

/**
 * Sends each generated request and fails on a 5xx, a hang, or a leak (stack trace, file path, SQL,
 * Prisma internals, a secret). `observe` sees every answer (status histograms).
 */
export function hostileInputProperty(
  context: FuzzContext,
  target: FuzzTarget,
  observe: (response: FuzzResponse) => void = () => {},
): IAsyncPropertyWithHooks<[FuzzRequest]> {
  return fc.asyncProperty(target.requests, async (request) => {
    const response = await send(context.baseUrl, request);
    observe(response);
    const problems = responseProblems(request, response, { secrets: context.secrets });
    if (problems.length) throw new HostileInputFailure(problems, response);
  });
}
