// The MCP Apps views Folio serves: their ui:// addresses and what a host lists about them.

export type ViewName = 'gallery' | 'preview' | 'embed-preview' | 'check';

export interface ViewEntry {
  name: ViewName;
  uri: `ui://folio/${ViewName}`;
  title: string;
  description: string;
  /** Browser permissions the view asks its host for (the iframe's `allow`). */
  permissions?: { clipboardWrite?: Record<string, never> };
  /**
   * Runs a script its tools answer with (a page's interactions, an embed script) through
   * views/kit/tool-script.ts: its policy allows that by a nonce made per read.
   */
  runsToolScripts?: true;
}

export const viewCatalog: readonly ViewEntry[] = [
  {
    name: 'gallery',
    uri: 'ui://folio/gallery',
    title: 'Project gallery',
    description: 'find_projects results as cards: thumbnail, title, publish state, last update, editor link.',
  },
  {
    name: 'preview',
    uri: 'ui://folio/preview',
    title: 'Page preview',
    description: 'A page rendered as its site shows it, at the project’s breakpoints, with its page list.',
    runsToolScripts: true,
  },
  {
    name: 'embed-preview',
    uri: 'ui://folio/embed-preview',
    title: 'Embed preview',
    description: 'An embed with its options applied, and its script tag to copy.',
    permissions: { clipboardWrite: {} },
    runsToolScripts: true,
  },
  {
    name: 'check',
    uri: 'ui://folio/check',
    title: 'Implementation check',
    description:
      'check_implementation per breakpoint: design, implementation and their difference, with a slider.',
  },
];

export function viewUri(name: ViewName): ViewEntry['uri'] {
  return `ui://folio/${name}`;
}
