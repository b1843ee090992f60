/**
 * Template field values applied to a section: bound element properties (text, src, alt, href, visible)
 * and style fields (`--name`) as custom properties on the section root. Used by embeds'
 * `templateVariables` and by the template API.
 */
import { breakpointNames, type Element, type SnapshotSection, type TemplateField } from '#folio/content';
import { escapeHtml } from './html-escape.js';
import { instanceKey, instantiatePrototype, type SectionPrototype } from './template-instance.js';

function asText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return null;
}

function asBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === '1' || value === 1) return true;
  if (value === 'false' || value === '0' || value === 0) return false;
  return null;
}

function cloneTree(element: Element): Element {
  const copy: Element = { ...element };
  if (element.children) copy.children = element.children.map(cloneTree);
  return copy;
}

function findElement(root: Element, key: string): Element | undefined {
  if (root.key === key) return root;
  for (const child of root.children ?? []) {
    const found = findElement(child, key);
    if (found) return found;
  }
  return undefined;
}

function removeElement(root: Element, key: string): void {
  if (!root.children) return;
  root.children = root.children.filter((child) => child.key !== key);
  for (const child of root.children) removeElement(child, key);
}

/**
 * A copy of `section` with `values` (by field name) applied through the fields' bindings. Text fields are
 * plain text (escaped), html fields stay HTML (sanitized when rendered), image fields replace the source
 * (and drop the element's asset). A `visible` field set to false removes the element; hiding the section
 * root is not possible and is ignored. Values of unknown fields, and values of the wrong type, are ignored.
 * A bound element is found by its instance key for `section` (sections made from the prototype), else by
 * the prototype's key itself (sections that were not, such as those of projects made before instance keys).
 */
export function applyTemplateValues(
  section: SnapshotSection,
  fields: TemplateField[],
  values: Record<string, unknown>,
): SnapshotSection {
  const tree = cloneTree(section.tree);
  const styles: SnapshotSection['styles'] = {};
  for (const [breakpoint, byElement] of Object.entries(section.styles ?? {})) {
    styles[breakpoint] = Object.fromEntries(
      Object.entries(byElement).map(([key, declarations]) => [key, { ...declarations }]),
    );
  }
  const hidden: string[] = [];

  for (const field of fields) {
    if (!Object.hasOwn(values, field.name)) continue;
    const value = values[field.name];
    if (value === undefined || value === null) continue;
    const binding = field.binding;

    if ('property' in binding) {
      const text = asText(value);
      if (text === null) continue;
      // The same value at every breakpoint, so it wins whatever the preset's cascade.
      for (const breakpoint of new Set([...breakpointNames, ...Object.keys(styles)])) {
        styles[breakpoint] ??= {};
        styles[breakpoint][tree.key] = { ...styles[breakpoint][tree.key], [binding.property]: text };
      }
      continue;
    }

    const element =
      findElement(tree, instanceKey(section.key, binding.elementKey)) ??
      findElement(tree, binding.elementKey);
    if (!element) continue;
    if (binding.target === 'visible') {
      const visible = asBoolean(value);
      if (visible === false && element !== tree) hidden.push(element.key);
      continue;
    }
    const text = asText(value);
    if (text === null) continue;
    switch (binding.target) {
      case 'text':
        element.text = field.kind === 'html' ? text : escapeHtml(text);
        break;
      case 'src':
        element.src = text;
        delete element.asset;
        break;
      case 'alt':
        element.alt = text;
        break;
      case 'href':
        element.href = text;
        break;
    }
  }
  for (const key of hidden) removeElement(tree, key);
  return { ...section, tree, styles };
}

/**
 * The section `section` (its key, title and type) made from `prototype` with `values` applied through the
 * fields' bindings: a stored template section, or a pinned item at render time.
 */
export function fillPrototype(
  prototype: SectionPrototype,
  fields: TemplateField[],
  values: Record<string, unknown>,
  section: Pick<SnapshotSection, 'key' | 'title' | 'type'>,
): SnapshotSection {
  return applyTemplateValues({ ...section, ...instantiatePrototype(prototype, section.key) }, fields, values);
}
