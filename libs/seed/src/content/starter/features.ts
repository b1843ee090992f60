import { art, palettes } from '../illustration.js';
import { hoverLift, revealOnScroll } from '../motion.js';
import { design, frame, image, look, text, type Props, type Spec } from '../section-builder.js';
import { type SectionDesign } from '../seed-content.types.js';
import {
  card,
  checkList,
  containerLook,
  eyebrow,
  iconBadge,
  linkButton,
  primaryButton,
  sectionHeader,
  sectionLook,
  shadow,
  tint,
} from '../ui.js';

interface Feature {
  icon: string;
  title: string;
  text: string;
}

/** Icon, title and text; `label` names the slots ("Feature 1 icon", "Feature 1 title", …). */
function featureBody(id: string, label: string, f: Feature, props: Props = {}): Spec[] {
  return [
    iconBadge(`${id}-icon`, `${label} icon`, f.icon, props),
    text(`${id}-title`, `${label} title`, f.title, { tag: 'h3', textStyle: 'h3' }),
    text(`${id}-text`, `${label} text`, f.text, { css: { color: 'var(--color-text-muted)' } }),
  ];
}

const gridFeatures: Feature[] = [
  {
    icon: 'zap',
    title: 'Fast by default',
    text: 'Pages are pre-rendered and served from the edge, so visitors see content in well under a second.',
  },
  {
    icon: 'layout-template',
    title: 'Reusable sections',
    text: 'Save any block to your library and reuse it across pages and projects, with changes kept in sync.',
  },
  {
    icon: 'users',
    title: 'Real-time collaboration',
    text: 'Edit together, comment in context and resolve feedback without long email threads.',
  },
  {
    icon: 'smartphone',
    title: 'Responsive out of the box',
    text: 'Every section adapts to desktop, tablet and phone, with per-breakpoint control when you need it.',
  },
  {
    icon: 'chart-line',
    title: 'Built-in analytics',
    text: 'See what visitors read and click, then improve your pages with clear, privacy-friendly reports.',
  },
  {
    icon: 'shield-check',
    title: 'Secure and compliant',
    text: 'Single sign-on, roles and audit logs come standard, so you can grow without compromises.',
  },
];

const featuresGrid = design({
  id: 'starter/features-grid',
  title: 'Features — icon grid',
  role: 'features',
  tree: frame('root', 'Features', look(sectionLook(), { tag: 'section' }), [
    frame('inner', 'Content', containerLook(), [
      sectionHeader('header', {
        eyebrow: 'Features',
        title: 'Everything you need to ship great pages',
        subtitle:
          'Powerful building blocks that stay out of your way, so you can focus on the story you want to tell.',
      }),
      frame(
        'grid',
        'Feature grid',
        {
          css: { display: 'grid', 'grid-template-columns': 'repeat(3, 1fr)', gap: 'var(--space-lg)' },
          tablet: { 'grid-template-columns': 'repeat(2, 1fr)' },
          mobile: { 'grid-template-columns': '1fr', gap: 'var(--space-md)' },
        },
        gridFeatures.map((f, i) =>
          frame(
            `card-${i + 1}`,
            `Feature ${i + 1}`,
            card({
              css: {
                display: 'flex',
                'flex-direction': 'column',
                gap: 'var(--space-md)',
                'grid-template-columns': 'none',
                'align-items': 'stretch',
              },
              // Phones: icon beside the text, so six features stay scannable.
              mobile: {
                display: 'grid',
                'grid-template-columns': '48px 1fr',
                gap: 'var(--space-xs) var(--space-md)',
                'align-items': 'start',
              },
            }),
            featureBody(`card-${i + 1}`, `Feature ${i + 1}`, f, { mobile: { 'grid-row': 'span 2' } }),
          ),
        ),
      ),
    ]),
  ]),
  interactions: [
    revealOnScroll(
      'grid',
      gridFeatures.map((_, i) => `card-${i + 1}`),
      70,
    ),
    ...gridFeatures.map((_, i) => hoverLift(`card-${i + 1}`)),
  ],
});

interface Row {
  step: string;
  title: string;
  text: string;
  points: string[];
  image: string;
  alt: string;
}

