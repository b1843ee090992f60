/**
 * The template-dependent rules of a create-from-template body: sections against the template's section
 * types, pinned items against its pinned definitions, ids and paths that must be unique. The DTOs have
 * already checked the types of the top-level and page properties.
 */
import {
  type TemplateField,
  type TemplatePinned,
  type TemplateSchema,
  type TemplateSectionType,
} from '#folio/content';
import { isUnstorableText, unstorableTextMessage } from '#folio/db';
import { type InputProblem } from '#folio/errors';
import { normalizePagePath } from '#folio/projects';
import { isSafeCssValue } from '#folio/render';
import { type TemplatePageInput, type TemplateProjectInput } from './template-body.js';
import { templateLimits } from './template-limits.js';

/** An absolute https URL (JSON Schema `pattern`); the checker also requires it to parse. */
export const imageUrlPattern = '^https://[^\\s/?#]+([/?#]\\S*)?$';

/**
 * Never allowed in a style value, even inside quotes (JSON Schema `pattern`): `<`, `{`, `}`, `;`, `/*`,
 * and blank values. The checker also wants balanced quotes and parentheses (`isSafeCssValue`).
 */
export const cssValuePattern = '^(?![\\s\\S]*/\\*)(?=[\\s\\S]*\\S)[^<{};]*$';

const imageUrl = new RegExp(imageUrlPattern, 'u');
const cssValue = new RegExp(cssValuePattern, 'u');

export interface TemplateBodyCheck {
  problems: InputProblem[];
  /** The body's pinned values by pinned id, whichever form it used. */
  pinned: Record<string, Record<string, unknown>>;
}

type Report = (path: string, message: string) => void;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Lengths count characters (code points), as JSON Schema's `maxLength` does. */
function longerThan(value: string, max: number): boolean {
  return value.length > max && [...value].length > max;
}

function isId(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && !longerThan(value, templateLimits.idLength);
}

const idMessage = `expected a string of 1–${templateLimits.idLength} characters`;

function tooLong(max: number): string {
  return `too long: at most ${max} characters`;
}

function alsoUsedBy(value: string, firstPath: string): string {
  return `${JSON.stringify(value)} is also used by ${firstPath}`;
}

/** Remembers the first path of each value and reports later ones. */
function uniqueness(report: Report): (value: string, path: string) => void {
  const seen = new Map<string, string>();
  return (value, path) => {
    const first = seen.get(value);
    if (first === undefined) seen.set(value, path);
    else report(path, alsoUsedBy(value, first));
  };
}

function valueProblem(field: TemplateField, value: unknown): string | undefined {
  switch (field.kind) {
    case 'text':
      if (typeof value !== 'string') return 'expected text';
      return longerThan(value, templateLimits.textLength) ? tooLong(templateLimits.textLength) : undefined;
    case 'html':
      if (typeof value !== 'string') return 'expected HTML text';
      return longerThan(value, templateLimits.htmlLength) ? tooLong(templateLimits.htmlLength) : undefined;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'expected a number';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'expected true or false';
    case 'image':
      if (typeof value !== 'string') return 'expected an https image URL';
      if (longerThan(value, templateLimits.urlLength)) return tooLong(templateLimits.urlLength);
      if (value.startsWith('http://')) return 'expected an https image URL, not http:';
      return imageUrl.test(value) && URL.canParse(value) ? undefined : 'expected an https image URL';
    case 'style':
      if (typeof value !== 'string') return 'expected a CSS value';
      if (longerThan(value, templateLimits.styleLength)) return tooLong(templateLimits.styleLength);
      return cssValue.test(value) && isSafeCssValue(value)
        ? undefined
        : 'expected a CSS value such as #E4572E or 1.5rem (no ; { } < or /*, balanced quotes and parentheses)';
  }
}

/** Collects the problems of one body against one template. */
class BodyChecker {
  readonly problems: InputProblem[] = [];
  readonly pinned: Record<string, Record<string, unknown>> = {};
  private readonly types: Map<string, TemplateSectionType>;
  private readonly definitions: Map<string, TemplatePinned>;

  constructor(schema: TemplateSchema) {
    this.types = new Map(schema.sectionTypes.map((type) => [type.type, type]));
    this.definitions = new Map(schema.pinned.map((item) => [item.id, item]));
  }

  readonly report: Report = (path, message) => {
    this.problems.push({ path, message });
  };

  checkPages(pages: TemplatePageInput[]): void {
    const sectionCount = pages.reduce((sum, page) => sum + (page.data?.length ?? 0), 0);
    if (sectionCount > templateLimits.sections) {
      this.report(
        'pages',
        `${sectionCount} sections over all pages; at most ${templateLimits.sections} per request: send fewer pages per call`,
      );
      return;
    }
    const uniquePageId = uniqueness(this.report);
    const pathsSeen = new Map<string, string>();
    pages.forEach((page, index) => {
      const pagePath = `pages[${index}]`;
      if (page.id !== undefined) uniquePageId(page.id, `${pagePath}.id`);
      if (page.path !== undefined) {
        const normalized = normalizePagePath(page.path);
        const first = pathsSeen.get(normalized);
        if (first === undefined) pathsSeen.set(normalized, `${pagePath}.path`);
        else
          this.report(`${pagePath}.path`, `${JSON.stringify(page.path)} is the same page path as ${first}`);
      }
      const uniquePinned = uniqueness(this.report);
      (page.pinned ?? []).forEach((id, position) => {
        const path = `${pagePath}.pinned[${position}]`;
        if (this.definitions.has(id)) uniquePinned(id, path);
        else this.report(path, this.unknownPinned(id));
      });
      this.checkSections(page.data ?? [], `${pagePath}.data`);
    });
  }

