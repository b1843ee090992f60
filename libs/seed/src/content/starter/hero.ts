import { art, palettes } from '../illustration.js';
import { introOnLoad, revealOnScroll } from '../motion.js';
import { design, frame, icon, image, look, text, type Spec } from '../section-builder.js';
import { type SectionDesign } from '../seed-content.types.js';
import {
  containerLook,
  eyebrow,
  iconBadge,
  primaryButton,
  secondaryButton,
  sectionLook,
  shadow,
  tint,
} from '../ui.js';
import { avatarArt, logoImages, partnerNames } from './parts.js';

/** Two buttons side by side; stacked full-width on phones. */
function actions(id: string, primary: [string, string], secondary: [string, string], center = false): Spec {
  return frame(
    id,
    'Actions',
    {
      css: {
        display: 'flex',
        'flex-wrap': 'wrap',
        gap: 'var(--space-sm)',
        'justify-content': center ? 'center' : 'flex-start',
        'flex-direction': 'row',
        'align-items': 'center',
        width: 'auto',
      },
      mobile: { 'flex-direction': 'column', 'align-items': 'stretch', width: '100%' },
    },
    [
      primaryButton(`${id}-primary`, 'Primary button', primary[0], primary[1], {
        css: { padding: '1rem 1.75rem' },
      }),
      secondaryButton(`${id}-secondary`, 'Secondary button', secondary[0], secondary[1], {
        css: { padding: '1rem 1.75rem' },
      }),
    ],
  );
}

/** Overlapping avatars with a line of social proof. */
function socialProof(id: string, line: string): Spec {
  const avatars = [0, 1, 2, 3].map((i) =>
    image(`${id}-avatar-${i + 1}`, `Avatar ${i + 1}`, avatarArt(`proof-${i}`, i), `Customer ${i + 1}`, {
      css: {
        width: '36px',
        height: '36px',
        'border-radius': 'var(--radius-pill)',
        border: '2px solid var(--color-background)',
        'margin-left': i ? '-10px' : '0',
        'object-fit': 'cover',
      },
    }),
  );
  return frame(
    id,
    'Social proof',
    {
      css: {
        display: 'flex',
        'flex-direction': 'row',
        'align-items': 'center',
        'justify-content': 'center',
        gap: 'var(--space-sm)',
      },
      mobile: { 'flex-direction': 'column' },
    },
    [
      frame(`${id}-avatars`, 'Avatars', { css: { display: 'flex' } }, avatars),
      text(`${id}-text`, 'Social proof text', line, {
        textStyle: 'small',
        css: { color: 'var(--color-text-muted)' },
      }),
    ],
  );
}

const heroCentered = design({
  id: 'starter/hero-centered',
  title: 'Hero — centered',
  role: 'hero',
  tree: frame(
    'root',
    'Hero',
    look(
      sectionLook(
        `radial-gradient(ellipse 70% 55% at 50% 0%, ${tint('primary', 16)}, transparent 70%), var(--color-background)`,
      ),
      {
        tag: 'section',
        css: { padding: 'calc(var(--space-xxxl) + var(--space-lg)) var(--space-xl) var(--space-xxxl)' },
        tablet: { padding: 'var(--space-xxxl) var(--space-lg) var(--space-xxl)' },
        mobile: { padding: 'var(--space-xxl) var(--space-md)' },
      },
    ),
    [
      frame(
        'inner',
        'Content',
        look(containerLook('860px'), {
          css: {
            display: 'flex',
            'flex-direction': 'column',
            'align-items': 'center',
            gap: 'var(--space-lg)',
            'text-align': 'center',
          },
        }),
        [
          frame(
            'badge',
            'Announcement badge',
            {
              css: {
                display: 'inline-flex',
                'align-items': 'center',
                gap: 'var(--space-xs)',
                padding: '0.25rem 0.75rem 0.25rem 0.25rem',
                background: 'var(--color-surface)',
                border: '1px solid var(--color-border)',
                'border-radius': 'var(--radius-pill)',
                'box-shadow': shadow.sm,
              },
            },
            [
              text('badge-chip', 'Badge label', 'New', {
                tag: 'span',
                textStyle: 'small',
                css: {
                  padding: '0.125rem 0.625rem',
                  background: 'var(--color-primary)',
                  color: 'var(--color-on-primary)',
                  'border-radius': 'var(--radius-pill)',
                  'font-weight': '600',
                },
              }),
              text('badge-text', 'Badge text', 'Version 2.0 is here — see what changed', {
                tag: 'span',
                textStyle: 'small',
                css: { color: 'var(--color-text-muted)' },
              }),
            ],
          ),
          text('title', 'Headline', 'Ship pages your team is proud of', {
            tag: 'h1',
            textStyle: 'display',
            css: { 'text-wrap': 'balance', 'max-width': '14ch' },
          }),
          text(
            'subtitle',
            'Subheadline',
            'Plan, design and publish beautiful pages in one calm workspace. Real-time collaboration, reusable sections and one-click publishing keep everyone moving.',
            {
              textStyle: 'lead',
              css: { color: 'var(--color-text-muted)', 'max-width': '620px', 'text-wrap': 'pretty' },
            },
          ),
          actions('actions', ['Start free trial', '#start'], ['Book a demo', '#demo'], true),
          socialProof('proof', 'Loved by <strong>12,000+</strong> designers, marketers and founders'),
        ],
      ),
    ],
  ),
  interactions: [introOnLoad('root', ['badge', 'title', 'subtitle', 'actions', 'proof'])],
});