const rows: Row[] = [
  {
    step: '01 — Plan',
    title: 'Map every page before you build it',
    text: 'Sketch your site structure, assign owners and keep copy, images and feedback together in one shared outline.',
    points: ['Drag-and-drop sitemap', 'Owners and due dates', 'Comments on every block'],
    image: art('ui', palettes.indigo, 'rows-plan', 4, 3),
    alt: 'A sitemap with pages and their owners',
  },
  {
    step: '02 — Design',
    title: 'Design with sections that already work',
    text: 'Mix and match proven sections, then fine-tune spacing, type and colour without touching a line of code.',
    points: ['Theme tokens for colour and type', 'Per-breakpoint controls', 'Undo history for every change'],
    image: art('geometric', palettes.indigo, 'rows-design', 4, 3),
    alt: 'Colourful geometric shapes arranged on a grid',
  },
  {
    step: '03 — Publish',
    title: 'Go live with a click, roll back in one',
    text: 'Preview changes on any device, publish when you are ready and restore an earlier version at any time.',
    points: ['Shareable preview links', 'Scheduled publishing', 'Full version history'],
    image: art('blobs', palettes.sky, 'rows-publish', 4, 3),
    alt: 'Soft overlapping colour shapes',
  },
];

const featuresAlternating = design({
  id: 'starter/features-alternating',
  title: 'Features — alternating image rows',
  role: 'features',
  tree: frame('root', 'Features', look(sectionLook(), { tag: 'section' }), [
    frame('inner', 'Content', containerLook(), [
      sectionHeader('header', {
        eyebrow: 'How it works',
        title: 'From first idea to live site in three steps',
        subtitle: 'A clear path for the whole team, whether you are launching one page or a hundred.',
      }),
      frame(
        'rows',
        'Rows',
        {
          css: { display: 'flex', 'flex-direction': 'column', gap: 'var(--space-xxxl)' },
          tablet: { gap: 'var(--space-xxl)' },
        },
        rows.map((row, i) => {
          const id = `row-${i + 1}`;
          const label = `Row ${i + 1}`;
          const flipped = i % 2 === 1;
          return frame(
            id,
            label,
            {
              css: {
                display: 'grid',
                'grid-template-columns': '1fr 1fr',
                gap: 'var(--space-xxl)',
                'align-items': 'center',
              },
              tablet: { 'grid-template-columns': '1fr', gap: 'var(--space-xl)' },
            },
            [
              image(`${id}-image`, `${label} image`, row.image, row.alt, {
                css: {
                  width: '100%',
                  'aspect-ratio': '4 / 3',
                  'object-fit': 'cover',
                  'border-radius': 'var(--radius-lg)',
                  border: '1px solid var(--color-border)',
                  'box-shadow': shadow.md,
                  order: flipped ? '2' : '0',
                },
                tablet: { order: '0' },
              }),
              frame(
                `${id}-copy`,
                `${label} copy`,
                {
                  css: {
                    display: 'flex',
                    'flex-direction': 'column',
                    gap: 'var(--space-md)',
                    'align-items': 'flex-start',
                    'max-width': '500px',
                    order: flipped ? '1' : '0',
                  },
                  tablet: { order: '0', 'max-width': '640px' },
                },
                [
                  eyebrow(`${id}-step`, `${label} eyebrow`, row.step),
                  text(`${id}-title`, `${label} title`, row.title, {
                    tag: 'h3',
                    textStyle: 'h2',
                    css: { 'font-size': 'clamp(1.5rem, 1.2rem + 1vw, 2rem)', 'text-wrap': 'balance' },
                  }),
                  text(`${id}-text`, `${label} text`, row.text, {
                    textStyle: 'lead',
                    css: { color: 'var(--color-text-muted)' },
                  }),
                  checkList(`${id}-points`, `${label} point`, row.points),
                  linkButton(`${id}-link`, `${label} link`, 'Learn more →', '#learn-more', {
                    css: { 'margin-top': 'var(--space-xs)' },
                  }),
                ],
              ),
            ],
          );
        }),
      ),
    ]),
  ]),
  interactions: rows.map((_, i) =>
    revealOnScroll(`row-${i + 1}`, [`row-${i + 1}-image`, `row-${i + 1}-copy`], 120),
  ),
});

