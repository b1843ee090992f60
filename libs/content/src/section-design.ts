// Section designs (element tree, per-breakpoint styles, interactions) as whole units: re-keyed, turned mobile-first.
import { type Declarations, type Element, type SectionStyles, walkElements } from './element.schema.js';
import { type Interaction } from './interaction.schema.js';

export interface SectionDesignParts {
  tree: Element;
  styles: SectionStyles;
  interactions: Interaction[];
}

/**
 * A deep copy of the design whose element keys (in the tree, the styles of every breakpoint and the
 * interactions) are `keyFor(old key)`. The design itself is left unchanged.
 */
export function withElementKeys(
  design: { tree: Element; styles?: SectionStyles; interactions?: Interaction[] },
  keyFor: (key: string) => string,
): SectionDesignParts {
  const tree: Element = structuredClone(design.tree);
  for (const element of walkElements(tree)) element.key = keyFor(element.key);

  const styles: SectionStyles = {};
  for (const [breakpoint, byElement] of Object.entries(design.styles ?? {})) {
    styles[breakpoint] = Object.fromEntries(
      Object.entries(byElement).map(([key, declarations]) => [keyFor(key), { ...declarations }]),
    );
  }

  const interactions = structuredClone(design.interactions ?? []);
  for (const interaction of interactions) {
    interaction.trigger.elementKey = keyFor(interaction.trigger.elementKey);
    for (const action of interaction.actions) action.targetKey = keyFor(action.targetKey);
  }
  return { tree, styles, interactions };
}

/**
 * Desktop-first styles (desktop base, tablet/mobile max-width overrides) as mobile-first ones
 * (mobile base, tablet/desktop min-width overrides) that render the same at every width. Every
 * property a tablet or mobile override sets must have a desktop value to return to.
 */
export function toMobileFirst(styles: SectionStyles): SectionStyles {
  const result: Record<'mobile' | 'tablet' | 'desktop', Record<string, Declarations>> = {
    mobile: {},
    tablet: {},
    desktop: {},
  };
  const keys = new Set(
    [styles.desktop, styles.tablet, styles.mobile].flatMap((byElement) => Object.keys(byElement ?? {})),
  );
  for (const key of keys) {
    const desktop = styles.desktop?.[key] ?? {};
    const tablet = styles.tablet?.[key] ?? {};
    const mobile = styles.mobile?.[key] ?? {};
    for (const property of [...Object.keys(tablet), ...Object.keys(mobile)]) {
      if (!(property in desktop))
        throw new Error(`element ${key}: "${property}" is overridden but has no desktop value`);
    }
    const atTablet = { ...desktop, ...tablet };
    const atMobile = { ...atTablet, ...mobile };
    const tabletOverrides = Object.entries(atTablet).filter(
      ([property, value]) => atMobile[property] !== value,
    );
    const desktopOverrides = Object.entries(desktop).filter(
      ([property, value]) => atTablet[property] !== value,
    );
    if (Object.keys(atMobile).length) result.mobile[key] = atMobile;
    if (tabletOverrides.length) result.tablet[key] = Object.fromEntries(tabletOverrides);
    if (desktopOverrides.length) result.desktop[key] = Object.fromEntries(desktopOverrides);
  }
  return result;
}
