// Content-Security-Policy for documents made of rendered design content (sites, the editor's preview).

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
