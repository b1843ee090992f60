/**
 * Project sections are derived from library designs: a fresh section key, element keys re-hashed from
 * it (so one design can appear on many pages without repeating a DOM id), project copy put into the
 * named slots, and, for mobile-first projects, the styles turned around.
 */
import {
  toMobileFirst,
  walkElements,
  withElementKeys,
  type Element,
  type Interaction,
  type SectionStyles,
} from '#folio/content';
import { k } from './keys.js';
import { sectionKey, type Css } from './section-builder.js';
import { type SectionDesign } from './seed-content.types.js';

type Breakpoint = 'desktop' | 'tablet' | 'mobile';

/** A copy of `section` under `newKey`; each element key becomes `k("<newKey>/<old element key>")`. */
export function rekey(section: SectionDesign, newKey: string): SectionDesign {
  const known = new Set([...walkElements(section.tree)].map((element) => element.key));
  const { tree, styles, interactions } = withElementKeys(section, (old) => {
    if (!known.has(old)) throw new Error(`${section.title}: no element ${old}`);
    return k(`${newKey}/${old}`);
  });
  const result: SectionDesign = { key: newKey, title: section.title, role: section.role, tree, styles };
  if (section.interactions) result.interactions = interactions;
  return result;
}

export interface SlotContent {
  text?: string;
  /** Another tag for the element: `h1` for the heading that opens a page. */
  tag?: string;
  src?: string;
  alt?: string;
  href?: string;
}

export interface Derivation {
  /** Readable id, unique across the seed (`northwind/home/hero`); the section key is hashed from it. */
  id: string;
  title?: string;
  /** New slot content by element name; a string replaces the text. */
  content?: Record<string, string | SlotContent>;
  /** Elements (with their subtrees) to drop, by name. */
  remove?: string[];
  /** Extra declarations by element name, written desktop-first like the library styles. */
  styles?: Partial<Record<Breakpoint, Record<string, Css>>>;
  /** `mobile` converts the styles to mobile-first. */
  preset?: 'desktop' | 'mobile';
}

/** A project section from a library design, with its own keys and copy. Unknown names throw. */
export function derive(from: SectionDesign, d: Derivation): SectionDesign {
  const byName = new Map<string, Element>();
  for (const element of walkElements(from.tree)) {
    if (element.name) byName.set(element.name, element);
  }
  const find = (name: string): Element => {
    const element = byName.get(name);
    if (!element) throw new Error(`${d.id}: "${from.title}" has no element named "${name}"`);
    return element;
  };

  const removed = new Set<string>();
  for (const name of d.remove ?? []) {
    for (const element of walkElements(find(name))) removed.add(element.key);
  }
  const content = new Map<string, SlotContent>();
  for (const [name, value] of Object.entries(d.content ?? {})) {
    content.set(find(name).key, typeof value === 'string' ? { text: value } : value);
  }

  const edit = (element: Element): Element => {
    const clone: Element = { ...element, ...content.get(element.key) };
    if (element.children)
      clone.children = element.children.filter((child) => !removed.has(child.key)).map(edit);
    return clone;
  };
  const tree = edit(from.tree);

  const styles: SectionStyles = {};
  for (const [breakpoint, byElement] of Object.entries(from.styles)) {
    styles[breakpoint] = Object.fromEntries(
      Object.entries(byElement)
        .filter(([key]) => !removed.has(key))
        .map(([key, declarations]) => [key, { ...declarations }]),
    );
  }
  for (const [breakpoint, byName] of Object.entries(d.styles ?? {})) {
    for (const [name, declarations] of Object.entries(byName)) {
      const key = find(name).key;
      styles[breakpoint] ??= {};
      styles[breakpoint][key] = { ...styles[breakpoint][key], ...declarations };
    }
  }

  const interactions: Interaction[] = [];
  for (const interaction of from.interactions ?? []) {
    if (removed.has(interaction.trigger.elementKey)) continue;
    const actions = interaction.actions.filter((action) => !removed.has(action.targetKey));
    if (actions.length) interactions.push({ ...interaction, actions });
  }

  const edited: SectionDesign = { ...from, title: d.title ?? from.title, tree, styles };
  if (interactions.length) edited.interactions = interactions;
  else delete edited.interactions;

  const section = rekey(edited, sectionKey(d.id));
  if (d.preset === 'mobile') section.styles = toMobileFirst(section.styles);
  return section;
}

/**
 * Content for numbered slots: `numbered('Feature', [{ icon: { src: 'zap' }, title: 'Fast' }])` gives
 * `{ 'Feature 1 icon': { src: 'zap' }, 'Feature 1 title': 'Fast' }`; the slot `''` names the item itself.
 */
export function numbered(
  label: string,
  items: Record<string, string | SlotContent>[],
): Record<string, string | SlotContent> {
  const content: Record<string, string | SlotContent> = {};
  items.forEach((item, i) => {
    for (const [slot, value] of Object.entries(item))
      content[slot ? `${label} ${i + 1} ${slot}` : `${label} ${i + 1}`] = value;
  });
  return content;
}
