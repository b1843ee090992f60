import { z } from 'zod';
import { publicKeySchema } from './element.schema.js';

export const triggerTypes = ['click', 'hover', 'enterViewport', 'load'] as const;

/** Web Animations API timing. */
export const timingSchema = z.strictObject({
  duration: z.number().min(0).max(60_000),
  delay: z.number().min(0).max(60_000).optional(),
  easing: z.string().max(100).optional(),
  iterations: z.union([z.number().min(0).max(1_000), z.literal('infinite')]).optional(),
  direction: z.enum(['normal', 'reverse', 'alternate', 'alternate-reverse']).optional(),
  fill: z.enum(['none', 'forwards', 'backwards', 'both', 'auto']).optional(),
});

/** CSS-property keyframes, WAAPI style: [{ opacity: '0', offset: 0 }, { opacity: '1' }]. */
export const keyframeSchema = z.record(z.string(), z.union([z.string(), z.number()]));

export const interactionSchema = z.strictObject({
  trigger: z.strictObject({ type: z.enum(triggerTypes), elementKey: publicKeySchema }),
  actions: z
    .array(
      z.strictObject({
        targetKey: publicKeySchema,
        keyframes: z.array(keyframeSchema).min(1).max(50),
        timing: timingSchema,
      }),
    )
    .min(1)
    .max(20),
});

export type Interaction = z.infer<typeof interactionSchema>;
