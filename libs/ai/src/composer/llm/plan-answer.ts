// What the model answers: a section plan in a shape the providers' strict JSON-schema modes accept.
import { jsonSchema, zodSchema } from 'ai';
import { z } from 'zod';
import { PlanRejectedError } from '../plan-check.js';
import {
  maxImagePrompt,
  maxPlannedSections,
  type SectionPlan,
  type SlotFill,
  sectionPlanSchema,
} from '../section-plan.js';

// OpenAI's strict mode refuses `oneOf`, which the plan's discriminated unions become, and length limits;
// so each section lists its fills by kind, and an image names its source with two nullable fields.
const planAnswerSchema = z.strictObject({
  sections: z
    .array(
      z.strictObject({
        sectionKey: z.string().describe('The key of a candidate section.'),
        texts: z.array(
          z.strictObject({
            elementKey: z.string(),
            text: z.string().describe('Plain text, at most the slot capacity in characters.'),
          }),
        ),
        images: z.array(
          z.strictObject({
            elementKey: z.string(),
            providedUrl: z
              .string()
              .nullable()
              .describe("One of the request's image URLs, exactly; else null."),
            generatedPrompt: z
              .string()
              .nullable()
              .describe(
                `What a new picture shows, no style words, at most ${maxImagePrompt} characters; else null.`,
              ),
            alt: z.string().describe('Short alt text.'),
          }),
        ),
        icons: z.array(
          z.strictObject({
            elementKey: z.string(),
            icon: z.string().describe('A lucide icon name in kebab-case, e.g. "shield-check".'),
          }),
        ),
      }),
    )
    .describe(`1 to ${maxPlannedSections} sections in page order: hero first, footer last.`),
});

type SectionAnswer = z.output<typeof planAnswerSchema>['sections'][number];

/** The answer's JSON Schema as the provider gets it. The SDK does not validate: `planOfAnswer` does, readably. */
export const planAnswerFormat = jsonSchema(() => zodSchema(planAnswerSchema).jsonSchema);

/** The section plan the model's answer stands for; PlanRejectedError when it is none. */
export function planOfAnswer(answer: unknown): SectionPlan {
  const parsed = planAnswerSchema.safeParse(answer);
  if (!parsed.success) throw invalidAnswer(firstIssue(parsed.error));
  const plan = sectionPlanSchema.safeParse({
    sections: parsed.data.sections.map((section) => ({
      sectionKey: section.sectionKey,
      fills: fillsOf(section),
    })),
  });
  if (!plan.success) throw invalidAnswer(firstIssue(plan.error));
  return plan.data;
}

export function invalidAnswer(problem: string): PlanRejectedError {
  return new PlanRejectedError(`The AI provider's answer was not a valid page plan: ${problem}.`);
}

/** An image with neither a URL nor a prompt is no fill: the slot keeps the library's picture. */
function fillsOf(section: SectionAnswer): SlotFill[] {
  return [
    ...section.texts.map(({ elementKey, text }): SlotFill => ({ elementKey, kind: 'text', text })),
    ...section.images.flatMap(({ elementKey, providedUrl, generatedPrompt, alt }): SlotFill[] => {
      if (providedUrl?.trim())
        return [{ elementKey, kind: 'image', image: { source: 'provided', url: providedUrl, alt } }];
      if (generatedPrompt?.trim()) {
        return [
          { elementKey, kind: 'image', image: { source: 'generated', prompt: generatedPrompt.trim(), alt } },
        ];
      }
      return [];
    }),
    ...section.icons.map(({ elementKey, icon }): SlotFill => ({ elementKey, kind: 'icon', icon })),
  ];
}

function firstIssue(error: z.ZodError): string {
  const [issue] = error.issues;
  return `${issue.path.join('.') || 'answer'}: ${issue.message}`;
}
