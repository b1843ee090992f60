import { revealOnScroll } from '../motion.js';
import { design, frame, look, text } from '../section-builder.js';
import { type SectionDesign } from '../seed-content.types.js';
import { containerLook, eyebrow, sectionLook } from '../ui.js';

const stats: [string, string, string][] = [
  ['12k+', 'Teams on board', 'From two-person studios to public companies in 90 countries.'],
  ['0.8s', 'Median load time', 'Pages are pre-rendered and cached close to every visitor.'],
  ['35M', 'Visitors a month', 'Served reliably across our global edge network.'],
  ['4.9/5', 'Average rating', 'Based on more than 2,000 reviews from verified customers.'],
];

const statsGrid = design({
  id: 'starter/stats-grid',
  title: 'Stats — numbers with context',
  role: 'stats',
  tree: frame('root', 'Stats', look(sectionLook(), { tag: 'section' }), [
    frame(
      'inner',
      'Layout',
      look(containerLook(), {
        css: {
          display: 'grid',
          'grid-template-columns': '1fr 2fr',
          gap: 'var(--space-xxxl)',
          'align-items': 'start',
        },
        tablet: { 'grid-template-columns': '1fr', gap: 'var(--space-xl)' },
      }),
      [
        frame(
          'intro',
          'Intro',
          { css: { display: 'flex', 'flex-direction': 'column', gap: 'var(--space-md)' } },
          [
            eyebrow('eyebrow', 'Eyebrow', 'By the numbers'),
            text('title', 'Heading', 'Built to scale with ambitious teams', {
              tag: 'h2',
              textStyle: 'h2',
              css: { 'text-wrap': 'balance' },
            }),
            text(
              'subtitle',
              'Subheading',
              'The results our customers see after moving their websites to Lumen.',
              {
                textStyle: 'lead',
                css: { color: 'var(--color-text-muted)' },
              },
            ),
          ],
        ),
        frame(
          'grid',
          'Stat grid',
          {
            css: {
              display: 'grid',
              'grid-template-columns': 'repeat(2, 1fr)',
              gap: 'var(--space-xxl) var(--space-xl)',
            },
            mobile: { 'grid-template-columns': '1fr', gap: 'var(--space-lg)' },
          },
          stats.map(([value, label, detail], i) =>
            frame(
              `stat-${i + 1}`,
              `Stat ${i + 1}`,
              {
                css: {
                  display: 'flex',
                  'flex-direction': 'column',
                  gap: 'var(--space-xs)',
                  'padding-top': 'var(--space-lg)',
                  'border-top': '2px solid var(--color-primary)',
                },
              },
              [
                text(`stat-${i + 1}-value`, `Stat ${i + 1} value`, value, {
                  textStyle: 'display',
                  css: { 'font-size': 'clamp(2.5rem, 1.8rem + 2.2vw, 3.75rem)', color: 'var(--color-text)' },
                }),
                text(`stat-${i + 1}-label`, `Stat ${i + 1} label`, label, {
                  tag: 'h3',
                  textStyle: 'h3',
                  css: { 'font-size': '1.0625rem' },
                }),
                text(`stat-${i + 1}-text`, `Stat ${i + 1} text`, detail, {
                  textStyle: 'small',
                  css: { color: 'var(--color-text-muted)' },
                }),
              ],
            ),
          ),
        ),
      ],
    ),
  ]),
  interactions: [revealOnScroll('grid', ['stat-1', 'stat-2', 'stat-3', 'stat-4'])],
});

export const statsSections: SectionDesign[] = [statsGrid];
