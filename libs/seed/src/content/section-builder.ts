/**
 * A small builder for seed sections: element specs carry readable local ids and their own responsive
 * declarations; `design()` turns them into an element tree with hashed keys plus per-breakpoint styles.
 */
import { type Element, type ElementType, type Interaction, type SectionStyles } from '#folio/content';
import { k } from './keys.js';
import { type SectionDesign, type SectionRole } from './seed-content.types.js';

export type Css = Record<string, string>;

/** Declarations written desktop-first: `css` is the base, `tablet` and `mobile` override it. */
export interface Look {
  css?: Css;
  tablet?: Css;
  mobile?: Css;
}

export interface Spec extends Look {
  /** Local id, unique within the section; the element key is hashed from it. */
  id: string;
  type: ElementType;
  /** Slot name shown in the editor and read by the library analyser; unique within the section. */
  name: string;
  tag?: string;
  text?: string;
  textStyle?: string;
  src?: string;
  href?: string;
  alt?: string;
  children?: Spec[];
}

export type Props = Omit<Spec, 'id' | 'type' | 'name' | 'children'>;

/** Merges props; later parts win per property, and their declarations merge per breakpoint. */
export function look(...parts: (Props | undefined)[]): Props {
  const merged: Props = {};
  const css: Css = {};
  const tablet: Css = {};
  const mobile: Css = {};
  for (const part of parts) {
    if (!part) continue;
    const { css: base, tablet: t, mobile: m, ...rest } = part;
    Object.assign(merged, rest);
    Object.assign(css, base);
    Object.assign(tablet, t);
    Object.assign(mobile, m);
  }
  return { ...merged, css, tablet, mobile };
}

export function frame(id: string, name: string, props: Props, children: Spec[] = []): Spec {
  return { id, type: 'frame', name, ...props, children };
}

export function text(id: string, name: string, html: string, props: Props = {}): Spec {
  return { id, type: 'text', name, text: html, textStyle: 'body', ...props };
}

export function image(id: string, name: string, src: string, alt: string, props: Props = {}): Spec {
  return { id, type: 'image', name, src, alt, ...props };
}

/** A Lucide icon by name, rendered as an inline SVG inside a span. */
export function icon(id: string, name: string, lucideName: string, props: Props = {}): Spec {
  return { id, type: 'icon', name, src: lucideName, ...props };
}

/** A link styled as a button (renders as `a`); an empty label with children makes an icon link. */
export function button(
  id: string,
  name: string,
  label: string,
  href: string,
  props: Props = {},
  children: Spec[] = [],
): Spec {
  const spec: Spec = { id, type: 'button', name, href, textStyle: 'button', ...props };
  if (label) spec.text = label;
  if (children.length) spec.children = children;
  return spec;
}

/** Defaults that keep a section independent of the host page's stylesheet. */
function baseDeclarations(spec: Spec): Css {
  switch (spec.type) {
    case 'text':
      return { margin: '0' };
    case 'image':
      return { display: 'block', 'max-width': '100%' };
    case 'frame':
    case 'button':
      return { 'box-sizing': 'border-box' };
    default:
      return {};
  }
}

/**
 * Initial values of properties that responsive overrides commonly set. A tablet or mobile override of one
 * of these without a desktop value gets this value as its desktop base, so the design converts to
 * mobile-first exactly; any other property needs an explicit desktop value.
 */
const initialValues: Css = {
  'flex-direction': 'row',
  'align-items': 'normal',
  'justify-content': 'normal',
  width: 'auto',
  height: 'auto',
  'max-width': 'none',
  'min-height': 'auto',
  'grid-column': 'auto',
  'grid-row': 'auto',
  order: '0',
  'aspect-ratio': 'auto',
};

function desktopBase(sectionId: string, spec: Spec): Css {
  const base: Css = { ...baseDeclarations(spec), ...spec.css };
  for (const property of [...Object.keys(spec.tablet ?? {}), ...Object.keys(spec.mobile ?? {})]) {
    if (property in base) continue;
    if (!(property in initialValues)) {
      throw new Error(
        `${sectionId}/${spec.id}: "${property}" is overridden on tablet or mobile but has no desktop value`,
      );
    }
    base[property] = initialValues[property];
  }
  return base;
}

export interface SectionDef {
  /** Readable id, unique across the seed: `starter/hero-centered`. Keys are hashed from it. */
  id: string;
  title: string;
  role: SectionRole;
  tree: Spec;
  /** Interactions written with local ids; they are mapped to element keys. */
  interactions?: Interaction[];
}

export function elementKey(sectionId: string, localId: string): string {
  return k(`${sectionId}/${localId}`);
}

export function sectionKey(sectionId: string): string {
  return k(`section/${sectionId}`);
}

export function design(def: SectionDef): SectionDesign {
  const keys = new Map<string, string>();
  const names = new Set<string>();
  const styles: SectionStyles = { desktop: {}, tablet: {}, mobile: {} };

  const build = (spec: Spec): Element => {
    if (keys.has(spec.id)) throw new Error(`${def.id}: duplicate element id "${spec.id}"`);
    if (names.has(spec.name)) throw new Error(`${def.id}: duplicate element name "${spec.name}"`);
    const key = elementKey(def.id, spec.id);
    keys.set(spec.id, key);
    names.add(spec.name);

    const base = desktopBase(def.id, spec);
    if (Object.keys(base).length) styles.desktop[key] = base;
    if (spec.tablet && Object.keys(spec.tablet).length) styles.tablet[key] = { ...spec.tablet };
    if (spec.mobile && Object.keys(spec.mobile).length) styles.mobile[key] = { ...spec.mobile };

    const element: Element = { key, type: spec.type, name: spec.name };
    if (spec.tag !== undefined) element.tag = spec.tag;
    if (spec.text !== undefined) element.text = spec.text;
    if (spec.textStyle !== undefined) element.textStyle = spec.textStyle;
    if (spec.src !== undefined) element.src = spec.src;
    if (spec.href !== undefined) element.href = spec.href;
    if (spec.alt !== undefined) element.alt = spec.alt;
    if (spec.children?.length) element.children = spec.children.map(build);
    return element;
  };

  const tree = build(def.tree);
  const keyOf = (localId: string): string => {
    const key = keys.get(localId);
    if (!key) throw new Error(`${def.id}: interaction refers to unknown element "${localId}"`);
    return key;
  };
  const section: SectionDesign = { key: sectionKey(def.id), title: def.title, role: def.role, tree, styles };
  if (def.interactions?.length) {
    section.interactions = def.interactions.map((interaction) => ({
      trigger: { ...interaction.trigger, elementKey: keyOf(interaction.trigger.elementKey) },
      actions: interaction.actions.map((action) => ({ ...action, targetKey: keyOf(action.targetKey) })),
    }));
  }
  return section;
}
