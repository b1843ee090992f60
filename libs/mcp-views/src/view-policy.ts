// The Content-Security-Policy a view carries in its own document. Hosts build theirs from `_meta.ui.csp`,
// whose resourceDomains the MCP Apps spec maps to scripts and styles as well as images and fonts; a view
// needs Folio's images, fonts and videos only, and runs no script but its own.

export interface ViewPolicySources {
  /** The view's bundled script, `sha256-…` (computed by scripts/build-views.ts). */
  scriptHash: string;
  /** Allows the scripts a view's tools answer with (see ViewEntry.runsToolScripts); made per read. */
  nonce?: string;
  /** PUBLIC_BASE_URL's origin. */
  folioOrigin: string;
}

export function viewPolicy({ scriptHash, nonce, folioOrigin }: ViewPolicySources): string {
  return [
    "default-src 'none'",
    `script-src '${scriptHash}'${nonce ? ` 'nonce-${nonce}'` : ''}`,
    // The view's styles, the page's and the host's theme: inline, never fetched.
    "style-src 'unsafe-inline'",
    // data: for the placeholders of pictures still rendering and fonts a theme embeds.
    `img-src ${folioOrigin} data:`,
    `font-src ${folioOrigin} data:`,
    `media-src ${folioOrigin}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}
