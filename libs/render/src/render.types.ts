/** Inputs and outputs of the renderer, shared by sites, embeds, exports and screenshots. */
import { type Breakpoint, type Element, type Theme } from '#folio/content';

/** A project asset as the renderer needs it (the Asset row without its internals). */
export interface AssetRef {
  key: string;
  kind: 'image' | 'video' | 'shape' | 'font';
  url: string;
  width?: number | null;
  height?: number | null;
  mime?: string | null;
  svg?: string | null;
  status: 'pending' | 'ready' | 'failed';
}

export interface RenderContext {
  /** desktop: desktop styles are the base, tablet/mobile in max-width queries; mobile: the reverse with min-width. */
  preset: 'desktop' | 'mobile';
  theme: Theme;
  breakpoints: Breakpoint[];
  /** element.asset → asset (wins over element.src when ready). */
  assets?: Record<string, AssetRef>;
  /** Site-relative links ("/coffee") are rewritten under this prefix (e.g. `/sites/<slug>`); absolute links untouched. */
  linkBase?: string;
}

export interface RenderOptions {
  /** Rewrite width @media into @container queries on the root (postcss, not regex). */
  containerMode?: boolean;
  /** Selector all CSS is scoped under (default `.folio-page`); the root element gets this class. */
  rootClass?: string;
  /**
   * Appended to every element's DOM id, and so to every id selector of the CSS, every same-page fragment
   * link (`href="#<key>"`) and every interaction trigger and target the page's script looks up (none by
   * default). Embeds pass a placeholder their script replaces per instance, so two embeds of one page on
   * one host page share no ids; it must be a string `cssIdent` leaves as it is (letters, digits, `-`, `_`,
   * or non-ASCII characters).
   */
  idSuffix?: string;
  /**
   * The page is a document of its own (a site, the editor's preview): its leading navbar sections are its
   * `header`, its trailing footer sections its `footer`, the rest its one `<main>` (`pageBands`). Off for
   * embeds and views, whose host page owns the landmarks.
   */
  landmarks?: boolean;
}

export interface RenderedPage {
  html: string;
  css: string;
  /** Interactions runtime + data, '' when the page has none. */
  script: string;
}

/** CSS of one section at one breakpoint; `media` is '' for the base. */
export interface BreakpointCss {
  breakpoint: string;
  media: string;
  css: string;
}

/** An asset of an exported section; fields that would be null are left out. */
export interface ExportedAsset {
  kind: 'image' | 'video' | 'shape' | 'font';
  url?: string;
  width?: number;
  height?: number;
  /** The element using it (also its DOM id); fonts have none. */
  elementKey?: string;
  /** Inline SVG of a shape. */
  svg?: string;
  /** An icon's name: its SVG is in the answer's `icons`. */
  icon?: string;
  family?: string;
  /** An image still rendering (`pending`) or that could not be made (`failed`); absent when ready. */
  status?: 'pending' | 'failed';
}

/**
 * An element of an exported tree: `type` absent means `text` when it has text, else `frame`; media `src`
 * is in the section's assets.
 */
export type ExportedElement = Omit<Element, 'type' | 'children'> & {
  type?: Element['type'];
  children?: ExportedElement[];
};

export interface ExportFlags {
  includeCss: boolean;
  includeInteractions: boolean;
  includeHtml: boolean;
  includeModels: boolean;
  model?: unknown;
}
