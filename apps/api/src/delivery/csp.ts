// Content-Security-Policy for documents made of rendered design content (sites, the editor's preview).
import { createHash } from 'node:crypto';

const inlineScript = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * `'sha256-…'` sources for every inline `<script>` of `html` (scripts with `src` load from 'self'), so a
 * policy can allow exactly the renderer's interactions runtime and nothing injected beside it.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(inlineScript)) {
    if (/\bsrc\s*=/i.test(attributes) || /\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attributes))
      continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * Designs load images, video and fonts from anywhere over https (and data: URLs), style themselves inline,
 * and run only the scripts named by `scriptSources`. Theme fonts come from `publicBaseUrl`'s `/fonts/`,
 * which is allowed also when the document is reached under another origin (a proxy, plain http).
 */
export function contentPolicy(options: {
  scriptSources: string[];
  frameAncestors: string;
  secure: boolean;
  formAction?: string;
  /** Folio's PUBLIC_BASE_URL: its origin may serve fonts. */
  publicBaseUrl?: string;
}): string {
  const fontOrigin = options.publicBaseUrl ? originOf(options.publicBaseUrl) : null;
  const directives = [
    "default-src 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    `script-src 'self' ${options.scriptSources.join(' ')}`.trim(),
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline' https:",
    "img-src 'self' data: blob: https:",
    "media-src 'self' data: blob: https:",
    `font-src 'self'${fontOrigin ? ` ${fontOrigin}` : ''} data: https:`,
    "frame-src 'self' https:",
    "connect-src 'self'",
    `form-action ${options.formAction ?? "'self'"}`,
    `frame-ancestors ${options.frameAncestors}`,
  ];
  if (options.secure) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

function originOf(url: string): string | null {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}