const bentoCard = (extra: Props): Props =>
  card(
    look(
      { css: { display: 'flex', 'flex-direction': 'column', gap: 'var(--space-md)', overflow: 'hidden' } },
      extra,
    ),
  );

const featuresBento = design({
  id: 'starter/features-bento',
  title: 'Features — bento cards',
  role: 'features',
  tree: frame('root', 'Features', look(sectionLook('var(--color-surface-alt)'), { tag: 'section' }), [
    frame('inner', 'Content', containerLook(), [
      sectionHeader('header', {
        eyebrow: 'Why teams switch',
        title: 'One workspace for the whole website',
        subtitle: 'Design, content and performance live side by side, so nothing falls through the cracks.',
      }),
      frame(
        'grid',
        'Bento grid',
        {
          css: {
            display: 'grid',
            'grid-template-columns': 'repeat(3, 1fr)',
            'grid-auto-rows': 'minmax(240px, auto)',
            gap: 'var(--space-lg)',
          },
          tablet: { 'grid-template-columns': 'repeat(2, 1fr)' },
          mobile: { 'grid-template-columns': '1fr', 'grid-auto-rows': 'auto', gap: 'var(--space-md)' },
        },
        [
          frame(
            'card-1',
            'Card 1',
            bentoCard({
              css: { 'grid-column': 'span 2', 'padding-bottom': '0' },
              mobile: { 'grid-column': 'span 1' },
            }),
            [
              ...featureBody('card-1', 'Card 1', {
                icon: 'layout-dashboard',
                title: 'A visual editor that feels familiar',
                text: 'Click any element to edit it in place. Layouts, spacing and type follow your theme automatically.',
              }),
              image(
                'card-1-image',
                'Card 1 image',
                art('ui', palettes.indigo, 'bento-editor', 16, 7),
                'The visual editor',
                {
                  css: {
                    width: '100%',
                    'aspect-ratio': '16 / 7',
                    'object-fit': 'cover',
                    'object-position': 'top',
                    'margin-top': 'auto',
                    'border-radius': 'var(--radius-md) var(--radius-md) 0 0',
                    border: '1px solid var(--color-border)',
                    'border-bottom': '0',
                  },
                },
              ),
            ],
          ),
          frame(
            'card-2',
            'Card 2',
            bentoCard({
              css: {
                'grid-row': 'span 2',
                background: 'var(--color-inverse)',
                color: 'var(--color-on-inverse)',
                border: '1px solid var(--color-inverse)',
                'justify-content': 'space-between',
              },
              tablet: { 'grid-row': 'span 1', 'grid-column': 'span 2' },
              mobile: { 'grid-column': 'span 1' },
            }),
            [
              frame(
                'card-2-copy',
                'Card 2 copy',
                { css: { display: 'flex', 'flex-direction': 'column', gap: 'var(--space-sm)' } },
                [
                  text('card-2-eyebrow', 'Card 2 eyebrow', 'Reliability', {
                    textStyle: 'eyebrow',
                    css: { color: 'var(--color-accent)' },
                  }),
                  text('card-2-value', 'Card 2 value', '99.99%', {
                    textStyle: 'display',
                    css: { 'font-size': 'clamp(2.75rem, 2rem + 2vw, 3.75rem)' },
                  }),
                  text('card-2-title', 'Card 2 title', 'Uptime, every single month', {
                    tag: 'h3',
                    textStyle: 'h3',
                  }),
                  text(
                    'card-2-text',
                    'Card 2 text',
                    'Global infrastructure with automatic failover keeps your pages online when it matters most.',
                    { css: { color: 'color-mix(in srgb, var(--color-on-inverse) 72%, transparent)' } },
                  ),
                ],
              ),
              image(
                'card-2-image',
                'Card 2 image',
                art('chart', palettes.dusk, 'bento-uptime', 3, 1),
                'A steadily rising line chart',
                {
                  css: { width: '100%', 'aspect-ratio': '16 / 9', 'margin-top': 'var(--space-lg)' },
                  tablet: { 'aspect-ratio': '4 / 1' },
                },
              ),
            ],
          ),
          frame(
            'card-3',
            'Card 3',
            bentoCard({}),
            featureBody('card-3', 'Card 3', {
              icon: 'sparkles',
              title: 'Drafts in seconds',
              text: 'Describe a page and get a structured first draft built from your own sections.',
            }),
          ),
          frame(
            'card-4',
            'Card 4',
            bentoCard({}),
            featureBody(
              'card-4',
              'Card 4',
              {
                icon: 'git-branch',
                title: 'Versions you can trust',
                text: 'Every publish is a snapshot. Compare, restore and move on in a couple of clicks.',
              },
              { css: { background: tint('secondary', 14), color: 'var(--color-secondary)' } },
            ),
          ),
        ],
      ),
    ]),
  ]),
  interactions: [revealOnScroll('grid', ['card-1', 'card-2', 'card-3', 'card-4'], 90)],
});

