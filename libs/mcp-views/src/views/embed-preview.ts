// The view of get_embed_code: the embed with the chosen options applied (preview_embed runs the embed
// script itself), and its script tag with a copy button.
import { type EmbedPreview } from '../view-data.js';
import { el, notice, show } from './kit/dom.js';
import { runToolScript } from './kit/tool-script.js';
import { connectView, createView } from './kit/view-app.js';

interface EmbedCode {
  projectKey: string;
  pageKey: string;
  scriptTag: string;
  readiness: { ready: boolean; checks: { ok: boolean; message: string }[] };
  options: Record<string, { value: unknown }>;
}

const optionNames = ['fill', 'shadowdom', 'containerMode', 'target', 'templateVariables'] as const;

const app = createView('embed-preview');
let toolInput: Record<string, unknown> = {};

app.ontoolinput = ({ arguments: args }) => {
  toolInput = args ?? {};
  show(notice('Waiting for the embed code…'));
};
app.ontoolresult = (result) => {
  const code = result.structuredContent as EmbedCode | undefined;
  if (result.isError || !code) {
    show(notice('There is no embed to preview for this answer.', 'error'));
    return;
  }
  void preview(code);
};

async function preview(code: EmbedCode): Promise<void> {
  const options = Object.fromEntries(
    optionNames.flatMap((name) => (name in toolInput ? [[name, toolInput[name]]] : [])),
  );
  const result = await app.callServerTool({
    name: 'preview_embed',
    arguments: { projectKey: code.projectKey, pageKey: code.pageKey, options },
  });
  const embed = result.structuredContent as EmbedPreview | undefined;
  if (result.isError || !embed) {
    show(notice('Folio could not build this embed.', 'error'));
    return;
  }
  const host = el('div', { class: `embed-host${options.fill ? ' fill' : ''}` });
  const target = typeof options.target === 'string' ? targetElement(options.target) : null;
  if (target) host.append(target);
  show(
    el('header', { class: 'heading' }, el('h1', {}, 'Embed preview'), el('small', {}, readiness(code))),
    el(
      'ul',
      { class: 'options', 'aria-label': 'Options' },
      ...optionNames.map((name) => optionChip(name, code)),
    ),
    snippet(code.scriptTag),
    host,
  );
  // The script places the embed after itself, or into its target.
  runToolScript(host, embed.script);
}

function readiness({ readiness: { ready, checks } }: EmbedCode): string {
  return ready ? 'Ready to paste' : (checks.find((check) => !check.ok)?.message ?? 'Not ready');
}

function optionChip(name: (typeof optionNames)[number], code: EmbedCode): HTMLElement {
  const value = code.options[name]?.value;
  const on = value !== undefined && value !== false && value !== null && value !== '';
  const text = typeof value === 'boolean' || !on ? name : `${name}: ${JSON.stringify(value)}`;
  return el('li', { class: on ? 'on' : undefined }, `${on ? '✓' : '–'} ${text}`);
}

function snippet(scriptTag: string): HTMLElement {
  const copy = el('button', { type: 'button', class: 'primary' }, 'Copy script tag');
  copy.addEventListener('click', () => {
    void copyText(scriptTag).then((done) => {
      copy.textContent = done ? 'Copied' : 'Select and copy';
    });
  });
  return el('div', { class: 'snippet' }, el('code', {}, scriptTag), copy);
}

/**
 * The clipboard API where the host grants clipboard-write (the view asks for it); the selection's copy
 * command in a frame that has not got it (calling the API there is a reported policy violation).
 */
async function copyText(text: string): Promise<boolean> {
  if (clipboardAllowed()) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Refused all the same: copy the selection.
    }
  }
  const area = el('textarea', { readonly: '', style: 'position:fixed;opacity:0' });
  area.value = text;
  document.body.append(area);
  area.select();
  const done = document.execCommand('copy');
  area.remove();
  return done;
}

function clipboardAllowed(): boolean {
  const policy = (document as { featurePolicy?: { allowsFeature(name: string): boolean } }).featurePolicy;
  return policy ? policy.allowsFeature('clipboard-write') : Boolean(navigator.clipboard);
}

/** An element the `target` selector matches, when it names an id or a class. */
function targetElement(selector: string): HTMLElement | null {
  const match = /^([#.])([A-Za-z][\w-]*)$/.exec(selector.trim());
  if (!match) return null;
  return el('div', match[1] === '#' ? { id: match[2] } : { class: match[2] });
}

show(notice('Waiting for the embed code…'));
await connectView(app);
