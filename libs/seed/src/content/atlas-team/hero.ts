import { art, palettes } from '../illustration.js';
import { introOnLoad } from '../motion.js';
import { design, frame, icon, image, look, text, type Spec } from '../section-builder.js';
import { type SectionDesign } from '../seed-content.types.js';
import { containerLook, primaryButton, secondaryButton, sectionLook, shadow, tint } from '../ui.js';

const onInverse = (percent: number) => `color-mix(in srgb, var(--color-on-inverse) ${percent}%, transparent)`;

const kpis: [string, string, string][] = [
  ['Revenue', '$482k', '+12.4%'],
  ['Active users', '18,204', '+8.1%'],
  ['Churn', '1.9%', '−0.4 pt'],
];

function kpi([label, value, delta]: [string, string, string], i: number): Spec {
  const id = `kpi-${i + 1}`;
  const name = `KPI ${i + 1}`;
  return frame(
    id,
    name,
    {
      css: {
        display: 'flex',
        'flex-direction': 'column',
        gap: '0.125rem',
        padding: 'var(--space-sm) var(--space-md)',
        background: 'var(--color-surface-alt)',
        'border-radius': 'var(--radius-md)',
      },
      mobile: { padding: 'var(--space-xs) var(--space-sm)' },
    },
    [
      text(`${id}-label`, `${name} label`, label, {
        textStyle: 'small',
        css: { color: 'var(--color-text-muted)', 'font-size': '0.75rem' },
      }),
      text(`${id}-value`, `${name} value`, value, {
        textStyle: 'h3',
        css: { 'font-size': '1.375rem', 'letter-spacing': '-0.02em' },
        mobile: { 'font-size': '1.0625rem' },
      }),
      text(`${id}-delta`, `${name} delta`, delta, {
        textStyle: 'small',
        css: { color: 'var(--color-secondary)', 'font-weight': '600', 'font-size': '0.75rem' },
      }),
    ],
  );
}

const dashboardHero = design({
  id: 'atlas-team/dashboard-hero',
  title: 'Hero — dashboard preview',
  role: 'hero',
  tree: frame(
    'root',
    'Hero',
    look(
      sectionLook(
        `radial-gradient(ellipse 60% 60% at 80% 20%, ${tint('primary', 45)}, transparent 70%), radial-gradient(ellipse 40% 50% at 0% 100%, ${tint('secondary', 25)}, transparent 70%), var(--color-inverse)`,
        'var(--color-on-inverse)',
      ),
      { tag: 'section' },
    ),
    [
      frame(
        'inner',
        'Layout',
        look(containerLook(), {
          css: {
            display: 'grid',
            'grid-template-columns': '1fr 1.1fr',
            gap: 'var(--space-xxl)',
            'align-items': 'center',
          },
          tablet: { 'grid-template-columns': '1fr' },
        }),
        [
          frame(
            'copy',
            'Copy',
            {
              css: {
                display: 'flex',
                'flex-direction': 'column',
                gap: 'var(--space-lg)',
                'align-items': 'flex-start',
              },
            },
            [
              text('badge', 'Eyebrow', 'New · Live dashboards', {
                tag: 'span',
                textStyle: 'eyebrow',
                css: {
                  padding: '0.375rem 0.875rem',
                  border: `1px solid ${onInverse(22)}`,
                  'border-radius': 'var(--radius-pill)',
                  background: onInverse(6),
                  color: 'var(--color-on-inverse)',
                },
              }),
              text('title', 'Headline', 'Answers from your data in seconds, not sprints', {
                tag: 'h1',
                textStyle: 'h1',
                css: { 'text-wrap': 'balance' },
              }),
              text(
                'subtitle',
                'Subheadline',
                'Connect your warehouse, ask questions in plain language and share dashboards that update themselves.',
                { textStyle: 'lead', css: { color: onInverse(72), 'max-width': '520px' } },
              ),
              frame(
                'actions',
                'Actions',
                {
                  css: { display: 'flex', gap: 'var(--space-sm)', 'flex-wrap': 'wrap' },
                  mobile: { 'flex-direction': 'column', width: '100%' },
                },
                [
                  primaryButton('primary', 'Primary button', 'Start free', '#start', {
                    css: { padding: '1rem 1.75rem' },
                  }),
                  secondaryButton('secondary', 'Secondary button', 'Book a demo', '#demo', {
                    css: {
                      padding: '1rem 1.75rem',
                      background: 'transparent',
                      color: 'var(--color-on-inverse)',
                      border: `1px solid ${onInverse(26)}`,
                      'box-shadow': 'none',
                    },
                  }),
                ],
              ),
              frame(
                'trust',
                'Trust line',
                { css: { display: 'flex', 'align-items': 'center', gap: 'var(--space-xs)' } },
                [
                  icon('trust-icon', 'Trust icon', 'lock', {
                    css: { display: 'inline-flex', color: 'var(--color-secondary)', transform: 'scale(0.8)' },
                  }),
                  text('trust-text', 'Trust text', 'SOC 2 Type II · GDPR ready · SSO on every plan', {
                    tag: 'span',
                    textStyle: 'small',
                    css: { color: onInverse(64) },
                  }),
                ],
              ),
            ],
          ),
          frame(
            'panel',
            'Dashboard panel',
            {
              css: {
                display: 'flex',
                'flex-direction': 'column',
                gap: 'var(--space-md)',
                padding: 'var(--space-lg)',
                background: 'var(--color-surface)',
                color: 'var(--color-text)',
                'border-radius': 'var(--radius-lg)',
                border: `1px solid ${onInverse(18)}`,
                'box-shadow': `${shadow.lg}, 0 0 0 8px ${onInverse(6)}`,
              },
              mobile: { padding: 'var(--space-md)', gap: 'var(--space-sm)' },
            },
            [
              frame(
                'panel-head',
                'Panel header',
                {
                  css: {
                    display: 'flex',
                    'justify-content': 'space-between',
                    'align-items': 'center',
                    gap: 'var(--space-sm)',
                  },
                },
                [
                  text('panel-title', 'Panel title', 'Revenue overview', {
                    textStyle: 'h3',
                    css: { 'font-size': '1rem' },
                  }),
                  text('panel-range', 'Panel range', 'Last 30 days', {
                    tag: 'span',
                    textStyle: 'small',
                    css: {
                      padding: '0.25rem 0.625rem',
                      border: '1px solid var(--color-border)',
                      'border-radius': 'var(--radius-pill)',
                      color: 'var(--color-text-muted)',
                      'font-size': '0.75rem',
                    },
                  }),
                ],
              ),
              frame(
                'kpis',
                'KPIs',
                {
                  css: { display: 'grid', 'grid-template-columns': 'repeat(3, 1fr)', gap: 'var(--space-sm)' },
                  mobile: { gap: 'var(--space-xs)' },
                },
                kpis.map(kpi),
              ),
              image(
                'chart',
                'Chart image',
                art('chart', palettes.atlas, 'dashboard-hero', 16, 7),
                'Revenue trending upward over 30 days',
                {
                  css: {
                    width: '100%',
                    'aspect-ratio': '16 / 7',
                    'border-bottom': '1px solid var(--color-border)',
                  },
                },
              ),
              text('legend', 'Chart caption', 'Updated 2 minutes ago from Snowflake', {
                textStyle: 'small',
                css: { color: 'var(--color-text-muted)', 'font-size': '0.75rem' },
              }),
            ],
          ),
        ],
      ),
    ],
  ),
  interactions: [introOnLoad('root', ['copy', 'panel'], 160)],
});

export const dashboardHeroSections: SectionDesign[] = [dashboardHero];