const checklistItems: Feature[] = [
  {
    icon: 'globe',
    title: 'Custom domains',
    text: 'Connect your own domain with automatic HTTPS in a couple of minutes.',
  },
  {
    icon: 'search',
    title: 'SEO essentials',
    text: 'Titles, descriptions, sitemaps and social previews for every page.',
  },
  {
    icon: 'languages',
    title: 'Multiple languages',
    text: 'Translate side by side and serve each visitor the right version.',
  },
  {
    icon: 'plug',
    title: 'Integrations',
    text: 'Send form entries and events to the CRM and tools you already use.',
  },
  {
    icon: 'image',
    title: 'Image optimisation',
    text: 'Images are resized, compressed and lazy-loaded automatically.',
  },
  {
    icon: 'accessibility',
    title: 'Accessible by design',
    text: 'Semantic markup, focus states and contrast checks built in.',
  },
];

const featuresChecklist = design({
  id: 'starter/features-checklist',
  title: 'Features — split list',
  role: 'features',
  tree: frame('root', 'Features', look(sectionLook(), { tag: 'section' }), [
    frame(
      'inner',
      'Layout',
      look(containerLook(), {
        css: {
          display: 'grid',
          'grid-template-columns': '1fr 1.4fr',
          gap: 'var(--space-xxxl)',
          'align-items': 'start',
        },
        tablet: { 'grid-template-columns': '1fr', gap: 'var(--space-xl)' },
      }),
      [
        frame(
          'intro',
          'Intro',
          {
            css: {
              display: 'flex',
              'flex-direction': 'column',
              gap: 'var(--space-md)',
              'align-items': 'flex-start',
            },
          },
          [
            eyebrow('eyebrow', 'Eyebrow', 'Included on every plan'),
            text('title', 'Heading', 'The details are already taken care of', {
              tag: 'h2',
              textStyle: 'h2',
              css: { 'text-wrap': 'balance' },
            }),
            text(
              'subtitle',
              'Subheading',
              'The unglamorous work that makes a website succeed comes built in, so launch day is about your message.',
              { textStyle: 'lead', css: { color: 'var(--color-text-muted)' } },
            ),
            primaryButton('cta', 'Primary button', 'Explore all features', '#features', {
              css: { 'margin-top': 'var(--space-sm)' },
            }),
          ],
        ),
        frame(
          'list',
          'Feature list',
          {
            css: {
              display: 'grid',
              'grid-template-columns': 'repeat(2, 1fr)',
              gap: 'var(--space-xl) var(--space-xl)',
            },
            mobile: { 'grid-template-columns': '1fr', gap: 'var(--space-lg)' },
          },
          checklistItems.map((f, i) =>
            frame(
              `item-${i + 1}`,
              `Feature ${i + 1}`,
              {
                css: {
                  display: 'flex',
                  'flex-direction': 'column',
                  gap: 'var(--space-sm)',
                  'padding-top': 'var(--space-lg)',
                  'border-top': '1px solid var(--color-border)',
                },
              },
              featureBody(`item-${i + 1}`, `Feature ${i + 1}`, f, {
                css: { width: '40px', height: '40px', 'border-radius': 'var(--radius-sm)' },
              }),
            ),
          ),
        ),
      ],
    ),
  ]),
});

export const featureSections: SectionDesign[] = [
  featuresGrid,
  featuresAlternating,
  featuresBento,
  featuresChecklist,
];
