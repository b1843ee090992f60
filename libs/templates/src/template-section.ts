// A template section type filled with a caller's values: the stored form of one `{ _type, … }` section.
import { type Element, type Interaction, type SectionStyles, type TemplateSectionType } from '#folio/content';
import { fillPrototype } from '#folio/render';

export interface BuiltSection {
  title: string;
  tree: Element;
  styles: SectionStyles;
  interactions: Interaction[];
  /** The raw content model: what the section was made from. */
  model: { template: { _type: string; values: Record<string, unknown> } };
}

/**
 * The prototype with element keys of its own (derived from `sectionKey`, so an update rebuilds the same
 * keys) and `values` applied through the fields' bindings. `values` holds field values only, checked.
 */
export function buildTemplateSection(
  sectionType: TemplateSectionType,
  sectionKey: string,
  values: Record<string, unknown>,
): BuiltSection {
  const filled = fillPrototype(sectionType.prototype, sectionType.fields, values, {
    key: sectionKey,
    title: sectionType.title,
    type: sectionType.type,
  });
  return {
    title: sectionType.title,
    tree: filled.tree,
    styles: filled.styles,
    interactions: filled.interactions,
    model: { template: { _type: sectionType.type, values } },
  };
}