  checkPinned(input: unknown): void {
    if (Array.isArray(input)) {
      const uniqueId = uniqueness(this.report);
      input.forEach((entry: unknown, index) => {
        const path = `pinned[${index}]`;
        if (!isObject(entry)) {
          this.report(path, 'expected an object with the id of a pinned item and its fields');
        } else if (!Object.hasOwn(entry, 'id')) {
          this.report(`${path}.id`, `required: the pinned item’s id; ${this.pinnedChoices()}`);
        } else if (typeof entry.id !== 'string' || !this.definitions.has(entry.id)) {
          this.report(`${path}.id`, this.unknownPinned(entry.id));
        } else {
          uniqueId(entry.id, `${path}.id`);
          this.checkPinnedValues(entry.id, entry, path, ['id']);
        }
      });
    } else if (isObject(input)) {
      for (const [id, values] of Object.entries(input)) {
        const path = `pinned.${id}`;
        if (!this.definitions.has(id)) this.report(path, this.unknownPinned(id));
        else if (!isObject(values)) this.report(path, 'expected an object of field values');
        else this.checkPinnedValues(id, values, path, []);
      }
    } else if (input !== undefined) {
      this.report('pinned', 'expected an object keyed by pinned item id, or an array of { id, …fields }');
    }
  }

  private checkSections(sections: unknown[], dataPath: string): void {
    const typeList = [...this.types.keys()].join(', ');
    const uniqueId = uniqueness(this.report);
    sections.forEach((section, index) => {
      const path = `${dataPath}[${index}]`;
      if (!isObject(section)) {
        this.report(path, 'expected an object with _type');
        return;
      }
      if (Object.hasOwn(section, 'id')) {
        if (isId(section.id)) uniqueId(section.id, `${path}.id`);
        else this.report(`${path}.id`, idMessage);
      }
      if (!Object.hasOwn(section, '_type')) {
        this.report(`${path}._type`, `required: the section type, one of ${typeList}`);
        return;
      }
      const type = typeof section._type === 'string' ? this.types.get(section._type) : undefined;
      if (!type) {
        this.report(
          `${path}._type`,
          `unknown section type ${JSON.stringify(section._type)}; expected one of ${typeList}`,
        );
        return;
      }
      this.checkFieldValues(`section type "${type.type}"`, type.fields, section, path, ['_type', 'id']);
    });
  }

  private checkPinnedValues(
    id: string,
    values: Record<string, unknown>,
    path: string,
    reserved: readonly string[],
  ): void {
    this.checkFieldValues(`pinned item "${id}"`, this.definitions.get(id)!.fields, values, path, reserved);
    this.pinned[id] = Object.fromEntries(Object.entries(values).filter(([name]) => !reserved.includes(name)));
  }

  /** `reserved` are the properties that are not fields (`_type`, `id`). */
  private checkFieldValues(
    owner: string,
    fields: TemplateField[],
    values: Record<string, unknown>,
    path: string,
    reserved: readonly string[],
  ): void {
    const byName = new Map(fields.map((field) => [field.name, field]));
    for (const [name, value] of Object.entries(values)) {
      if (reserved.includes(name)) continue;
      const field = byName.get(name);
      if (!field) {
        this.report(
          `${path}.${name}`,
          fields.length
            ? `unknown field of ${owner}; its fields: ${fields.map((f) => f.name).join(', ')}`
            : `${owner} has no fields`,
        );
        continue;
      }
      const problem = valueProblem(field, value);
      if (problem) this.report(`${path}.${name}`, problem);
    }
    for (const field of fields) {
      if (field.required && !Object.hasOwn(values, field.name)) {
        this.report(`${path}.${field.name}`, `required by ${owner} (${field.kind})`);
      }
    }
  }

  private pinnedChoices(): string {
    return this.definitions.size
      ? `the template pins: ${[...this.definitions.keys()].join(', ')}`
      : 'the template pins nothing';
  }

  private unknownPinned(id: unknown): string {
    return `unknown pinned item ${JSON.stringify(id)}; ${this.pinnedChoices()}`;
  }
}

/** All problems of `body` against the template's `schema`, and the pinned values in object form. */
export function checkTemplateBody(schema: TemplateSchema, body: TemplateProjectInput): TemplateBodyCheck {
  const checker = new BodyChecker(schema);
  checker.checkPages(body.pages ?? []);
  checker.checkPinned(body.pinned);
  const problems = [...checker.problems, ...unstorableTextProblems(body, '')];
  return { problems: capped(problems), pinned: checker.pinned };
}

/** The answer lists this many problems at most, and says how many more there were. */
export const maxReportedProblems = 100;

function capped(problems: InputProblem[]): InputProblem[] {
  if (problems.length <= maxReportedProblems) return problems;
  const more = problems.length - maxReportedProblems;
  return [
    ...problems.slice(0, maxReportedProblems),
    { path: '', message: `…and ${more} more problems; fix these and send the body again.` },
  ];
}

/**
 * Strings PostgreSQL cannot store anywhere in `value` (a NUL character, or a lone UTF-16 surrogate, which
 * JSON allows but text and jsonb refuse), at their JSON paths.
 */
export function unstorableTextProblems(value: unknown, path: string): InputProblem[] {
  if (typeof value === 'string') {
    return isUnstorableText(value) ? [{ path, message: unstorableTextMessage }] : [];
  }
  if (Array.isArray(value))
    return value.flatMap((item, index) => unstorableTextProblems(item, `${path}[${index}]`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => [
      ...unstorableTextProblems(key, path ? `${path}.${key}` : key),
      ...unstorableTextProblems(item, path ? `${path}.${key}` : key),
    ]);
  }
  return [];
}
