// The edit rules: a list of changes applied to a project's draft in memory, every problem named by its path.
import {
  type Element,
  type Interaction,
  newPublicKey,
  type SectionStyles,
  textStyleSchema,
  themeTokenReferences,
  type Theme,
  walkElements,
} from '#folio/content';
import { type InputProblem } from '#folio/errors';
import { escapeHtml, fontStackProblem, isSafeCssProperty, isSafeCssValue, safeHref } from '#folio/render';
import {
  type EditChange,
  maxPageDescriptionLength,
  maxPageTitleLength,
  maxTextLength,
  maxUrlLength,
} from './edit-changes.js';

export interface DraftSection {
  /** Absent for a section this edit adds. */
  id?: string;
  key: string;
  title: string;
  type: string;
  externalId: string | null;
  librarySectionId: string | null;
  tree: Element;
  styles: SectionStyles;
  interactions: Interaction[];
  model: unknown;
}

export interface DraftPage {
  id: string;
  key: string;
  title: string;
  description: string;
  imageUrl: string | null;
  sections: DraftSection[];
}

/** What edits change: the theme and the pages with their sections, in order. */
export interface Draft {
  theme: Theme;
  breakpoints: string[];
  pages: DraftPage[];
}

export interface ChangedSection {
  pageKey: string;
  sectionKey: string;
  title: string;
}

export interface EditedDraft {
  draft: Draft;
  problems: InputProblem[];
  /** Keys of the pages whose meta or sections changed. */
  pages: Set<string>;
  themeChanged: boolean;
  /** The sections changed, added or moved, in the order first changed (removed ones by their old title). */
  changed: ChangedSection[];
}

const themeGroups = ['colors', 'spacing', 'radii'] as const;
const tokenName = /^[a-z][a-z0-9-]*$/;
const maxCssValueLength = 2_000;

/** Applies `changes` in order to a copy of `draft`; the caller writes nothing when `problems` is not empty. */
export function applyChanges(source: Draft, changes: readonly EditChange[]): EditedDraft {
  const result: EditedDraft = {
    draft: structuredClone(source),
    problems: [],
    pages: new Set(),
    themeChanged: false,
    changed: [],
  };
  changes.forEach((change, index) => applyOne(result, change, `changes[${index}]`));
  return result;
}

interface Located {
  page: DraftPage;
  section: DraftSection;
  index: number;
}

function findSection(draft: Draft, sectionKey: string): Located | null {
  for (const page of draft.pages) {
    const index = page.sections.findIndex((section) => section.key === sectionKey);
    if (index >= 0) return { page, section: page.sections[index], index };
  }
  return null;
}

function findElement(draft: Draft, elementKey: string): (Located & { element: Element }) | null {
  for (const page of draft.pages) {
    for (const [index, section] of page.sections.entries()) {
      for (const element of walkElements(section.tree)) {
        if (element.key === elementKey) return { page, section, index, element };
      }
    }
  }
  return null;
}

function touched(result: EditedDraft, page: DraftPage, section: DraftSection): void {
  result.pages.add(page.key);
  if (!result.changed.some((changed) => changed.sectionKey === section.key)) {
    result.changed.push({ pageKey: page.key, sectionKey: section.key, title: section.title });
  }
}

