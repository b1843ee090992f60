// Folio's default theme, and the font stacks and type scale every Folio theme is built from.
import { type TextStyle, type Theme } from './theme.schema.js';

export const fontStacks = {
  sans: '"Inter", ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  serif: '"Fraunces", "Iowan Old Style", "Palatino Linotype", Palatino, ui-serif, Georgia, serif',
  grotesk:
    '"Manrope", "Inter", ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
};

export interface TypeScaleOptions {
  heading: string;
  body: string;
  /** Heading weight; serif display faces look best a little lighter. */
  headingWeight: number;
  /** Letter spacing of display and h1. */
  tightTracking: string;
}

/** The nine text styles every theme defines; fluid sizes so headings scale down with the viewport. */
export function typeScale(o: TypeScaleOptions): Record<string, TextStyle> {
  return {
    display: {
      fontFamily: o.heading,
      fontSize: 'clamp(2.5rem, 1.4rem + 4.4vw, 4.75rem)',
      fontWeight: o.headingWeight,
      lineHeight: '1.04',
      letterSpacing: o.tightTracking,
    },
    h1: {
      fontFamily: o.heading,
      fontSize: 'clamp(2.25rem, 1.45rem + 3vw, 3.5rem)',
      fontWeight: o.headingWeight,
      lineHeight: '1.08',
      letterSpacing: o.tightTracking,
    },
    h2: {
      fontFamily: o.heading,
      fontSize: 'clamp(1.875rem, 1.35rem + 1.7vw, 2.75rem)',
      fontWeight: o.headingWeight,
      lineHeight: '1.12',
      letterSpacing: '-0.02em',
    },
    h3: {
      fontFamily: o.heading,
      fontSize: '1.25rem',
      fontWeight: 600,
      lineHeight: '1.3',
      letterSpacing: '-0.01em',
    },
    lead: {
      fontFamily: o.body,
      fontSize: 'clamp(1.0625rem, 1rem + 0.3vw, 1.25rem)',
      fontWeight: 400,
      lineHeight: '1.6',
    },
    body: { fontFamily: o.body, fontSize: '1rem', fontWeight: 400, lineHeight: '1.65' },
    small: { fontFamily: o.body, fontSize: '0.875rem', fontWeight: 400, lineHeight: '1.5' },
    eyebrow: {
      fontFamily: o.body,
      fontSize: '0.8125rem',
      fontWeight: 600,
      lineHeight: '1.4',
      letterSpacing: '0.08em',
      textTransform: 'uppercase',
    },
    button: {
      fontFamily: o.body,
      fontSize: '0.9375rem',
      fontWeight: 600,
      lineHeight: '1.2',
      letterSpacing: '0.005em',
    },
  };
}

/**
 * Folio's default theme: neutral indigo. New projects start with it; the starter library is designed and
 * previewed with it.
 */
export const defaultTheme: Theme = {
  colors: {
    primary: '#4F46E5',
    'on-primary': '#FFFFFF',
    secondary: '#0EA5E9',
    accent: '#F59E0B',
    background: '#FFFFFF',
    surface: '#FFFFFF',
    'surface-alt': '#F5F6FB',
    text: '#0F172A',
    'text-muted': '#556070',
    border: '#E3E6EE',
    inverse: '#0B1020',
    'on-inverse': '#F8FAFC',
  },
  textStyles: typeScale({
    heading: fontStacks.sans,
    body: fontStacks.sans,
    headingWeight: 700,
    tightTracking: '-0.035em',
  }),
  spacing: { xs: '0.5rem', sm: '0.75rem', md: '1rem', lg: '1.5rem', xl: '2rem', xxl: '3rem', xxxl: '6rem' },
  radii: { sm: '6px', md: '10px', lg: '18px', pill: '999px' },
  fonts: [],
};
