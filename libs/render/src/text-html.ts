/**
 * Element text is HTML written by people, agents and template callers: it keeps inline formatting, links
 * with safe schemes and lists, and loses everything else (scripts, event handlers, styles, classes, ids).
 */
import sanitizeHtml from 'sanitize-html';
import { escapeHtml } from './html-escape.js';
import { safeHref } from './links.js';

/** What the element around the text may contain: flow content, phrasing only, or phrasing without links. */
export type TextContext = 'flow' | 'phrasing' | 'inLink';

const inlineTags = [
  'a',
  'abbr',
  'b',
  'br',
  'cite',
  'code',
  'del',
  'em',
  'i',
  'ins',
  'kbd',
  'mark',
  'q',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
];
const blockTags = ['p', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'hr'];

/** Tags whose content model is phrasing content: block-level text inside them would be invalid HTML. */
export const phrasingContainers = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'span',
  'label',
  'strong',
  'em',
  'b',
  'i',
  'small',
  'q',
  'cite',
  'code',
  'mark',
  'sub',
  'sup',
  'u',
  's',
  'time',
  'abbr',
  'dt',
  'summary',
  'legend',
  'pre',
]);

function options(context: TextContext, linkBase: string | undefined): sanitizeHtml.IOptions {
  const allowedTags =
    context === 'flow'
      ? [...inlineTags, ...blockTags]
      : context === 'phrasing'
        ? inlineTags
        : inlineTags.filter((tag) => tag !== 'a');
  return {
    allowedTags,
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      abbr: ['title'],
      time: ['datetime'],
      ol: ['start', 'reversed'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowProtocolRelative: true,
    disallowedTagsMode: 'discard',
    transformTags: {
      a: (tagName, attribs) => {
        const attributes: Record<string, string> = {};
        const href = safeHref(attribs.href, linkBase);
        if (href !== null) attributes.href = href;
        if (attribs.title) attributes.title = attribs.title;
        if (attribs.target === '_blank') {
          attributes.target = '_blank';
          attributes.rel = 'noopener noreferrer';
        }
        return { tagName, attribs: attributes };
      },
    },
  };
}

const optionsCache = new Map<string, sanitizeHtml.IOptions>();
const resultCache = new Map<string, string>();
const resultCacheLimit = 5_000;

/** Sanitized HTML for element text; plain text (no markup, no entities) is only escaped. */
export function sanitizeText(html: string, context: TextContext, linkBase?: string): string {
  if (!html.includes('<') && !html.includes('&')) return escapeHtml(html);
  const cacheKey = `${context}\u0000${linkBase ?? ''}\u0000${html}`;
  const cached = resultCache.get(cacheKey);
  if (cached !== undefined) return cached;
  const optionsKey = `${context}\u0000${linkBase ?? ''}`;
  let opts = optionsCache.get(optionsKey);
  if (!opts) {
    opts = options(context, linkBase);
    if (optionsCache.size > 100) optionsCache.clear();
    optionsCache.set(optionsKey, opts);
  }
  const clean = sanitizeHtml(html, opts);
  // Sanitizing is deterministic, and pages are re-rendered often with the same copy.
  if (resultCache.size >= resultCacheLimit) resultCache.clear();
  resultCache.set(cacheKey, clean);
  return clean;
}
