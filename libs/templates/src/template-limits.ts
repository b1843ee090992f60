/** Input limits of the template API: the DTOs, the body checker and the JSON Schema all read these. */
export const templateLimits = {
  /** Request body, in bytes (larger bodies are answered 413 before parsing). */
  bodyBytes: 5 * 1024 * 1024,
  pages: 200,
  /** Sections over all pages of one request. */
  sections: 500,
  /** Caller ids (project, page, section) and pinned ids. */
  idLength: 200,
  titleLength: 200,
  descriptionLength: 5_000,
  tags: 50,
  tagLength: 100,
  pathLength: 200,
  textLength: 10_000,
  htmlLength: 100_000,
  urlLength: 2_048,
  styleLength: 200,
} as const;

/** Page `status`: 0 done, 1 in progress, 2 on hold, 3 needs review (docs/design.md §10). */
export const pageStatuses = [0, 1, 2, 3] as const;
