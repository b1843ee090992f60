// The one definition of the embed options: the embed-code builder, the embed script and the docs
// (get_embed_code) all read it from here.
import { z } from 'zod';
import { InvalidInputError } from '#folio/errors';

/** What each option does, written for an agent choosing options. */
export const embedOptionDocs = {
  fill: "Fill the parent element's height (full-page or fixed-height slots).",
  shadowdom: 'Render in a shadow root: host CSS and embed CSS cannot affect each other.',
  containerMode:
    'Pick the desktop/tablet/mobile layout from the slot width (container queries), not the window.',
  target: 'CSS selector to render into (e.g. "#pricing"). Default: in place of the <script> tag.',
  templateVariables:
    'Template field values by name (e.g. {"headline": "Spring sale"}), replacing published text, images or styles.',
} as const;

const fieldName = z.string().regex(/^(--)?[A-Za-z][A-Za-z0-9_-]*$/, 'expected a template field name');

export const embedOptionsSchema = z.strictObject({
  fill: z.boolean().optional().describe(embedOptionDocs.fill),
  shadowdom: z.boolean().optional().describe(embedOptionDocs.shadowdom),
  containerMode: z.boolean().optional().describe(embedOptionDocs.containerMode),
  target: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .refine((selector) => !/[<>{}]/.test(selector), 'expected a CSS selector')
    .optional()
    .describe(embedOptionDocs.target),
  templateVariables: z
    .record(fieldName, z.string().max(10_000))
    .refine((values) => Object.keys(values).length <= 100, 'at most 100 template variables')
    .optional()
    .describe(embedOptionDocs.templateVariables),
});

export type EmbedOptions = z.infer<typeof embedOptionsSchema>;
export type EmbedOptionName = keyof EmbedOptions;

export const embedOptionNames = Object.keys(embedOptionDocs) as EmbedOptionName[];

/** What each option means when it is not given. */
export const embedOptionDefaults: { [K in EmbedOptionName]-?: EmbedOptions[K] | null } = {
  fill: false,
  shadowdom: false,
  containerMode: false,
  target: null,
  templateVariables: null,
};

/** Validates options given as an object (MCP tool input, editor form). */
export function parseEmbedOptions(input: unknown, pathPrefix = 'options'): EmbedOptions {
  const parsed = embedOptionsSchema.safeParse(input ?? {});
  if (!parsed.success) {
    throw new InvalidInputError(
      parsed.error.issues.map((issue) => ({
        path: [pathPrefix, ...issue.path.map(String)].filter(Boolean).join('.'),
        message: issue.message,
      })),
    );
  }
  return parsed.data;
}

const booleanQuery = new Map([
  ['1', true],
  ['true', true],
  ['0', false],
  ['false', false],
]);

/**
 * Reads options from an embed URL's query (`fill=1&target=%23slot&templateVariables=<JSON>`): the form
 * `embedOptionsQuery` writes. Unknown parameters are ignored (cache busters); bad values throw InvalidInputError.
 */
export function embedOptionsFromQuery(query: URLSearchParams | Record<string, unknown>): EmbedOptions {
  const params =
    query instanceof URLSearchParams
      ? query
      : new URLSearchParams(
          Object.entries(query).flatMap(([name, value]) =>
            typeof value === 'string'
              ? [[name, value]]
              : Array.isArray(value)
                ? [[name, String(value[0])]]
                : [],
          ),
        );
  const raw: Record<string, unknown> = {};
  for (const name of ['fill', 'shadowdom', 'containerMode'] as const) {
    const value = params.get(name);
    if (value !== null) raw[name] = booleanQuery.get(value.toLowerCase()) ?? value;
  }
  const target = params.get('target');
  if (target !== null) raw.target = target;
  const variables = params.get('templateVariables');
  if (variables !== null) {
    try {
      raw.templateVariables = JSON.parse(variables) as unknown;
    } catch {
      throw new InvalidInputError([
        { path: 'templateVariables', message: 'expected a JSON object of strings' },
      ]);
    }
  }
  return parseEmbedOptions(raw, '');
}

/** The query string (without `?`) carrying the options; false booleans and empty values are left out. */
export function embedOptionsQuery(options: EmbedOptions): string {
  const params = new URLSearchParams();
  if (options.fill) params.set('fill', '1');
  if (options.shadowdom) params.set('shadowdom', '1');
  if (options.containerMode) params.set('containerMode', '1');
  if (options.target) params.set('target', options.target);
  if (options.templateVariables && Object.keys(options.templateVariables).length > 0) {
    params.set('templateVariables', JSON.stringify(options.templateVariables));
  }
  return params.toString();
}
