// The editor's form posts, parsed and checked at the edge; the services check the rules behind them.
import { z } from 'zod';
import { InvalidInputError } from '#folio/errors';
import { type EmbedOptions, type PublishRequest } from '#folio/publishing';

const optionalText = z
  .string()
  .trim()
  .max(2000)
  .optional()
  .transform((value) => (value ? value : undefined));
const checkbox = z
  .string()
  .optional()
  .transform((value) => value === 'on' || value === '1' || value === 'true');

export const publishFormSchema = z.object({
  destination: z.enum(['hosting', 'embed', 'webhook'], { message: 'Choose hosting, embed or webhook.' }),
  /** '' publishes a new version of the current draft. */
  version: z
    .string()
    .optional()
    .transform((value) => (value ? Number(value) : undefined))
    .pipe(z.number().int().positive({ message: 'Choose a version from the list.' }).optional()),
  /** The page the editor showed; the embed code is for it. */
  pageKey: optionalText,
  slug: optionalText,
  webhookUrl: optionalText,
  webhookSecret: optionalText,
  shadowdom: checkbox,
  containerMode: checkbox,
  fill: checkbox,
  target: optionalText,
});
export type PublishForm = z.infer<typeof publishFormSchema>;

/** Parses the publish form; a bad field is an InvalidInputError naming it, shown in the dialog. */
export function parsePublishForm(body: unknown): PublishForm {
  return parseForm(publishFormSchema, body);
}

/** The switch of the library page: `enabled=true` switches AI on, `enabled=false` off. */
const aiSwitchFormSchema = z.object({
  enabled: z
    .enum(['true', 'false'], { message: 'Send true to switch AI on, false to switch it off.' })
    .transform((value) => value === 'true'),
});
export type AiSwitchForm = z.infer<typeof aiSwitchFormSchema>;

export function parseAiSwitchForm(body: unknown): AiSwitchForm {
  return parseForm(aiSwitchFormSchema, body);
}

export function parseForm<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) {
    throw new InvalidInputError(
      parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    );
  }
  return parsed.data;
}

export function publishRequestOf(form: PublishForm): PublishRequest {
  return {
    destination: form.destination,
    versionNumber: form.version,
    ...(form.destination === 'hosting' ? { slug: form.slug } : {}),
    ...(form.destination === 'webhook'
      ? { webhookUrl: form.webhookUrl, webhookSecret: form.webhookSecret }
      : {}),
  };
}

export function embedOptionsOf(form: PublishForm): EmbedOptions {
  return {
    ...(form.shadowdom ? { shadowdom: true } : {}),
    ...(form.containerMode ? { containerMode: true } : {}),
    ...(form.fill ? { fill: true } : {}),
    ...(form.target ? { target: form.target } : {}),
  };
}
