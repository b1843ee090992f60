// Projects and pages as documents to search and read: what ChatGPT's deep research and company knowledge
// reach a connector through (the MCP `search` and `fetch` tools). A document's id is `<projectKey>` (the
// whole project) or `<projectKey>/<pageKey>` (one page).
import { Injectable } from '@nestjs/common';
import { publicKeySchema } from '#folio/content';
import { prefixTsQuery } from '#folio/db';
import { NotFoundError } from '#folio/errors';
import { answerTextBytes, designSummary, fitPages, jsonTextBytes, readablePage } from '#folio/exports';
import { type Actor } from '#folio/identity';
import { ProjectAccess, ProjectRepository } from '#folio/projects';
import { CitationUrls, type PublishedDestination, type PublishState } from '#folio/publishing';
import { ProjectFinder } from './project-finder.service.js';

/** Search results one answer holds at most. */
export const maxDocumentResults = 20;
/** Page ids a cut project's text lists for fetching on their own. */
const maxListedPages = 20;

/** A search result: which document, what to call it, where to cite it. */
export interface DocumentReference {
  id: string;
  /** The project's title, and the page's after it for a page. */
  title: string;
  /** The live site page when published as a site, else the editor. */
  url: string;
}

/** A document as `fetch` answers it: JSON-ready (dates as ISO strings), within one agent answer. */
export interface ProjectDocument extends DocumentReference {
  /** The readable content in reading order, page and section boundaries marked, the design in a line at the end. */
  text: string;
  metadata: {
    projectKey: string;
    /** Null for the whole project. */
    pageKey: string | null;
    publishState: Omit<PublishState, 'destinations'> & {
      destinations: (Omit<PublishedDestination, 'publishedAt'> & { publishedAt: string })[];
    };
    /** When the project last changed. */
    updatedAt: string;
    /** The text stops before the end of the project (at a page boundary) or of a long page. */
    truncated: boolean;
  };
}

const documentId = (projectKey: string, pageKey?: string | null) =>
  pageKey ? `${projectKey}/${pageKey}` : projectKey;

/** The project and page keys of a document id, or null when it cannot be one. */
function parseDocumentId(id: string): { projectKey: string; pageKey: string | null } | null {
  const [projectKey, pageKey, ...rest] = id.trim().split('/');
  const isKey = (key: string | undefined) => key !== undefined && publicKeySchema.safeParse(key).success;
  if (rest.length || !isKey(projectKey) || (pageKey !== undefined && !isKey(pageKey))) return null;
  return { projectKey, pageKey: pageKey ?? null };
}

/** One message for every id that names nothing the actor may see, so none tells whether it exists. */
const unknownDocument = (id: string) =>
  new NotFoundError(
    `Unknown id "${id}": no project or page with this id is visible to you. Use an id from search.`,
  );

@Injectable()
export class ProjectDocuments {
  constructor(
    private readonly finder: ProjectFinder,
    private readonly access: ProjectAccess,
    private readonly projects: ProjectRepository,
    private readonly citations: CitationUrls,
  ) {}

  /**
   * The projects the actor may see that match `query`, best first, at most 20, by find_projects' search:
   * a project matched in its page text is that page's document, any other match the project's. A query
   * without a word to search for finds nothing.
   */
  async search(actor: Actor, query: string): Promise<DocumentReference[]> {
    if (prefixTsQuery(query) === null) return [];
    const { projects } = await this.finder.find(actor, { search: query, limit: maxDocumentResults });
    const cite = await this.citations.of(projects.map((project) => project.projectKey));
    return projects.map(({ projectKey, title, match }) => {
      const page = match?.field === 'page' && match.pageKey ? match : undefined;
      return {
        id: documentId(projectKey, page?.pageKey),
        title: page ? `${title} — ${page.pageTitle}` : title,
        url: cite(projectKey, page?.pageKey),
      };
    });
  }

  /**
   * The document `id` names, as the current (draft) project reads, whole pages as long as its JSON stays
   * within one agent answer (`answerTextBytes`); a longer project stops at a page boundary and lists the
   * pages left out. An id unknown or not visible to the actor is the same NotFoundError.
   */
  async fetch(actor: Actor, id: string): Promise<ProjectDocument> {
    const ref = parseDocumentId(id);
    if (!ref) throw unknownDocument(id);
    const [found, project] = await Promise.all([
      this.finder.find(actor, { ids: [ref.projectKey], limit: 1 }),
      this.access.findAccessible(actor, ref.projectKey, 'view').catch((error: unknown) => {
        if (error instanceof NotFoundError) return null;
        throw error;
      }),
    ]);
    const [summary] = found.projects;
    if (!summary || !project) throw unknownDocument(id);
    const snapshot = await this.projects.snapshot(project.id);
    const page = ref.pageKey ? snapshot.pages.find((p) => p.key === ref.pageKey) : undefined;
    if (ref.pageKey && !page) throw unknownDocument(id);
    const cite = await this.citations.of([ref.projectKey]);

    const document: ProjectDocument = {
      id: documentId(ref.projectKey, ref.pageKey),
      title: page ? `${summary.title} — ${page.title}` : summary.title,
      text: '',
      url: cite(ref.projectKey, ref.pageKey),
      metadata: {
        projectKey: ref.projectKey,
        pageKey: ref.pageKey,
        publishState: {
          ...summary.publishState,
          destinations: summary.publishState.destinations.map((d) => ({
            ...d,
            publishedAt: d.publishedAt.toISOString(),
          })),
        },
        updatedAt: summary.updatedAt.toISOString(),
        // Measured with the longer of the two values.
        truncated: false,
      },
    };
    const seen = new Map<string, string>();
    const pages = (page ? [page] : snapshot.pages).map((p) => readablePage(snapshot, p, seen));
    const design = `\n\n${designSummary(snapshot.project.theme)}`;
    const cutNote = (from: number) => {
      if (page) return '\n\n[Cut here: the rest of this page does not fit in one answer.]';
      const rest = pages.slice(from).map((p) => documentId(ref.projectKey, p.pageKey));
      const more = rest.length > maxListedPages ? ` and ${rest.length - maxListedPages} more` : '';
      return `\n\n[Cut here: ${rest.length} more pages. Fetch each on its own: ${rest.slice(0, maxListedPages).join(', ')}${more}.]`;
    };
    const room =
      answerTextBytes -
      Buffer.byteLength(JSON.stringify(document)) -
      jsonTextBytes(design) -
      Math.max(0, ...pages.map((_, from) => jsonTextBytes(cutNote(from))));
    const fitted = fitPages(pages, room);
    document.text =
      `${fitted.text}${fitted.truncated ? cutNote(fitted.wholePages) : ''}${design}`.trimStart();
    document.metadata.truncated = fitted.truncated;
    return document;
  }
}
