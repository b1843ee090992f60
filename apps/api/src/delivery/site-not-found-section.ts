import { type SnapshotSection } from '#folio/content';

/**
 * The middle of a site's own not-found page, between its navbar and footer (`SiteService.notFoundDocument`):
 * a heading, a sentence and a link to the site's home page, in the site's theme (its text styles, colours
 * and spacing). Its keys are fixed: the page shows no other section of the content's.
 */
export function notFoundSection(): SnapshotSection {
  return {
    key: 'siteNotFound',
    title: 'Page not found',
    type: 'content',
    tree: {
      key: 'notFoundBody',
      type: 'frame',
      tag: 'section',
      children: [
        { key: 'notFoundHead', type: 'text', tag: 'h1', textStyle: 'h1', text: 'Page not found' },
        {
          key: 'notFoundText',
          type: 'text',
          textStyle: 'lead',
          text: 'There is no page at this address. The link may be mistyped, or the page may have moved.',
        },
        { key: 'notFoundHome', type: 'button', href: '/', text: 'Go to the home page' },
      ],
    },
    styles: {
      desktop: {
        notFoundBody: {
          display: 'flex',
          'flex-direction': 'column',
          'align-items': 'center',
          gap: 'var(--space-md, 1rem)',
          padding: 'var(--space-xxxl, 6rem) var(--space-lg, 1.5rem)',
          'text-align': 'center',
        },
        notFoundHead: { margin: '0', color: 'var(--color-text)' },
        notFoundText: {
          margin: '0',
          'max-width': '36rem',
          color: 'var(--color-text-muted, var(--color-text))',
        },
        notFoundHome: {
          display: 'inline-block',
          'margin-top': 'var(--space-md, 1rem)',
          padding: '0.75rem 1.5rem',
          'border-radius': 'var(--radius-pill, 999px)',
          background: 'var(--color-primary)',
          color: 'var(--color-on-primary)',
          'text-decoration': 'none',
          'font-weight': '600',
        },
      },
    },
    interactions: [],
  };
}