function applyOne(result: EditedDraft, change: EditChange, path: string): void {
  const { draft, problems } = result;
  const problem = (where: string, message: string): void => {
    problems.push({ path: `${path}${where}`, message });
  };
  switch (change.op) {
    case 'setText':
    case 'setStyle':
    case 'setImage':
    case 'setLink': {
      const found = findElement(draft, change.elementKey);
      if (!found) return problem('.elementKey', `no element ${change.elementKey} in this project`);
      const before = problems.length;
      editElement(found.element, found.section, change, draft, problem);
      if (problems.length === before) touched(result, found.page, found.section);
      return;
    }
    case 'addSection': {
      const page = draft.pages.find((candidate) => candidate.key === change.pageKey);
      if (!page) return problem('.pageKey', `no page ${change.pageKey} in this project`);
      const source = findSection(draft, change.sectionKey);
      if (!source) return problem('.sectionKey', `no section ${change.sectionKey} in this project`);
      const at = position(page, change.after);
      if (at === null) return problem('.after', `no section ${change.after} on page ${page.key}`);
      const copy = copied(source.section);
      page.sections.splice(at, 0, copy);
      return touched(result, page, copy);
    }
    case 'removeSection': {
      const found = findSection(draft, change.sectionKey);
      if (!found) return problem('.sectionKey', `no section ${change.sectionKey} in this project`);
      found.page.sections.splice(found.index, 1);
      return touched(result, found.page, found.section);
    }
    case 'moveSection': {
      const found = findSection(draft, change.sectionKey);
      if (!found) return problem('.sectionKey', `no section ${change.sectionKey} in this project`);
      if (change.after === change.sectionKey) return problem('.after', 'a section cannot go after itself');
      found.page.sections.splice(found.index, 1);
      const at = position(found.page, change.after);
      if (at === null) {
        found.page.sections.splice(found.index, 0, found.section);
        return problem('.after', `no section ${change.after} on page ${found.page.key}`);
      }
      found.page.sections.splice(at, 0, found.section);
      return touched(result, found.page, found.section);
    }
    case 'setTheme':
      return setTheme(result, change, problem);
    case 'setPageMeta': {
      const page = draft.pages.find((candidate) => candidate.key === change.pageKey);
      if (!page) return problem('.pageKey', `no page ${change.pageKey} in this project`);
      const before = problems.length;
      if (change.title !== undefined) {
        const title = change.title.trim();
        if (!title) problem('.title', 'give the page a title');
        else if (title.length > maxPageTitleLength) problem('.title', tooLong(maxPageTitleLength));
        else page.title = title;
      }
      if (change.description !== undefined) {
        if (change.description.length > maxPageDescriptionLength) {
          problem('.description', tooLong(maxPageDescriptionLength));
        } else page.description = change.description.trim();
      }
      // The URL itself is probed by the service, with the other images of the call.
      if (change.imageUrl !== undefined) page.imageUrl = change.imageUrl;
      if (problems.length === before) result.pages.add(page.key);
      return;
    }
    case 'undo':
      return problem('.op', 'undo is a call of its own: send it as the only change');
  }
}

type Report = (where: string, message: string) => void;

function editElement(
  element: Element,
  section: DraftSection,
  change: Extract<EditChange, { elementKey: string }>,
  draft: Draft,
  problem: Report,
): void {
  switch (change.op) {
    case 'setText':
      if (element.type !== 'text' && element.type !== 'button') {
        return problem('.elementKey', `element ${element.key} is ${element.type}, not text`);
      }
      if (element.children?.length) {
        return problem('.elementKey', `element ${element.key} holds other elements; set the text of those`);
      }
      if ([...change.text].length > maxTextLength) return problem('.text', tooLong(maxTextLength));
      element.text = escapeHtml(change.text);
      return;
    case 'setStyle': {
      const breakpoint = change.breakpoint ?? draft.breakpoints[0];
      if (!draft.breakpoints.includes(breakpoint)) {
        return problem('.breakpoint', `expected one of ${draft.breakpoints.join(', ')}`);
      }
      const declarations = { ...section.styles[breakpoint]?.[element.key] };
      for (const [property, value] of Object.entries(change.style)) {
        const where = `.style.${property}`;
        if (!isSafeCssProperty(property) || !/^(--)?[a-z][a-z0-9-]*$/.test(property)) {
          problem(where, 'expected a CSS property in kebab-case, such as color or font-size');
        } else if (value === null) {
          delete declarations[property];
        } else {
          const message = cssValueProblem(value, draft.theme);
          if (message) problem(where, message);
          else declarations[property] = value;
        }
      }
      const byElement = { ...section.styles[breakpoint] };
      if (Object.keys(declarations).length) byElement[element.key] = declarations;
      else delete byElement[element.key];
      section.styles = { ...section.styles, [breakpoint]: byElement };
      return;
    }
    case 'setImage':
      if (element.type !== 'image')
        return problem('.elementKey', `element ${element.key} is ${element.type}, not image`);
      if (change.alt !== undefined && change.alt.length > 1_000) return problem('.alt', tooLong(1_000));
      element.src = change.url;
      delete element.asset;
      if (change.alt !== undefined) element.alt = change.alt;
      return;
    case 'setLink':
      if (change.href.length > maxUrlLength) return problem('.href', tooLong(maxUrlLength));
      if (safeHref(change.href) === null) {
        return problem('.href', 'expected an http(s), mailto: or tel: link, a #fragment or a /path');
      }
      element.href = change.href.trim();
      return;
  }
}

