import { walkElements, type Element, type SectionStyles } from './element.schema.js';
import { type Theme } from './theme.schema.js';

export interface DesignProblem {
  path: string;
  message: string;
}

const tokenPattern = /var\(--(color|space|radius)-([a-z0-9-]+)/g;

/** Every `var(--color-x)`, `var(--space-x)`, `var(--radius-x)` a value refers to. */
export function themeTokenReferences(value: string): { group: 'color' | 'space' | 'radius'; name: string }[] {
  return [...value.matchAll(tokenPattern)].map((m) => ({
    group: m[1] as 'color' | 'space' | 'radius',
    name: m[2],
  }));
}

/**
 * Consistency of a section against a theme: unique element keys, styles only for elements that exist,
 * text styles and theme tokens that the theme defines.
 */
export function validateSectionDesign(tree: Element, styles: SectionStyles, theme: Theme): DesignProblem[] {
  const problems: DesignProblem[] = [];
  const keys = new Set<string>();
  for (const element of walkElements(tree)) {
    if (keys.has(element.key)) problems.push({ path: element.key, message: 'duplicate element key' });
    keys.add(element.key);
    if (element.textStyle && !theme.textStyles[element.textStyle]) {
      problems.push({ path: element.key, message: `unknown text style ${element.textStyle}` });
    }
  }
  const groups = { color: theme.colors, space: theme.spacing, radius: theme.radii };
  for (const [breakpoint, byElement] of Object.entries(styles)) {
    for (const [elementKey, declarations] of Object.entries(byElement)) {
      if (!keys.has(elementKey))
        problems.push({ path: `${breakpoint}.${elementKey}`, message: 'no such element' });
      for (const [property, value] of Object.entries(declarations)) {
        for (const token of themeTokenReferences(value)) {
          if (!(token.name in groups[token.group])) {
            problems.push({
              path: `${breakpoint}.${elementKey}.${property}`,
              message: `unknown theme token --${token.group}-${token.name}`,
            });
          }
        }
      }
    }
  }
  return problems;
}
