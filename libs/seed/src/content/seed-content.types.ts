import {
  type Breakpoint,
  type Element,
  type Interaction,
  type SectionStyles,
  type Swatch,
  type TemplateSchema,
  type Theme,
} from '#folio/content';
import { type SectionRole } from '#folio/libraries';

export { sectionRoles, type SectionRole } from '#folio/libraries';

export interface SectionDesign {
  /** Fixed public key, so the seed is idempotent and links stay stable. */
  key: string;
  title: string;
  role: SectionRole;
  tree: Element;
  styles: SectionStyles;
  interactions?: Interaction[];
}

export interface LibrarySeed {
  key: string;
  title: string;
  description: string;
  sections: SectionDesign[];
}

export interface PageSeed {
  key: string;
  title: string;
  description: string;
  /** "" for the home page. */
  path: string;
  isHome: boolean;
  sections: SectionDesign[];
}

export interface ProjectSeed {
  key: string;
  title: string;
  description: string;
  tags: string[];
  preset: 'desktop' | 'mobile';
  theme: Theme;
  breakpoints: Breakpoint[];
  swatches: Swatch[];
  /** Which seeded workspace holds it. */
  workspace: 'studio' | 'team';
  /** Published projects get a version published as a site and an embed. */
  published: boolean;
  /** Site slug when published. */
  slug?: string;
  pages: PageSeed[];
}

export interface TemplateSeed {
  key: string;
  title: string;
  description: string;
  schema: TemplateSchema;
}
