// The view of get_project_sections, create_project, create_page, edit_project, publish_project and
// get_embed_code: the page rendered as its site shows it (preview_page), at the project's breakpoints, with its
// page list. A click on a section tells the model which one the person means. The sections an edit_project
// answer names as changed are marked. An answer with a confirmUrl (publish_project) offers "Review and
// publish…", opened by the host: publishing happens in Folio.
import { type PagePreview } from '../view-data.js';
import { el, notice, show } from './kit/dom.js';
import { pageTarget, type PageTarget } from './kit/page-target.js';
import { runToolScript } from './kit/tool-script.js';
import { connectView, createView, openThroughHost } from './kit/view-app.js';

/** How often, and how many times, a page with pictures still rendering is asked for again. */
const pendingPoll = { everyMs: 4000, times: 45 };

const app = createView('preview');
let toolInput: Record<string, unknown> | undefined;
let shown: PagePreview | null = null;
let width = '';
let selected = '';
let poll: ReturnType<typeof setTimeout> | undefined;
/** Where the person confirms the publish the answer asked for, if it asked for one. */
let confirmUrl: string | undefined;
/** The sections the answer changed (edit_project), by key. */
let changedSections = new Set<string>();

app.ontoolinput = ({ arguments: args }) => {
  toolInput = args;
  show(notice('Waiting for Folio…'));
};
app.ontoolresult = (result) => {
  const output = result.structuredContent as Record<string, unknown> | undefined;
  confirmUrl = !result.isError && typeof output?.confirmUrl === 'string' ? output.confirmUrl : undefined;
  changedSections = new Set(result.isError ? [] : changedKeys(output?.changed));
  const target = result.isError ? null : pageTarget(toolInput, output);
  if (!target) {
    show(notice('There is no page to preview for this answer.'));
    return;
  }
  void load(target);
};

async function load(target: PageTarget, polls = 0): Promise<void> {
  clearTimeout(poll);
  if (!polls) show(notice('Rendering the page…'));
  const result = await app.callServerTool({ name: 'preview_page', arguments: { ...target } });
  const preview = result.structuredContent as PagePreview | undefined;
  if (result.isError || !preview) {
    const text = result.content.map((block) => (block.type === 'text' ? block.text : '')).join(' ');
    show(notice(text || 'Folio could not render this page.', 'error'));
    return;
  }
  const changed = !polls || !shown || preview.pendingImages !== shown.pendingImages;
  if (changed) render(preview);
  if (preview.pendingImages > 0 && polls < pendingPoll.times) {
    poll = setTimeout(
      () => void load({ projectKey: preview.projectKey, pageKey: preview.pageKey }, polls + 1),
      pendingPoll.everyMs,
    );
  }
}

function render(preview: PagePreview): void {
  if (shown?.pageKey !== preview.pageKey) selected = '';
  shown = preview;
  if (!preview.breakpoints.some((b) => b.name === width)) width = preview.breakpoints[0]?.name ?? '';

  document.getElementById('page-css')?.remove();
  document.head.append(el('style', { id: 'page-css' }, preview.css));

  const stage = el('div', { class: 'stage' });
  stage.innerHTML = preview.html; // Rendered by libs/render from sanitised content, as sites serve it.
  stage.addEventListener('click', (event) => chooseSection(event, preview));
  if (selected)
    stage.querySelector(`[data-section-key="${CSS.escape(selected)}"]`)?.classList.add('selected');
  for (const key of changedSections)
    stage.querySelector(`[data-section-key="${CSS.escape(key)}"]`)?.classList.add('changed');
  const sizer = el('div', { class: 'sizer' }, stage);
  const frame = el('div', { class: 'frame', 'data-width': width }, sizer);

  show(
    el('header', { class: 'heading' }, el('h1', {}, preview.projectTitle), el('small', {}, preview.title)),
    toolbar(preview, frame),
    frame,
    el('p', { class: 'status', id: 'status' }, status(preview)),
  );
  if (preview.script) runToolScript(stage, preview.script);
  const fit = () => layout(frame, sizer, stage, preview);
  new ResizeObserver(fit).observe(stage);
  new ResizeObserver(fit).observe(frame);
  fit();
}

