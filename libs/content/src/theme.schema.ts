import { z } from 'zod';

const tokenName = z.string().regex(/^[a-z][a-z0-9-]*$/);

export const textStyleSchema = z.strictObject({
  fontFamily: z.string().max(300),
  fontSize: z.string().max(50),
  fontWeight: z.union([z.number(), z.string()]),
  lineHeight: z.string().max(50),
  letterSpacing: z.string().max(50).optional(),
  textTransform: z.enum(['none', 'uppercase', 'lowercase', 'capitalize']).optional(),
});
export type TextStyle = z.infer<typeof textStyleSchema>;

/**
 * A project's design theme. Renders as CSS custom properties (`--color-*`, `--space-*`, `--radius-*`)
 * and one class per text style (`.ts-<name>`).
 */
export const themeSchema = z.strictObject({
  colors: z.record(tokenName, z.string().max(100)),
  textStyles: z.record(tokenName, textStyleSchema),
  spacing: z.record(tokenName, z.string().max(50)),
  radii: z.record(tokenName, z.string().max(50)),
  fonts: z
    .array(z.strictObject({ family: z.string(), url: z.string().optional(), weights: z.array(z.number()) }))
    .default([]),
});
export type Theme = z.infer<typeof themeSchema>;

export const breakpointNames = ['desktop', 'tablet', 'mobile'] as const;
export type BreakpointName = (typeof breakpointNames)[number];

export const breakpointSchema = z.strictObject({
  name: z.enum(breakpointNames),
  label: z.string(),
  /** Inclusive pixel range; open-ended where absent. */
  minWidth: z.number().int().min(0).optional(),
  maxWidth: z.number().int().min(0).optional(),
  /** Width the editor previews this breakpoint at. */
  previewWidth: z.number().int().min(200),
});
export type Breakpoint = z.infer<typeof breakpointSchema>;

/** docs/design.md §7: desktop ≥1024, tablet 768–1023, mobile <768. */
export const defaultBreakpoints: Breakpoint[] = [
  { name: 'desktop', label: 'Desktop', minWidth: 1024, previewWidth: 1280 },
  { name: 'tablet', label: 'Tablet', minWidth: 768, maxWidth: 1023, previewWidth: 820 },
  { name: 'mobile', label: 'Mobile', maxWidth: 767, previewWidth: 390 },
];

export const swatchSchema = z.strictObject({ name: z.string().max(100), value: z.string().max(100) });
export type Swatch = z.infer<typeof swatchSchema>;