/** Why a CSS value is refused (the renderer would drop it, or it names a token the theme lacks), or null. */
function cssValueProblem(value: string, theme: Theme): string | null {
  if (value.length > maxCssValueLength) return tooLong(maxCssValueLength);
  if (!isSafeCssValue(value)) {
    return 'expected a CSS value such as #E4572E or 1.5rem (no ; { } < or /*, balanced quotes and parentheses)';
  }
  const groups = { color: theme.colors, space: theme.spacing, radius: theme.radii };
  const unknown = themeTokenReferences(value).find((token) => !(token.name in groups[token.group]));
  return unknown ? `unknown theme token --${unknown.group}-${unknown.name}` : null;
}

function setTheme(
  result: EditedDraft,
  change: Extract<EditChange, { op: 'setTheme' }>,
  problem: Report,
): void {
  const theme = result.draft.theme;
  const before = JSON.stringify(theme);
  for (const group of themeGroups) {
    for (const [token, value] of Object.entries(change[group] ?? {})) {
      const where = `.${group}.${token}`;
      if (!tokenName.test(token)) problem(where, 'expected a token name in kebab-case, such as primary');
      else if (value === null) delete theme[group][token];
      else if (value.length > 100 || !isSafeCssValue(value) || themeTokenReferences(value).length) {
        problem(where, 'expected a plain CSS value such as #E4572E or 1.5rem');
      } else theme[group][token] = value;
    }
  }
  for (const [name, style] of Object.entries(change.textStyles ?? {})) {
    const where = `.textStyles.${name}`;
    if (!tokenName.test(name)) {
      problem(where, 'expected a text style name in kebab-case, such as h1');
      continue;
    }
    const merged = textStyleSchema.safeParse({ ...theme.textStyles[name], ...style });
    if (!merged.success) {
      for (const issue of merged.error.issues) problem(`${where}.${issue.path.join('.')}`, issue.message);
      continue;
    }
    const fontProblem = fontStackProblem(merged.data.fontFamily);
    const values = Object.entries(merged.data).filter(([, value]) => typeof value === 'string');
    const unsafe = values.find(([, value]) => !isSafeCssValue(value as string));
    if (fontProblem) problem(`${where}.fontFamily`, fontProblem);
    else if (unsafe) problem(`${where}.${unsafe[0]}`, 'expected a plain CSS value');
    else theme.textStyles[name] = merged.data;
  }
  if (JSON.stringify(theme) !== before) result.themeChanged = true;
}

/** Where a section goes after `after` on the page (null: first), or null when no such section is there. */
function position(page: DraftPage, after: string | null): number | null {
  if (after === null) return 0;
  const index = page.sections.findIndex((section) => section.key === after);
  return index < 0 ? null : index + 1;
}

/** A copy of a section under new keys, its own and its elements' (which double as DOM ids on the page). */
function copied(section: DraftSection): DraftSection {
  let design = JSON.stringify({
    tree: section.tree,
    styles: section.styles,
    interactions: section.interactions,
  });
  for (const element of walkElements(section.tree)) design = design.replaceAll(element.key, newPublicKey());
  const { tree, styles, interactions } = JSON.parse(design) as Pick<
    DraftSection,
    'tree' | 'styles' | 'interactions'
  >;
  const { id: _id, ...rest } = structuredClone(section);
  return { ...rest, key: newPublicKey(), externalId: null, tree, styles, interactions };
}

function tooLong(max: number): string {
  return `too long: at most ${max} characters`;
}
