import { button, design, frame, look, text, type Spec } from '../section-builder.js';
import { type SectionDesign } from '../seed-content.types.js';
import { containerLook } from '../ui.js';
import { brand, socialLinks } from './parts.js';

const columns: [string, string[]][] = [
  ['Product', ['Features', 'Templates', 'Integrations', 'Pricing', 'Changelog']],
  ['Company', ['About', 'Customers', 'Careers', 'Press']],
  ['Resources', ['Guides', 'Help centre', 'Community', 'Status']],
];

function linkColumn(title: string, links: string[], i: number): Spec {
  const id = `col-${i + 1}`;
  const label = `Column ${i + 1}`;
  return frame(id, label, { css: { display: 'flex', 'flex-direction': 'column', gap: 'var(--space-sm)' } }, [
    text(`${id}-title`, `${label} title`, title, {
      tag: 'h3',
      textStyle: 'eyebrow',
      css: { color: 'var(--color-text)' },
    }),
    ...links.map((link, j) =>
      button(
        `${id}-${j + 1}`,
        `${label} link ${j + 1}`,
        link,
        `#${link.toLowerCase().replace(/\s+/g, '-')}`,
        {
          textStyle: 'small',
          css: { color: 'var(--color-text-muted)', 'text-decoration': 'none' },
        },
      ),
    ),
  ]);
}

const footerColumns = design({
  id: 'starter/footer-columns',
  title: 'Footer — link columns',
  role: 'footer',
  tree: frame(
    'root',
    'Footer',
    {
      tag: 'footer',
      css: {
        padding: 'var(--space-xxl) var(--space-xl) var(--space-xl)',
        background: 'var(--color-surface-alt)',
        color: 'var(--color-text)',
        'border-top': '1px solid var(--color-border)',
      },
      tablet: { padding: 'var(--space-xxl) var(--space-lg) var(--space-lg)' },
      mobile: { padding: 'var(--space-xl) var(--space-md) var(--space-lg)' },
    },
    [
      frame('inner', 'Content', containerLook(), [
        frame(
          'top',
          'Columns',
          {
            css: {
              display: 'grid',
              'grid-template-columns': '1.6fr repeat(3, 1fr)',
              gap: 'var(--space-xxl)',
            },
            tablet: { 'grid-template-columns': 'repeat(3, 1fr)', gap: 'var(--space-xl)' },
            mobile: { 'grid-template-columns': 'repeat(2, 1fr)', gap: 'var(--space-xl) var(--space-lg)' },
          },
          [
            frame(
              'about',
              'About',
              {
                css: {
                  display: 'flex',
                  'flex-direction': 'column',
                  gap: 'var(--space-md)',
                  'max-width': '320px',
                },
                tablet: { 'grid-column': '1 / -1', 'max-width': 'none' },
              },
              [
                brand('brand'),
                text(
                  'tagline',
                  'Tagline',
                  'The calm way to design, publish and grow your website — together.',
                  {
                    textStyle: 'small',
                    css: { color: 'var(--color-text-muted)' },
                  },
                ),
                socialLinks('social', 'Social'),
              ],
            ),
            ...columns.map(([title, links], i) => linkColumn(title, links, i)),
          ],
        ),
        frame(
          'bottom',
          'Bottom bar',
          {
            css: {
              display: 'flex',
              'justify-content': 'space-between',
              'align-items': 'center',
              gap: 'var(--space-md)',
              'margin-top': 'var(--space-xxl)',
              'padding-top': 'var(--space-lg)',
              'border-top': '1px solid var(--color-border)',
            },
            mobile: {
              'flex-direction': 'column-reverse',
              'align-items': 'flex-start',
              'margin-top': 'var(--space-xl)',
            },
          },
          [
            text('copyright', 'Copyright', '© 2025 Lumen Labs, Inc. All rights reserved.', {
              textStyle: 'small',
              css: { color: 'var(--color-text-muted)' },
            }),
            frame(
              'legal',
              'Legal links',
              { css: { display: 'flex', gap: 'var(--space-lg)', 'flex-wrap': 'wrap' } },
              ['Privacy', 'Terms', 'Cookies'].map((label, i) =>
                button(`legal-${i + 1}`, `Legal link ${i + 1}`, label, `#${label.toLowerCase()}`, {
                  textStyle: 'small',
                  css: { color: 'var(--color-text-muted)', 'text-decoration': 'none' },
                }),
              ),
            ),
          ],
        ),
      ]),
    ],
  ),
});

const onInverse = (percent: number) => `color-mix(in srgb, var(--color-on-inverse) ${percent}%, transparent)`;

const footerSimple = design({
  id: 'starter/footer-simple',
  title: 'Footer — centered, dark',
  role: 'footer',
  tree: frame(
    'root',
    'Footer',
    {
      tag: 'footer',
      css: {
        padding: 'var(--space-xxl) var(--space-xl)',
        background: 'var(--color-inverse)',
        color: 'var(--color-on-inverse)',
      },
      tablet: { padding: 'var(--space-xxl) var(--space-lg)' },
      mobile: { padding: 'var(--space-xl) var(--space-md)' },
    },
    [
      frame(
        'inner',
        'Content',
        look(containerLook('960px'), {
          css: {
            display: 'flex',
            'flex-direction': 'column',
            'align-items': 'center',
            gap: 'var(--space-lg)',
            'text-align': 'center',
          },
        }),
        [
          brand('brand'),
          frame(
            'links',
            'Links',
            {
              tag: 'nav',
              css: {
                display: 'flex',
                'flex-wrap': 'wrap',
                'justify-content': 'center',
                gap: 'var(--space-sm) var(--space-xl)',
              },
              mobile: { gap: 'var(--space-sm) var(--space-lg)' },
            },
            ['Product', 'Pricing', 'Customers', 'Blog', 'Careers', 'Contact'].map((label, i) =>
              button(`link-${i + 1}`, `Footer link ${i + 1}`, label, `#${label.toLowerCase()}`, {
                textStyle: 'small',
                css: { color: onInverse(78), 'text-decoration': 'none' },
              }),
            ),
          ),
          socialLinks('social', 'Social', {
            css: { color: onInverse(78), border: `1px solid ${onInverse(20)}` },
          }),
          text('copyright', 'Copyright', '© 2025 Lumen Labs, Inc. · Made with care in Lisbon and Toronto', {
            textStyle: 'small',
            css: {
              width: '100%',
              'padding-top': 'var(--space-lg)',
              'border-top': `1px solid ${onInverse(14)}`,
              color: onInverse(56),
            },
          }),
        ],
      ),
    ],
  ),
});

export const footerSections: SectionDesign[] = [footerColumns, footerSimple];
