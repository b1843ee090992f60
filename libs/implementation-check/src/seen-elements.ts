// What a rendered document shows, read in the browser: its text blocks (each block's own text, where the
// text is drawn, its colour, the background behind it and its font) and its pictures. Matching works on
// these alone, so an implementation is read exactly as the design is, whatever its markup or ids.

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface SeenElement {
  kind: 'text' | 'image';
  /** The design's element key (the id the renderer writes); null in an implementation. */
  key: string | null;
  /** Whitespace-collapsed text; empty for a picture. */
  text: string;
  /** In document pixels: for text, where its glyphs are drawn. */
  box: Box;
  /** `r,g,b` of the text, and of the first opaque background behind it. */
  color: string;
  background: string;
  /** `family size weight`: `inter 18 400`. */
  font: string;
}

/** At most this many elements are read from one document. */
export const maxSeenElements = 1500;

/**
 * The script Chromium runs (as a string: it must not depend on how this file is compiled). With `keyed`,
 * each element carries the id of its closest ancestor-or-self inside a section: the design's element key.
 */
export function seenElementsScript(keyed: boolean): string {
  return `(() => {
  const keyed = ${keyed ? 'true' : 'false'};
  const max = ${maxSeenElements};
  const rgb = (value) => {
    const m = /rgba?\\(([\\d.]+),\\s*([\\d.]+),\\s*([\\d.]+)(?:,\\s*([\\d.]+))?/.exec(value || '');
    if (!m || (m[4] !== undefined && Number(m[4]) < 0.5)) return null;
    return [m[1], m[2], m[3]].map((n) => Math.round(Number(n))).join(',');
  };
  const background = (element) => {
    for (let at = element; at && at.nodeType === 1; at = at.parentElement) {
      const color = rgb(getComputedStyle(at).backgroundColor);
      if (color) return color;
    }
    return '255,255,255';
  };
  const font = (style) =>
    [style.fontFamily.split(',')[0].trim().replace(/^["']|["']$/g, '').toLowerCase(),
     Math.round(parseFloat(style.fontSize)), style.fontWeight].join(' ');
  const keyOf = (element) => {
    if (!keyed) return null;
    const owner = element.closest('[data-section-key] [id], [data-section-key][id]');
    return owner ? owner.id : null;
  };
  const shown = (element) =>
    element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  const round = (n) => Math.round(n * 10) / 10;
  const boxOf = (rect) => ({ x: round(rect.left + scrollX), y: round(rect.top + scrollY), w: round(rect.width), h: round(rect.height) });
  const blocks = new Map();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node && blocks.size < max; node = walker.nextNode()) {
    const text = node.data.replace(/\\s+/g, ' ');
    const parent = node.parentElement;
    if (!text.trim() || !parent || parent.closest('script,style,noscript,template,title,svg') || !shown(parent)) continue;
    range.selectNodeContents(node);
    const rect = range.getBoundingClientRect();
    if (rect.width < 1 || rect.height < 1) continue;
    let block = parent;
    while (block.parentElement && block !== document.body && getComputedStyle(block).display === 'inline') block = block.parentElement;
    let entry = blocks.get(block);
    if (!entry) {
      entry = { element: parent, text: '', left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
      blocks.set(block, entry);
    }
    entry.text += text;
    entry.left = Math.min(entry.left, rect.left);
    entry.top = Math.min(entry.top, rect.top);
    entry.right = Math.max(entry.right, rect.right);
    entry.bottom = Math.max(entry.bottom, rect.bottom);
  }
  const seen = [];
  for (const [block, entry] of blocks) {
    const style = getComputedStyle(entry.element);
    seen.push({
      kind: 'text',
      key: keyOf(block),
      text: entry.text.replace(/\\s+/g, ' ').trim(),
      box: boxOf({ left: entry.left, top: entry.top, width: entry.right - entry.left, height: entry.bottom - entry.top }),
      color: rgb(style.color) || '0,0,0',
      background: background(entry.element),
      font: font(style),
    });
  }
  for (const image of document.querySelectorAll('img, video, svg')) {
    if (seen.length >= max) break;
    if (image.parentElement && image.parentElement.closest('svg')) continue;
    const rect = image.getBoundingClientRect();
    if (rect.width < 4 || rect.height < 4 || !shown(image)) continue;
    seen.push({
      kind: 'image',
      key: keyOf(image),
      text: '',
      box: boxOf(rect),
      color: '0,0,0',
      background: background(image),
      font: '',
    });
  }
  return seen;
})()`;
}
