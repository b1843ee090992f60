import { design, frame, look, text } from '../section-builder.js';
import { type SectionDesign } from '../seed-content.types.js';
import { containerLook, iconBadge, linkButton, primaryButton, sectionLook, shadow } from '../ui.js';

const snippet = [
  '$ npm install @atlas/sdk',
  '',
  "import { Atlas } from '@atlas/sdk';",
  '',
  'const atlas = new Atlas({ apiKey: process.env.ATLAS_KEY });',
  "const report = await atlas.query('weekly_active_users', {",
  "  range: 'last_30_days',",
  '});',
].join('\n');

const docsCallout = design({
  id: 'atlas-team/docs-callout',
  title: 'Call to action — developer docs with code',
  role: 'cta',
  tree: frame('root', 'Docs callout', look(sectionLook(), { tag: 'section' }), [
    frame(
      'panel',
      'Panel',
      look(containerLook('1120px'), {
        css: {
          display: 'grid',
          'grid-template-columns': '1fr 1.2fr',
          gap: 'var(--space-xxl)',
          'align-items': 'center',
          padding: 'var(--space-xxl)',
          background: 'var(--color-surface)',
          border: '1px solid var(--color-border)',
          'border-radius': 'var(--radius-lg)',
          'box-shadow': shadow.md,
        },
        tablet: { 'grid-template-columns': '1fr', gap: 'var(--space-xl)', padding: 'var(--space-xl)' },
        mobile: { padding: 'var(--space-lg)' },
      }),
      [
        frame(
          'copy',
          'Copy',
          {
            css: {
              display: 'flex',
              'flex-direction': 'column',
              gap: 'var(--space-md)',
              'align-items': 'flex-start',
            },
          },
          [
            iconBadge('icon', 'Icon', 'book-open'),
            text('title', 'Heading', 'Build on the Atlas API', {
              tag: 'h2',
              textStyle: 'h2',
              css: { 'font-size': 'clamp(1.625rem, 1.3rem + 1vw, 2.125rem)' },
            }),
            text(
              'text',
              'Text',
              'Query metrics, embed charts and automate reports with typed SDKs for TypeScript, Python and Go. Every endpoint is documented with runnable examples.',
              { css: { color: 'var(--color-text-muted)' } },
            ),
            frame(
              'links',
              'Links',
              {
                css: {
                  display: 'flex',
                  'align-items': 'center',
                  gap: 'var(--space-lg)',
                  'flex-wrap': 'wrap',
                  'margin-top': 'var(--space-xs)',
                },
              },
              [
                primaryButton('docs', 'Primary button', 'Read the docs', '#docs'),
                linkButton('reference', 'Secondary link', 'API reference →', '#api'),
              ],
            ),
          ],
        ),
        text('code', 'Code sample', snippet, {
          tag: 'pre',
          textStyle: 'small',
          css: {
            margin: '0',
            padding: 'var(--space-lg)',
            overflow: 'auto',
            background: 'var(--color-inverse)',
            color: 'var(--color-on-inverse)',
            'border-radius': 'var(--radius-md)',
            'font-family': 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
            'font-size': '0.875rem',
            'line-height': '1.7',
            'white-space': 'pre',
          },
          mobile: { 'font-size': '0.75rem', padding: 'var(--space-md)' },
        }),
      ],
    ),
  ]),
});

export const docsSections: SectionDesign[] = [docsCallout];
