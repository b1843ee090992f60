// Which page a tool answer is about, for the preview: get_project_sections, create_project, create_page
// and get_embed_code each name it their own way.

export interface PageTarget {
  projectKey: string;
  /** Absent: the project's home page. */
  pageKey?: string;
}

type Fields = Record<string, unknown> | undefined;

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

export function pageTarget(input: Fields, output: Fields): PageTarget | null {
  const projectKey = text(output?.projectKey) ?? text(input?.projectKey);
  if (!projectKey) return null;
  const pageKey =
    text(output?.pageKey) ??
    text(output?.homePageKey) ??
    text(input?.pageKey) ??
    firstSectionPage(input, output);
  return pageKey ? { projectKey, pageKey } : { projectKey };
}

/** An export narrowed to sections shows the page of the first one. */
function firstSectionPage(input: Fields, output: Fields): string | undefined {
  if (!Array.isArray(input?.sectionKeys) || !Array.isArray(output?.pages)) return undefined;
  return text((output.pages[0] as Fields)?.pageKey);
}
