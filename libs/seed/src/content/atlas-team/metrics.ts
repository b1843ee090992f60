import { art, palettes } from '../illustration.js';
import { hoverLift, revealOnScroll } from '../motion.js';
import { design, frame, image, look, text } from '../section-builder.js';
import { type SectionDesign } from '../seed-content.types.js';
import { card, containerLook, iconBadge, ink, sectionLook, tint } from '../ui.js';

const metrics: [string, string, string, string, boolean][] = [
  ['users', 'Weekly active users', '18,204', '+8.1%', true],
  ['timer', 'Median time to insight', '42 s', '−31%', true],
  ['database', 'Rows analysed today', '2.4B', '+19%', true],
  ['triangle-alert', 'Open data alerts', '3', '+1', false],
];

const metricsStrip = design({
  id: 'atlas-team/metrics-strip',
  title: 'Stats — metric tiles with sparklines',
  role: 'stats',
  tree: frame('root', 'Metrics', look(sectionLook('var(--color-surface-alt)'), { tag: 'section' }), [
    frame('inner', 'Content', containerLook(), [
      frame(
        'head',
        'Header',
        {
          css: {
            display: 'flex',
            'justify-content': 'space-between',
            'align-items': 'baseline',
            gap: 'var(--space-md)',
            'margin-bottom': 'var(--space-xl)',
          },
          mobile: { 'flex-direction': 'column', gap: 'var(--space-xs)' },
        },
        [
          text('title', 'Heading', 'Your workspace at a glance', {
            tag: 'h2',
            textStyle: 'h3',
            css: { 'font-size': '1.5rem' },
          }),
          text('note', 'Subheading', 'Live · refreshed every 5 minutes', {
            textStyle: 'small',
            css: { color: 'var(--color-text-muted)' },
          }),
        ],
      ),
      frame(
        'grid',
        'Metric grid',
        {
          css: { display: 'grid', 'grid-template-columns': 'repeat(4, 1fr)', gap: 'var(--space-md)' },
          tablet: { 'grid-template-columns': 'repeat(2, 1fr)' },
          mobile: { gap: 'var(--space-sm)' },
        },
        metrics.map(([iconName, label, value, delta, good], i) => {
          const id = `metric-${i + 1}`;
          const name = `Metric ${i + 1}`;
          const color = good ? 'secondary' : 'accent';
          return frame(
            id,
            name,
            card({
              css: {
                display: 'flex',
                'flex-direction': 'column',
                gap: 'var(--space-sm)',
                padding: 'var(--space-lg)',
              },
              mobile: { padding: 'var(--space-md)' },
            }),
            [
              frame(
                `${id}-top`,
                `${name} header`,
                { css: { display: 'flex', 'align-items': 'center', 'justify-content': 'space-between' } },
                [
                  text(`${id}-label`, `${name} label`, label, {
                    textStyle: 'small',
                    css: { color: 'var(--color-text-muted)' },
                  }),
                  iconBadge(`${id}-icon`, `${name} icon`, iconName, {
                    css: {
                      width: '32px',
                      height: '32px',
                      'border-radius': 'var(--radius-sm)',
                      transform: 'scale(0.85)',
                    },
                    mobile: { display: 'none' },
                  }),
                ],
              ),
              frame(
                `${id}-row`,
                `${name} value row`,
                {
                  css: {
                    display: 'flex',
                    'align-items': 'baseline',
                    gap: 'var(--space-xs)',
                    'flex-wrap': 'wrap',
                  },
                },
                [
                  text(`${id}-value`, `${name} value`, value, {
                    textStyle: 'h2',
                    css: { 'font-size': '2rem' },
                    mobile: { 'font-size': '1.5rem' },
                  }),
                  text(`${id}-delta`, `${name} delta`, delta, {
                    tag: 'span',
                    textStyle: 'small',
                    css: {
                      padding: '0.0625rem 0.5rem',
                      'border-radius': 'var(--radius-pill)',
                      background: tint(color, 14),
                      color: ink(color),
                      'font-weight': '600',
                    },
                  }),
                ],
              ),
              image(
                `${id}-spark`,
                `${name} sparkline`,
                art('chart', good ? palettes.atlas : palettes.sunset, `metric-${i}`, 4, 1),
                `${label} trend`,
                {
                  css: { width: '100%', 'aspect-ratio': '4 / 1' },
                },
              ),
            ],
          );
        }),
      ),
    ]),
  ]),
  interactions: [
    revealOnScroll(
      'grid',
      metrics.map((_, i) => `metric-${i + 1}`),
      70,
    ),
    ...metrics.map((_, i) => hoverLift(`metric-${i + 1}`)),
  ],
});

export const metricsSections: SectionDesign[] = [metricsStrip];
