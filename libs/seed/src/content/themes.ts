/**
 * Themes of the seed content. Every theme defines the same token names (the sections are written
 * against them); only the values differ.
 */
import { type TextStyle, type Theme } from '#folio/content';

export const fontStacks = {
  sans: '"Inter", ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  serif: '"Fraunces", "Iowan Old Style", "Palatino Linotype", Palatino, ui-serif, Georgia, serif',
  grotesk:
    '"Manrope", "Inter", ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
};

interface TypeScaleOptions {
  heading: string;
  body: string;
  /** Heading weight; serif display faces look best a little lighter. */
  headingWeight: number;
  /** Letter spacing of display and h1. */
  tightTracking: string;
}

/** The nine text styles every theme defines; fluid sizes so headings scale down with the viewport. */
function typeScale(o: TypeScaleOptions): Record<string, TextStyle> {
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

/** Neutral indigo theme the starter library is designed and previewed with. */
export const starterTheme: Theme = {
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

/** Warm, earthy: espresso, crema and terracotta with a serif display face. */
export const northwindTheme: Theme = {
  colors: {
    primary: '#9A4A24',
    'on-primary': '#FFF8F0',
    secondary: '#5E6B4E',
    accent: '#D9A441',
    background: '#FBF6EF',
    surface: '#FFFCF7',
    'surface-alt': '#F2E8DB',
    text: '#2B1D14',
    'text-muted': '#6B584A',
    border: '#E5D7C5',
    inverse: '#24170F',
    'on-inverse': '#F7EEE3',
  },
  textStyles: typeScale({
    heading: fontStacks.serif,
    body: fontStacks.sans,
    headingWeight: 600,
    tightTracking: '-0.02em',
  }),
  spacing: {
    xs: '0.5rem',
    sm: '0.75rem',
    md: '1rem',
    lg: '1.5rem',
    xl: '2.25rem',
    xxl: '3.5rem',
    xxxl: '6.5rem',
  },
  radii: { sm: '4px', md: '8px', lg: '16px', pill: '999px' },
  fonts: [{ family: 'Fraunces', weights: [400, 600] }],
};

/** Cool and precise: deep navy, electric blue, teal signals. */
export const atlasTheme: Theme = {
  colors: {
    primary: '#3B5BFD',
    'on-primary': '#FFFFFF',
    secondary: '#14B8A6',
    accent: '#A78BFA',
    background: '#FFFFFF',
    surface: '#FFFFFF',
    'surface-alt': '#F2F5FB',
    text: '#0B1324',
    'text-muted': '#56627A',
    border: '#DFE5EF',
    inverse: '#0A1022',
    'on-inverse': '#E8EEFF',
  },
  textStyles: typeScale({
    heading: fontStacks.grotesk,
    body: fontStacks.sans,
    headingWeight: 700,
    tightTracking: '-0.04em',
  }),
  spacing: { xs: '0.5rem', sm: '0.75rem', md: '1rem', lg: '1.5rem', xl: '2rem', xxl: '3rem', xxxl: '5.5rem' },
  radii: { sm: '6px', md: '10px', lg: '16px', pill: '999px' },
  fonts: [],
};