function toolbar(preview: PagePreview, frame: HTMLElement): HTMLElement {
  const pages = el(
    'select',
    { 'aria-label': 'Page' },
    ...preview.pages.map(({ pageKey, title, path }) =>
      el(
        'option',
        { value: pageKey, selected: pageKey === preview.pageKey ? '' : undefined },
        `${title}  /${path}`,
      ),
    ),
  );
  pages.addEventListener('change', () => void load({ projectKey: preview.projectKey, pageKey: pages.value }));

  const buttons = preview.breakpoints.map((breakpoint) => {
    const button = el(
      'button',
      {
        type: 'button',
        'data-breakpoint': breakpoint.name,
        'aria-pressed': String(breakpoint.name === width),
      },
      `${breakpoint.label} ${breakpoint.width}`,
    );
    button.addEventListener('click', () => {
      width = breakpoint.name;
      for (const other of buttons) other.setAttribute('aria-pressed', String(other === button));
      frame.dataset.width = width;
      frame.dispatchEvent(new Event('folio:width'));
    });
    return button;
  });

  const editor = el(
    'button',
    { type: 'button', class: confirmUrl ? undefined : 'primary' },
    'Open in editor',
  );
  editor.addEventListener('click', () => openThroughHost(app, preview.editorUrl));
  const review = confirmUrl ? reviewButton(confirmUrl) : null;
  return el(
    'div',
    { class: 'toolbar' },
    pages,
    el('div', { class: 'widths', role: 'group', 'aria-label': 'Width' }, ...buttons),
    el('span', { class: 'spacer' }),
    editor,
    review,
  );
}

/** Opens the confirmation page of publish_project's answer through the host. */
function reviewButton(url: string): HTMLElement {
  const button = el('button', { type: 'button', class: 'primary' }, 'Review and publish…');
  button.addEventListener('click', () => openThroughHost(app, url));
  return button;
}

/** The page laid out at the chosen breakpoint's width, scaled down to fit the view. */
function layout(frame: HTMLElement, sizer: HTMLElement, stage: HTMLElement, preview: PagePreview): void {
  const breakpoint = preview.breakpoints.find((b) => b.name === width) ?? preview.breakpoints[0];
  const pageWidth = breakpoint?.width ?? frame.clientWidth;
  const scale = Math.min(1, frame.clientWidth / pageWidth);
  stage.style.width = `${pageWidth}px`;
  stage.style.transform = `scale(${scale})`;
  stage.dataset.scale = String(scale);
  sizer.style.height = `${Math.ceil(stage.offsetHeight * scale)}px`;
  sizer.style.width = `${Math.floor(pageWidth * scale)}px`;
  if (!frame.dataset.listening) {
    frame.dataset.listening = '1';
    frame.addEventListener('folio:width', () => layout(frame, sizer, stage, preview));
  }
}

function chooseSection(event: MouseEvent, preview: PagePreview): void {
  const target = event.target as Element;
  // Links lead away from the preview; the click only chooses the section.
  if (target.closest('a, form')) event.preventDefault();
  const element = target.closest<HTMLElement>('[data-section-key]');
  const section = preview.sections.find((s) => s.sectionKey === element?.dataset.sectionKey);
  if (!element || !section) return;
  element.closest('.stage')?.querySelector('.selected')?.classList.remove('selected');
  element.classList.add('selected');
  selected = section.sectionKey;
  const told = tellSelection(preview, section);
  setStatus(`Selected “${section.title}”. Telling the assistant…`);
  told.then(
    () => setStatus(`Selected “${section.title}”: the assistant knows which section you mean.`),
    () => setStatus(`Selected “${section.title}”, but the host did not pass it on.`),
  );
}

/**
 * Tells the model which section the person chose. Titles are typed by whoever edits the project, so they
 * reach the model only as structured data of a model-context update; text names keys alone (the model
 * looks titles up with get_project_sections), above all in a message sent as the person.
 */
function tellSelection(preview: PagePreview, section: PagePreview['sections'][number]): Promise<unknown> {
  const { projectKey, pageKey } = preview;
  const { sectionKey } = section;
  const keys = `section ${sectionKey} on page ${pageKey} of the Folio project ${projectKey}`;
  if (!app.getHostCapabilities()?.updateModelContext) {
    return app.sendMessage({
      role: 'user',
      content: [{ type: 'text', text: `In the Folio preview I selected ${keys}.` }],
    });
  }
  return app.updateModelContext({
    content: [{ type: 'text', text: `In the Folio preview, the person selected ${keys}.` }],
    structuredContent: {
      selectedSection: {
        projectKey,
        pageKey,
        sectionKey,
        title: section.title,
        pageTitle: preview.title,
        projectTitle: preview.projectTitle,
      },
    },
  });
}

function status(preview: PagePreview): string {
  if (preview.pendingImages > 0) {
    return `${preview.pendingImages} picture${preview.pendingImages === 1 ? ' is' : 's are'} still rendering; they appear when ready.`;
  }
  const changed = preview.sections.filter((s) => changedSections.has(s.sectionKey)).length;
  const marked = changed ? `${changed} changed section${changed === 1 ? ' is' : 's are'} marked. ` : '';
  return `${marked}Click a section to point the assistant at it.`;
}

/** The section keys of an answer's `changed` list, whatever else it holds. */
function changedKeys(changed: unknown): string[] {
  if (!Array.isArray(changed)) return [];
  return changed.flatMap((entry: { sectionKey?: unknown }) =>
    typeof entry?.sectionKey === 'string' ? [entry.sectionKey] : [],
  );
}

function setStatus(text: string): void {
  const line = document.getElementById('status');
  if (line) line.textContent = text;
}

show(notice('Waiting for Folio…'));
await connectView(app);
