/**
 * A template schema made from a project: each section type or pinned item is one of the project's
 * sections used as its prototype as it is, with fields marking which elements callers fill in.
 */
import {
  fieldBindingSchema,
  templateSchemaSchema,
  walkElements,
  type SnapshotSection,
  type TemplateField,
  type TemplateFieldKind,
  type TemplateSchema,
} from '#folio/content';
import { InvalidInputError, type InputProblem } from '#folio/errors';

type BindingTarget = 'text' | 'src' | 'alt' | 'href' | 'visible';

/** One field: non-style fields bind an element (`elementKey` + `target`), style fields a `property`. */
export interface FieldMark {
  name: string;
  kind: TemplateFieldKind;
  required?: boolean;
  description?: string;
  elementKey?: string;
  target?: BindingTarget;
  property?: string;
}

export interface SectionTypeMark {
  sectionKey: string;
  type: string;
  title?: string;
  description?: string;
  fields: FieldMark[];
}

export interface PinnedMark {
  sectionKey: string;
  id: string;
  title?: string;
  description?: string;
  placement: 'top' | 'bottom';
  fields: FieldMark[];
}

export interface TemplateFromProjectRequest {
  sectionTypes: SectionTypeMark[];
  pinned?: PinnedMark[];
}

type ProjectSection = Pick<SnapshotSection, 'key' | 'title' | 'tree' | 'styles' | 'interactions'>;

/** The element properties a value of each kind can go to (see applyTemplateValues). */
const targetsByKind: Record<Exclude<TemplateFieldKind, 'style'>, readonly BindingTarget[]> = {
  text: ['text', 'alt', 'href'],
  number: ['text', 'alt', 'href'],
  html: ['text'],
  image: ['src'],
  boolean: ['visible'],
};

/** `a.b[3].c` from a zod issue path. */
function pathText(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index ? '.' : ''}${String(part)}`))
    .join('');
}

function alsoUsedBy(value: string, firstPath: string): string {
  return `${JSON.stringify(value)} is also used by ${firstPath}`;
}

class Problems {
  readonly list: InputProblem[] = [];
  /** Paths whose problems are already reported in terms of the request (schema issues below them are not). */
  readonly covered: string[] = [];

  report(path: string, message: string): void {
    this.list.push({ path, message });
  }

  isCovered(path: string): boolean {
    return this.covered.some((prefix) => path === prefix || path.startsWith(`${prefix}.`));
  }
}

/** `elementKeys` of the marked section, unknown when the section is missing. */
function checkMark(
  mark: FieldMark,
  elementKeys: Set<string> | undefined,
  path: string,
  problems: Problems,
): void {
  if (mark.name === 'id') problems.report(`${path}.name`, '"id" is the caller’s own id in request bodies');
  if (mark.kind === 'style') {
    if (mark.elementKey !== undefined || mark.target !== undefined) {
      problems.report(
        `${path}.elementKey`,
        'style fields set a CSS custom property on the section root: give property, not elementKey/target',
      );
    }
    if (!mark.name.startsWith('--')) {
      problems.report(`${path}.name`, 'a style field is named after its CSS custom property, e.g. --accent');
    } else if (mark.property !== mark.name) {
      problems.report(`${path}.property`, `expected ${JSON.stringify(mark.name)}, the field name`);
    } else if (!fieldBindingSchema.safeParse({ property: mark.property }).success) {
      problems.report(
        `${path}.property`,
        'expected a CSS custom property: -- then lowercase letters, digits or -',
      );
    }
    return;
  }
  if (mark.property !== undefined) problems.report(`${path}.property`, 'only style fields take a property');
  if (mark.elementKey === undefined) {
    problems.report(`${path}.elementKey`, 'required: the key of the element this field fills in');
  } else if (elementKeys && !elementKeys.has(mark.elementKey)) {
    problems.report(`${path}.elementKey`, `no element ${JSON.stringify(mark.elementKey)} in that section`);
  }
  const targets = targetsByKind[mark.kind];
  if (targets && (mark.target === undefined || !targets.includes(mark.target))) {
    problems.report(
      `${path}.target`,
      `${mark.kind} fields go to ${targets.join(', ').replace(/, ([^,]*)$/, ' or $1')}`,
    );
  }
}

function field(mark: FieldMark): TemplateField {
  return {
    name: mark.name,
    kind: mark.kind,
    required: mark.required ?? false,
    description: mark.description ?? '',
    binding:
      mark.kind === 'style'
        ? { property: mark.property ?? '' }
        : { elementKey: mark.elementKey ?? '', target: mark.target ?? 'text' },
  };
}

/** Checks one section type or pinned mark and returns its schema entry (prototype missing when its section is). */
function entry(
  mark: SectionTypeMark | PinnedMark,
  sections: Map<string, ProjectSection>,
  path: string,
  problems: Problems,
) {
  const section = sections.get(mark.sectionKey);
  if (!section) {
    problems.report(`${path}.sectionKey`, `no section ${JSON.stringify(mark.sectionKey)} in this project`);
    problems.covered.push(`${path}.prototype`);
  }
  const elementKeys = section && new Set([...walkElements(section.tree)].map((element) => element.key));
  const names = new Map<string, string>();
  mark.fields.forEach((fieldMark, index) => {
    const fieldPath = `${path}.fields[${index}]`;
    const first = names.get(fieldMark.name);
    if (first === undefined) names.set(fieldMark.name, `${fieldPath}.name`);
    else problems.report(`${fieldPath}.name`, alsoUsedBy(fieldMark.name, first));
    const reported = problems.list.length;
    checkMark(fieldMark, elementKeys, fieldPath, problems);
    if (problems.list.length > reported) problems.covered.push(`${fieldPath}.binding`);
  });
  return {
    title: mark.title ?? section?.title ?? '',
    description: mark.description ?? '',
    fields: mark.fields.map(field),
    prototype: section && { tree: section.tree, styles: section.styles, interactions: section.interactions },
  };
}

/**
 * The template schema `request` describes over the project's `sections`; throws InvalidInputError with
 * every problem, at paths of the request.
 */
export function templateSchemaFromSections(
  request: TemplateFromProjectRequest,
  sections: ProjectSection[],
): { schema: TemplateSchema } {
  const problems = new Problems();
  const byKey = new Map(sections.map((section) => [section.key, section]));

  const typeNames = new Map<string, string>();
  const sectionTypes = request.sectionTypes.map((mark, index) => {
    const path = `sectionTypes[${index}]`;
    const first = typeNames.get(mark.type);
    if (first === undefined) typeNames.set(mark.type, `${path}.type`);
    else problems.report(`${path}.type`, alsoUsedBy(mark.type, first));
    return { type: mark.type, ...entry(mark, byKey, path, problems) };
  });

  const pinnedIds = new Map<string, string>();
  const pinned = (request.pinned ?? []).map((mark, index) => {
    const path = `pinned[${index}]`;
    const first = pinnedIds.get(mark.id);
    if (first === undefined) pinnedIds.set(mark.id, `${path}.id`);
    else problems.report(`${path}.id`, alsoUsedBy(mark.id, first));
    return { id: mark.id, placement: mark.placement, ...entry(mark, byKey, path, problems) };
  });

  const parsed = templateSchemaSchema.safeParse({ sectionTypes, pinned });
  for (const issue of parsed.error?.issues ?? []) {
    const path = pathText(issue.path);
    if (!problems.isCovered(path)) problems.report(path, issue.message);
  }
  if (problems.list.length || !parsed.success) throw new InvalidInputError(problems.list);
  return { schema: parsed.data };
}
