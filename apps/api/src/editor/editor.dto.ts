// The editor's form posts, read by `formBody` pipes and checked at the edge; the services check the rules
// behind them.
import { z } from 'zod';
import { InvalidInputError } from '#folio/errors';
import {
  destinationKindOf,
  destinationKindSchema,
  type EmbedOptions,
  type PublishRequest,
} from '#folio/publishing';
import { type FormBody } from '#folio/page-kit';

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
  destination: destinationKindSchema('Choose a site, an embed or a webhook.'),
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
export type PublishDestination = PublishForm['destination'];

/**
 * The publish form as posted: read and checked, or refused (an InvalidInputError naming the bad field) with
 * the page and destination it names, for the dialog to open again on.
 */
export type PublishPost =
  | { form: PublishForm; refused?: undefined }
  | { form?: undefined; refused: InvalidInputError; pageKey?: string; destination?: PublishDestination };

export function publishPost(body: FormBody): PublishPost {
  const parsed = publishFormSchema.safeParse(body ?? {});
  if (parsed.success) return { form: parsed.data };
  return {
    refused: refusalOf(parsed.error),
    pageKey: pageKeyOf(body),
    destination: destinationKindOf(body?.destination),
  };
}

/** The save-version form: the page the editor showed, to come back to. */
export interface VersionSaveForm {
  pageKey?: string;
}

export function versionSaveForm(body: FormBody): VersionSaveForm {
  return { pageKey: pageKeyOf(body) };
}

/** A version number in a path (`/editor/<projectKey>/versions/<number>/restore`). */
export const versionNumberSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,8}$/)
  .transform(Number);

/** The switch of the library page: `enabled=true` switches AI on, `enabled=false` off. */
const aiSwitchFormSchema = z.object({
  enabled: z
    .enum(['true', 'false'], { message: 'Send true to switch AI on, false to switch it off.' })
    .transform((value) => value === 'true'),
});
export type AiSwitchForm = z.infer<typeof aiSwitchFormSchema>;

export function aiSwitchForm(body: FormBody): AiSwitchForm {
  return parseForm(aiSwitchFormSchema, body);
}

/** The form `schema` reads from the body; a bad field is an InvalidInputError naming it. */
export function parseForm<S extends z.ZodType>(schema: S, body: FormBody): z.output<S> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw refusalOf(parsed.error);
  return parsed.data;
}

function refusalOf(error: z.ZodError): InvalidInputError {
  return new InvalidInputError(
    error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
  );
}

/** A page key as the forms carry it; anything else names no page. */
function pageKeyOf(body: FormBody): string | undefined {
  const value = body?.pageKey;
  return typeof value === 'string' && /^[A-Za-z][A-Za-z0-9]*$/.test(value) ? value : undefined;
}

export function publishRequestOf(form: PublishForm): PublishRequest {
  return {
    destination: form.destination,
    versionNumber: form.version,
    ...(form.destination === 'site' ? { slug: form.slug } : {}),
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
