// The view of find_projects: one card per project with its thumbnail, title, publish state, last update
// and an "Open in editor" button, each link opened by the host.
import { el, notice, show } from './kit/dom.js';
import { connectView, createView, openThroughHost } from './kit/view-app.js';

interface FoundProject {
  projectKey: string;
  title: string;
  publishState: { destinations: { kind: 'site' | 'embed' | 'webhook'; url: string | null }[] };
  thumbnailUrl: string | null;
  editorUrl: string;
  updatedAt: string;
}

interface FoundProjects {
  projects: FoundProject[];
  notFound?: string[];
  hasMore: boolean;
}

const destinationNames = { site: 'Site', embed: 'Embed', webhook: 'Webhook' } as const;

const app = createView('gallery');

app.ontoolinput = () => show(notice('Finding projects…'));
app.ontoolresult = (result) => {
  const found = result.structuredContent as FoundProjects | undefined;
  if (result.isError || !found) {
    show(notice('Folio could not list projects for this request.', 'error'));
    return;
  }
  showGallery(found);
};

function showGallery({ projects, hasMore }: FoundProjects): void {
  const count = `${projects.length}${hasMore ? '+' : ''} project${projects.length === 1 ? '' : 's'}`;
  show(
    el('header', { class: 'heading' }, el('h1', {}, 'Folio projects'), el('small', {}, count)),
    projects.length
      ? el('ul', { class: 'cards' }, ...projects.map(card))
      : notice('No project matched. Try other words, or no words for your latest projects.'),
  );
}

function card(project: FoundProject): HTMLElement {
  const editor = el('button', { class: 'primary', type: 'button' }, 'Open in editor');
  editor.addEventListener('click', () => openThroughHost(app, project.editorUrl));
  return el(
    'li',
    { class: 'card', 'data-project-key': project.projectKey },
    el(
      'div',
      { class: 'thumb' },
      project.thumbnailUrl
        ? el('img', { src: project.thumbnailUrl, alt: `Thumbnail of ${project.title}`, loading: 'lazy' })
        : el('span', { 'aria-hidden': 'true' }, project.title.slice(0, 1).toUpperCase()),
    ),
    el(
      'div',
      { class: 'card-body' },
      el('h2', {}, project.title),
      el('div', { class: 'states' }, ...publishState(project)),
      el('div', { class: 'meta' }, `Updated ${formatDate(project.updatedAt)}`),
      el('div', { class: 'card-actions' }, editor),
    ),
  );
}

/** A link per published destination, or "Not published". */
function publishState({ publishState: { destinations } }: FoundProject): HTMLElement[] {
  const shown = destinations.filter((d) => d.kind !== 'webhook');
  if (!shown.length) return [el('span', { class: 'state' }, 'Not published')];
  return shown.map(({ kind, url }) => {
    const label = `${destinationNames[kind]} live`;
    if (!url) return el('span', { class: 'state live' }, label);
    const link = el('button', { class: 'state live', type: 'button', title: url }, `${label} ↗`);
    link.addEventListener('click', () => openThroughHost(app, url));
    return link;
  });
}

function formatDate(iso: string): string {
  const locale = app.getHostContext()?.locale;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

show(notice('Waiting for projects…'));
await connectView(app);
