/**
 * Sections made from a template prototype get their own element keys, so the same prototype can appear
 * several times on one page (and across pages) without duplicate DOM ids or shared style rules.
 */
import { derivedPublicKey, type Element, type TemplateSectionType, walkElements } from '#folio/content';

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
  const rekey = (key: string) => instanceKey(ownerKey, key);
  const tree: Element = structuredClone(prototype.tree);
  for (const element of walkElements(tree)) element.key = rekey(element.key);

  const styles: SectionPrototype['styles'] = {};
  for (const [breakpoint, byElement] of Object.entries(prototype.styles ?? {})) {
    styles[breakpoint] = Object.fromEntries(
      Object.entries(byElement).map(([key, declarations]) => [rekey(key), { ...declarations }]),
    );
  }

  const interactions = structuredClone(prototype.interactions ?? []);
  for (const interaction of interactions) {
    interaction.trigger.elementKey = rekey(interaction.trigger.elementKey);
    for (const action of interaction.actions) action.targetKey = rekey(action.targetKey);
  }
  return { tree, styles, interactions };
}
