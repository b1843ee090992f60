// What the views' own tools answer: the contract between the server and the views that read it.

/** preview_page: a page rendered as its site renders it, for the page preview view. */
export interface PagePreview {
  projectKey: string;
  projectTitle: string;
  pageKey: string;
  title: string;
  pages: { pageKey: string; title: string; path: string }[];
  /** The project's breakpoints, widest first, each with the width the editor previews it at. */
  breakpoints: { name: string; label: string; width: number }[];
  sections: { sectionKey: string; title: string }[];
  /** The page's markup; each section's root carries `data-section-key`. */
  html: string;
  /** Theme and section CSS, scoped to the page root, its width rules as `@container` queries. */
  css: string;
  /** The interactions script ('' when the page has none). */
  script: string;
  /** Pictures still rendering in the background: they show as placeholders until ready. */
  pendingImages: number;
  editorUrl: string;
}

/** preview_embed: the embed script /embed serves for these options, for the embed preview view. */
export interface EmbedPreview {
  projectKey: string;
  pageKey: string;
  scriptTag: string;
  script: string;
}

/** Where check_implementation's result carries, in `_meta`, the pictures its view compares. */
export const checkPicturesMeta = 'folio/pictures';

/** Per breakpoint: the design and the implementation as compared, base64 JPEG at the diff overlay's size. */
export type CheckPictures = { breakpoint: string; design: string; implementation: string }[];
