import { parse } from 'node-html-parser';

/**
 * The visible text of a page, section by section, as the editor preview shows the draft to `cookie`'s
 * person. Throws when the editor does not answer 200 or the preview repeats an element id.
 */
export async function editorPreviewSections(
  baseUrl: string,
  cookie: string,
  projectKey: string,
  pageKey: string,
): Promise<{ key: string; text: string }[]> {
  const response = await fetch(`${baseUrl}/editor/${projectKey}/${pageKey}`, { headers: { cookie } });
  if (response.status !== 200)
    throw new Error(`The editor answered ${response.status} for ${projectKey}/${pageKey}.`);
  const editor = parse(await response.text());
  const document = parse(editor.querySelector('iframe.preview-frame')!.getAttribute('srcdoc')!);
  // Element ids only: inline SVG data URLs inside attributes would look like ids to an [id] selector.
  const ids = document.querySelectorAll('*').flatMap((element) => element.getAttribute('id') ?? []);
  const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
  if (repeated.length)
    throw new Error(`The editor preview repeats element ids: ${[...new Set(repeated)].join(', ')}.`);
  return document.querySelectorAll('[data-section-key]').map((section) => ({
    key: section.getAttribute('data-section-key')!,
    text: section.textContent.replace(/\s+/g, ' ').trim(),
  }));
}