const heroSplit = design({
  id: 'starter/hero-split',
  title: 'Hero — split with image',
  role: 'hero',
  tree: frame('root', 'Hero', look(sectionLook(), { tag: 'section' }), [
    frame(
      'inner',
      'Layout',
      look(containerLook(), {
        css: {
          display: 'grid',
          'grid-template-columns': '1.05fr 1fr',
          gap: 'var(--space-xxl)',
          'align-items': 'center',
        },
        tablet: { 'grid-template-columns': '1fr', gap: 'var(--space-xxl)' },
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
            eyebrow('eyebrow', 'Eyebrow', 'Built for modern teams'),
            text('title', 'Headline', 'Turn ideas into pages in an afternoon', {
              tag: 'h1',
              textStyle: 'h1',
              css: { 'text-wrap': 'balance' },
            }),
            text(
              'subtitle',
              'Subheadline',
              'Start from polished sections, drop in your words and images, and publish a fast, accessible site without waiting on a sprint.',
              { textStyle: 'lead', css: { color: 'var(--color-text-muted)', 'max-width': '540px' } },
            ),
            actions('actions', ['Get started free', '#start'], ['See how it works', '#tour']),
            frame(
              'points',
              'Highlights',
              {
                css: { display: 'flex', 'flex-wrap': 'wrap', gap: 'var(--space-xs) var(--space-lg)' },
                mobile: { 'flex-direction': 'column' },
              },
              ['No credit card needed', 'Cancel anytime', 'SOC 2 Type II'].map((label, i) =>
                frame(
                  `point-${i + 1}`,
                  `Highlight ${i + 1} row`,
                  { css: { display: 'flex', 'align-items': 'center', gap: 'var(--space-xs)' } },
                  [
                    icon(`point-${i + 1}-icon`, `Highlight ${i + 1} icon`, 'circle-check', {
                      css: { display: 'inline-flex', color: 'var(--color-primary)' },
                    }),
                    text(`point-${i + 1}-text`, `Highlight ${i + 1}`, label, {
                      tag: 'span',
                      textStyle: 'small',
                      css: { color: 'var(--color-text-muted)' },
                    }),
                  ],
                ),
              ),
            ),
          ],
        ),
        frame(
          'media',
          'Media',
          {
            css: { position: 'relative', margin: '0' },
            tablet: { 'max-width': '640px', width: '100%', margin: '0 auto' },
          },
          [
            image(
              'image',
              'Hero image',
              art('ui', palettes.indigo, 'hero-split', 5, 4),
              'Product dashboard showing pages and analytics',
              {
                css: {
                  width: '100%',
                  'aspect-ratio': '5 / 4',
                  'object-fit': 'cover',
                  'border-radius': 'var(--radius-lg)',
                  border: '1px solid var(--color-border)',
                  'box-shadow': shadow.lg,
                },
              },
            ),
            frame(
              'float',
              'Floating card',
              {
                css: {
                  position: 'absolute',
                  left: '-28px',
                  bottom: '-28px',
                  display: 'flex',
                  'align-items': 'center',
                  gap: 'var(--space-sm)',
                  padding: 'var(--space-md) var(--space-lg) var(--space-md) var(--space-md)',
                  background: 'var(--color-surface)',
                  border: '1px solid var(--color-border)',
                  'border-radius': 'var(--radius-md)',
                  'box-shadow': shadow.lg,
                },
                tablet: { left: '-12px' },
                mobile: {
                  left: '12px',
                  bottom: '-20px',
                  padding: 'var(--space-sm) var(--space-md) var(--space-sm) var(--space-sm)',
                },
              },
              [
                iconBadge('float-icon', 'Floating card icon', 'trending-up', {
                  css: {
                    width: '40px',
                    height: '40px',
                    background: tint('secondary', 14),
                    color: 'var(--color-secondary)',
                  },
                }),
                frame(
                  'float-copy',
                  'Floating card copy',
                  { css: { display: 'flex', 'flex-direction': 'column' } },
                  [
                    text('float-value', 'Floating card value', '+38% sign-ups', {
                      textStyle: 'h3',
                      css: { 'font-size': '1.0625rem' },
                    }),
                    text('float-label', 'Floating card label', 'after the spring relaunch', {
                      textStyle: 'small',
                      css: { color: 'var(--color-text-muted)' },
                    }),
                  ],
                ),
              ],
            ),
          ],
        ),
      ],
    ),
  ]),
  interactions: [introOnLoad('root', ['copy', 'media'], 150)],
});

