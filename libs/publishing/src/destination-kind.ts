// Where a version can be published: a site, an embed, a webhook.
import { z } from 'zod';

export const destinationKinds = ['site', 'embed', 'webhook'] as const;
export type DestinationKind = (typeof destinationKinds)[number];

/**
 * Names a destination kind had before, still read on input for one release (docs/design.md, glossary):
 * `hosting` is the site.
 */
const formerNames: Readonly<Record<string, DestinationKind>> = { hosting: 'site' };

/** The destination kind an input names, under its name or a former one; undefined for anything else. */
export function destinationKindOf(value: unknown): DestinationKind | undefined {
  if (typeof value !== 'string') return undefined;
  if (Object.hasOwn(formerNames, value)) return formerNames[value];
  return (destinationKinds as readonly string[]).includes(value) ? (value as DestinationKind) : undefined;
}

/** A destination kind on input: a former name reads as the kind it names now; `message` for anything else. */
export function destinationKindSchema(message?: string) {
  return z.preprocess(
    (value) => destinationKindOf(value) ?? value,
    z.enum(destinationKinds, message === undefined ? undefined : { message }),
  );
}
