// Runs a script a view's tool answered with (a page's interactions, an embed script). The view's policy
// allows no inline script but its own bundle and those carrying the nonce the server made when the host
// read the view; the bundle's script element carries it. Read before anything is shown, so no markup put
// into the view can come first.
import { el } from './dom.js';

const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';

/** Appends `code` to `parent` as a script, which runs it. */
export function runToolScript(parent: Element, code: string): void {
  parent.append(el('script', { nonce }, code));
}