const stats = [
  ['4.2×', 'faster launches'],
  ['98%', 'customer satisfaction'],
  ['35k', 'pages published'],
  ['24/7', 'human support'],
];
const heroStats = design({
  id: 'starter/hero-stats',
  title: 'Hero — with stats and logos',
  role: 'hero',
  tree: frame('root', 'Hero', look(sectionLook(), { tag: 'section' }), [
    frame('inner', 'Content', containerLook(), [
      frame(
        'top',
        'Intro',
        {
          css: {
            display: 'grid',
            'grid-template-columns': '1.25fr 1fr',
            gap: 'var(--space-xxl)',
            'align-items': 'end',
          },
          tablet: { 'grid-template-columns': '1fr', gap: 'var(--space-lg)' },
        },
        [
          frame(
            'heading',
            'Heading group',
            { css: { display: 'flex', 'flex-direction': 'column', gap: 'var(--space-md)' } },
            [
              eyebrow('eyebrow', 'Eyebrow', 'The platform for growing brands'),
              text('title', 'Headline', 'Everything you need to launch, learn and grow', {
                tag: 'h1',
                textStyle: 'h1',
                css: { 'text-wrap': 'balance' },
              }),
            ],
          ),
          frame(
            'side',
            'Supporting copy',
            { css: { display: 'flex', 'flex-direction': 'column', gap: 'var(--space-lg)' } },
            [
              text(
                'subtitle',
                'Subheadline',
                'From the first landing page to a full marketing site, keep design, content and analytics in one place your whole team can use.',
                { textStyle: 'lead', css: { color: 'var(--color-text-muted)' } },
              ),
              actions('actions', ['Start building', '#start'], ['Talk to sales', '#sales']),
            ],
          ),
        ],
      ),
      image(
        'image',
        'Hero image',
        art('blobs', palettes.indigo, 'hero-stats', 21, 9),
        'Abstract shapes in the brand colours',
        {
          css: {
            width: '100%',
            'aspect-ratio': '21 / 9',
            'object-fit': 'cover',
            'border-radius': 'var(--radius-lg)',
            'margin-top': 'var(--space-xxl)',
          },
          tablet: { 'aspect-ratio': '16 / 9', 'margin-top': 'var(--space-xl)' },
          mobile: { 'aspect-ratio': '4 / 3' },
        },
      ),
      frame(
        'stats',
        'Stats',
        {
          css: {
            display: 'grid',
            'grid-template-columns': 'repeat(4, 1fr)',
            gap: 'var(--space-lg)',
            'margin-top': 'var(--space-xl)',
            'padding-bottom': 'var(--space-xl)',
            'border-bottom': '1px solid var(--color-border)',
          },
          tablet: { 'grid-template-columns': 'repeat(2, 1fr)' },
        },
        stats.map(([value, label], i) =>
          frame(
            `stat-${i + 1}`,
            `Stat ${i + 1}`,
            { css: { display: 'flex', 'flex-direction': 'column', gap: '0.25rem' } },
            [
              text(`stat-${i + 1}-value`, `Stat ${i + 1} value`, value, { textStyle: 'h2' }),
              text(`stat-${i + 1}-label`, `Stat ${i + 1} label`, label, {
                textStyle: 'small',
                css: { color: 'var(--color-text-muted)' },
              }),
            ],
          ),
        ),
      ),
      frame(
        'logos',
        'Logos',
        {
          css: {
            display: 'flex',
            'flex-wrap': 'wrap',
            'align-items': 'center',
            'justify-content': 'space-between',
            gap: 'var(--space-lg)',
            'margin-top': 'var(--space-xl)',
          },
          mobile: { 'justify-content': 'center', gap: 'var(--space-md) var(--space-lg)' },
        },
        [
          text('logos-label', 'Logos label', 'Trusted by teams at', {
            textStyle: 'small',
            css: { color: 'var(--color-text-muted)', 'font-weight': '500', 'text-align': 'left' },
            mobile: { width: '100%', 'text-align': 'center' },
          }),
          ...logoImages('logo', partnerNames.slice(0, 5)),
        ],
      ),
    ]),
  ]),
  interactions: [revealOnScroll('stats', ['stat-1', 'stat-2', 'stat-3', 'stat-4'])],
});

