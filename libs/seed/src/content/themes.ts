/**
 * Themes of the seed content: the starter library's (Folio's default theme) and the sample projects'.
 * Every theme defines the same token names (the sections are written against them); only the values differ.
 */
import { defaultTheme, fontStacks, type Theme, typeScale } from '#folio/content';

/** The starter library is designed and previewed with Folio's default theme. */
export const starterTheme: Theme = defaultTheme;

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
    // Dark enough for small text on the light surfaces (WCAG AA, 4.5:1).
    secondary: '#0F766E',
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
