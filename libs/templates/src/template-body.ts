/**
 * The body of `POST /project/create-from-template/:templateKey`. The REST DTOs implement these types;
 * `checkTemplateBody` checks what depends on the template (sections, pinned items).
 */

export interface TemplateProjectInput {
  /** Caller id of the project: sending it again updates that project. */
  id?: string;
  title?: string;
  description?: string;
  tags?: string[];
  workspaceKey?: string;
  pages?: TemplatePageInput[];
  pinned?: TemplatePinnedInput;
}

export interface TemplatePageInput {
  /** Caller id of the page, unique across the body's pages. */
  id?: string;
  title?: string;
  description?: string;
  path?: string;
  status?: number;
  data?: TemplateSectionInput[];
  /** Ids of the template's pinned items shown on this page. */
  pinned?: string[];
}

/** One section: `_type` names a section type of the template, every other property but `id` is a field. */
export interface TemplateSectionInput {
  _type: string;
  /** Caller id of the section, unique within its page. */
  id?: string;
  [field: string]: unknown;
}

/** Field values of one pinned item, array form. */
export interface TemplatePinnedEntryInput {
  /** The pinned item's id in the template. */
  id: string;
  [field: string]: unknown;
}

/** Field values of pinned items: keyed by pinned id, or a list of `{ id, …fields }`. */
export type TemplatePinnedInput = Record<string, Record<string, unknown>> | TemplatePinnedEntryInput[];