const heroProduct = design({
  id: 'starter/hero-product',
  title: 'Hero — dark with product screenshot',
  role: 'hero',
  tree: frame(
    'root',
    'Hero',
    look(
      sectionLook(
        `radial-gradient(ellipse 60% 50% at 50% 0%, ${tint('primary', 55)}, transparent 70%), var(--color-inverse)`,
        'var(--color-on-inverse)',
      ),
      {
        tag: 'section',
        css: { 'padding-bottom': '0', overflow: 'hidden' },
        tablet: { 'padding-bottom': '0' },
        mobile: { 'padding-bottom': '0' },
      },
    ),
    [
      frame(
        'inner',
        'Content',
        look(containerLook('1040px'), {
          css: {
            display: 'flex',
            'flex-direction': 'column',
            'align-items': 'center',
            gap: 'var(--space-lg)',
            'text-align': 'center',
          },
        }),
        [
          text('eyebrow', 'Eyebrow', 'Now with AI-assisted layouts', {
            textStyle: 'eyebrow',
            css: {
              padding: '0.375rem 0.875rem',
              border: `1px solid color-mix(in srgb, var(--color-on-inverse) 22%, transparent)`,
              'border-radius': 'var(--radius-pill)',
              color: 'var(--color-on-inverse)',
              background: `color-mix(in srgb, var(--color-on-inverse) 6%, transparent)`,
            },
          }),
          text('title', 'Headline', 'The fastest way from first draft to live site', {
            tag: 'h1',
            textStyle: 'display',
            css: { 'text-wrap': 'balance', 'max-width': '16ch' },
          }),
          text(
            'subtitle',
            'Subheadline',
            'Describe the page you need and get a structured, on-brand draft in seconds. Then refine every detail visually.',
            {
              textStyle: 'lead',
              css: {
                color: `color-mix(in srgb, var(--color-on-inverse) 74%, transparent)`,
                'max-width': '600px',
              },
            },
          ),
          frame(
            'actions',
            'Actions',
            {
              css: {
                display: 'flex',
                gap: 'var(--space-sm)',
                'flex-wrap': 'wrap',
                'justify-content': 'center',
              },
              mobile: { 'flex-direction': 'column', 'align-items': 'stretch', width: '100%' },
            },
            [
              primaryButton('primary', 'Primary button', 'Try it free', '#start', {
                css: { padding: '1rem 1.75rem' },
              }),
              secondaryButton('secondary', 'Secondary button', 'Watch the 2-min tour', '#tour', {
                css: {
                  padding: '1rem 1.75rem',
                  background: `color-mix(in srgb, var(--color-on-inverse) 8%, transparent)`,
                  color: 'var(--color-on-inverse)',
                  border: `1px solid color-mix(in srgb, var(--color-on-inverse) 20%, transparent)`,
                  'box-shadow': 'none',
                },
              }),
            ],
          ),
          image(
            'image',
            'Product screenshot',
            art('ui', palettes.dusk, 'hero-product', 16, 10),
            'The editor with a page being designed',
            {
              css: {
                width: '100%',
                'aspect-ratio': '16 / 10',
                'object-fit': 'cover',
                'margin-top': 'var(--space-xl)',
                'border-radius': 'var(--radius-lg) var(--radius-lg) 0 0',
                border: `1px solid color-mix(in srgb, var(--color-on-inverse) 16%, transparent)`,
                'border-bottom': '0',
                'box-shadow': `0 -20px 80px -20px ${tint('primary', 60)}`,
              },
              mobile: { 'margin-top': 'var(--space-md)', 'aspect-ratio': '4 / 3' },
            },
          ),
        ],
      ),
    ],
  ),
  interactions: [introOnLoad('root', ['eyebrow', 'title', 'subtitle', 'actions', 'image'], 100)],
});

export const heroSections: SectionDesign[] = [heroCentered, heroSplit, heroStats, heroProduct];
