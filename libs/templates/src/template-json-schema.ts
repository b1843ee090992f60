/**
 * The JSON Schema (draft 2020-12) of a create-from-template body for one template. It states the DTO
 * rules and `checkTemplateBody`'s rules; what JSON Schema cannot say (uniqueness across pages, the
 * section count over all pages) is in the descriptions.
 */
import {
  type TemplateField,
  type TemplatePinned,
  type TemplateSchema,
  type TemplateSectionType,
} from '#folio/content';
import { pagePathPattern } from '#folio/projects';
import { cssValuePattern, imageUrlPattern } from './template-body-check.js';
import { pageStatuses, templateLimits } from './template-limits.js';

type JsonSchema = Record<string, unknown>;

const limits = templateLimits;

function text(minLength: number, maxLength: number, description?: string): JsonSchema {
  return {
    type: 'string',
    ...(minLength ? { minLength } : {}),
    maxLength,
    ...(description ? { description } : {}),
  };
}

function fieldSchema(field: TemplateField): JsonSchema {
  const described = field.description ? { description: field.description } : {};
  switch (field.kind) {
    case 'text':
      return { type: 'string', maxLength: limits.textLength, ...described };
    case 'html':
      return { type: 'string', maxLength: limits.htmlLength, contentMediaType: 'text/html', ...described };
    case 'number':
      return { type: 'number', ...described };
    case 'boolean':
      return { type: 'boolean', ...described };
    case 'image':
      return { type: 'string', maxLength: limits.urlLength, pattern: imageUrlPattern, ...described };
    case 'style':
      return {
        type: 'string',
        maxLength: limits.styleLength,
        pattern: cssValuePattern,
        description: [field.description, 'One CSS value: balanced quotes and parentheses; no ; { } < or /*.']
          .filter(Boolean)
          .join(' '),
      };
  }
}

/** Properties and `required` of a section type's or pinned item's fields. */
function fieldsSchema(fields: TemplateField[]): { properties: JsonSchema; required: string[] } {
  return {
    properties: Object.fromEntries(fields.map((field) => [field.name, fieldSchema(field)])),
    required: fields.filter((field) => field.required).map((field) => field.name),
  };
}

function sectionSchema(type: TemplateSectionType): JsonSchema {
  const { properties, required } = fieldsSchema(type.fields);
  return {
    title: type.title,
    ...(type.description ? { description: type.description } : {}),
    type: 'object',
    properties: {
      ...properties,
      _type: { const: type.type },
      id: text(
        1,
        limits.idLength,
        'Your id for this section, unique within its page; send it again to update it.',
      ),
    },
    required: ['_type', ...required],
    additionalProperties: false,
  };
}

/** A pinned item's values: keyed by its id (object form) or with its `id` among them (array form). */
function pinnedSchema(item: TemplatePinned, inArray: boolean): JsonSchema {
  const { properties, required } = fieldsSchema(item.fields);
  return {
    title: item.title,
    description: [item.description, `Placed at the ${item.placement} of the pages that list "${item.id}".`]
      .filter(Boolean)
      .join(' '),
    type: 'object',
    properties: inArray ? { ...properties, id: { const: item.id } } : properties,
    required: inArray ? ['id', ...required] : required,
    additionalProperties: false,
  };
}

function pageSchema(schema: TemplateSchema): JsonSchema {
  const pinnedIds = schema.pinned.map((item) => item.id);
  return {
    type: 'object',
    properties: {
      id: text(
        1,
        limits.idLength,
        'Your id for this page, unique across pages; send it again to update the page.',
      ),
      title: text(1, limits.titleLength),
      description: text(0, limits.descriptionLength),
      path: {
        ...text(0, limits.pathLength, 'Page path below the site root, e.g. about/team; unique across pages.'),
        pattern: pagePathPattern,
      },
      status: {
        enum: [...pageStatuses],
        description: 'Page status: 0 done, 1 in progress, 2 on hold, 3 needs review.',
      },
      data: {
        type: 'array',
        description: 'The page’s sections, in order. Section ids are unique within the page.',
        maxItems: limits.sections,
        items: { oneOf: schema.sectionTypes.map((type) => ({ $ref: `#/$defs/section.${type.type}` })) },
      },
      pinned: {
        type: 'array',
        description: 'Ids of the pinned items shown on this page.',
        uniqueItems: true,
        ...(pinnedIds.length ? { items: { enum: pinnedIds } } : { maxItems: 0 }),
      },
    },
    additionalProperties: false,
  };
}

/** The JSON Schema of a create-from-template body for `template`, published at `schemaUrl`. */
export function templateBodyJsonSchema(
  template: { key: string; title: string; schema: TemplateSchema },
  schemaUrl: string,
): object {
  const { schema } = template;
  const defs: Record<string, JsonSchema> = { page: pageSchema(schema) };
  for (const type of schema.sectionTypes) defs[`section.${type.type}`] = sectionSchema(type);
  for (const item of schema.pinned) {
    defs[`pinned.${item.id}`] = pinnedSchema(item, false);
    defs[`pinnedEntry.${item.id}`] = pinnedSchema(item, true);
  }
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: schemaUrl,
    title: `Create a project from template "${template.title}"`,
    description:
      `Body of POST /project/create-from-template/${template.key}. Ids you give (project, pages, sections) ` +
      'make the call an update of what they created before.',
    type: 'object',
    properties: {
      id: text(1, limits.idLength, 'Your id for the project; send it again to update that project.'),
      title: text(1, limits.titleLength),
      description: text(0, limits.descriptionLength),
      tags: { type: 'array', maxItems: limits.tags, items: text(1, limits.tagLength) },
      workspaceKey: text(1, limits.idLength, 'Workspace to create the project in.'),
      pages: {
        type: 'array',
        description:
          `At most ${limits.sections} sections over all pages per call. ` +
          'Page ids are unique across pages, and so are paths (slashes around them are ignored).',
        maxItems: limits.pages,
        items: { $ref: '#/$defs/page' },
      },
      pinned: {
        description:
          'Field values of the template’s pinned items: keyed by pinned item id, or a list of { id, …fields } ' +
          'with each id once.',
        anyOf: [
          {
            type: 'object',
            properties: Object.fromEntries(
              schema.pinned.map((item) => [item.id, { $ref: `#/$defs/pinned.${item.id}` }]),
            ),
            additionalProperties: false,
          },
          {
            type: 'array',
            ...(schema.pinned.length
              ? {
                  items: { oneOf: schema.pinned.map((item) => ({ $ref: `#/$defs/pinnedEntry.${item.id}` })) },
                }
              : { maxItems: 0 }),
          },
        ],
      },
    },
    additionalProperties: false,
    $defs: defs,
  };
}
