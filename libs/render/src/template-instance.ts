/**
 * Sections made from a template prototype get their own element keys, so the same prototype can appear
 * several times on one page (and across pages) without duplicate DOM ids or shared style rules.
 */
import { derivedPublicKey, type TemplateSectionType, withElementKeys } from '#folio/content';

export type SectionPrototype = TemplateSectionType['prototype'];

/**
 * The key of the prototype element `prototypeKey` in the instance owned by `ownerKey`: 12 base62
 * characters starting with a letter (a valid public key and DOM id), the same for the same pair.
 */
export function instanceKey(ownerKey: string, prototypeKey: string): string {
  return derivedPublicKey(`${ownerKey}/${prototypeKey}`);
}

/**
 * A deep copy of `prototype` whose element keys (in the tree, the styles of every breakpoint and the
 * interactions) are the instance keys for `ownerKey`. The prototype itself is left unchanged.
 */
export function instantiatePrototype(prototype: SectionPrototype, ownerKey: string): SectionPrototype {
  return withElementKeys(prototype, (key) => instanceKey(ownerKey, key));
}
