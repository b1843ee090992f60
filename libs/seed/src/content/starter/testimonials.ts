import { art, palettes } from '../illustration.js';
import { revealOnScroll } from '../motion.js';
import { design, frame, image, look, text, type Spec } from '../section-builder.js';
import { type SectionDesign } from '../seed-content.types.js';
import { card, containerLook, iconBadge, sectionHeader, sectionLook, tint } from '../ui.js';
import { avatar } from './parts.js';

interface Quote {
  quote: string;
  name: string;
  role: string;
}

const quotes: Quote[] = [
  {
    quote:
      '“We rebuilt our whole marketing site in two weeks. The section library meant our designers spent their time on the story, not on rebuilding the same hero again.”',
    name: 'Maya Thompson',
    role: 'Head of Brand, Northstar',
  },
  {
    quote: '“The first tool our marketing and engineering teams both actually enjoy using.”',
    name: 'Daniel Okafor',
    role: 'VP Engineering, Kitehaus',
  },
  {
    quote:
      '“Publishing used to mean a ticket and a week of waiting. Now our campaign pages go live the same afternoon, and they look better than before.”',
    name: 'Sofia Reyes',
    role: 'Growth Lead, Oakline',
  },
  {
    quote: '“Version history alone has saved us more than once. Rolling back a launch takes seconds.”',
    name: 'Liam Chen',
    role: 'Product Manager, Parallel',
  },
  {
    quote:
      '“Our sign-up conversion went up 31% after we moved to Lumen. Pages are faster, and we finally test new ideas every week.”',
    name: 'Priya Nair',
    role: 'Founder, Quanta',
  },
  {
    quote: '“Clean, accessible markup out of the box. Our audit came back with zero critical issues.”',
    name: 'Jonas Weber',
    role: 'Front-end Lead, Bluebird',
  },
];

function author(id: string, label: string, q: Quote, index: number, size = '44px'): Spec {
  return frame(
    id,
    `${label} author`,
    { css: { display: 'flex', 'align-items': 'center', gap: 'var(--space-sm)' } },
    [
      avatar(`${id}-avatar`, `${label} avatar`, `quote-${index}`, index, `Portrait of ${q.name}`, size),
      frame(
        `${id}-meta`,
        `${label} author details`,
        { css: { display: 'flex', 'flex-direction': 'column' } },
        [
          text(`${id}-name`, `${label} name`, q.name, {
            textStyle: 'small',
            css: { 'font-weight': '600', color: 'var(--color-text)' },
          }),
          text(`${id}-role`, `${label} role`, q.role, {
            textStyle: 'small',
            css: { color: 'var(--color-text-muted)' },
          }),
        ],
      ),
    ],
  );
}

const testimonialsWall = design({
  id: 'starter/testimonials-wall',
  title: 'Testimonials — card wall',
  role: 'testimonials',
  tree: frame('root', 'Testimonials', look(sectionLook('var(--color-surface-alt)'), { tag: 'section' }), [
    frame('inner', 'Content', containerLook(), [
      sectionHeader('header', {
        eyebrow: 'Testimonials',
        title: 'Teams launch faster with Lumen',
        subtitle:
          'Thousands of teams use Lumen to ship pages they are proud of. Here is what a few of them say.',
      }),
      frame(
        'wall',
        'Testimonial wall',
        {
          css: { columns: '3', 'column-gap': 'var(--space-lg)' },
          tablet: { columns: '2' },
          mobile: { columns: '1' },
        },
        quotes.map((q, i) => {
          const id = `card-${i + 1}`;
          const label = `Testimonial ${i + 1}`;
          return frame(
            id,
            label,
            card({
              css: {
                display: 'flex',
                'flex-direction': 'column',
                gap: 'var(--space-lg)',
                'break-inside': 'avoid',
                'margin-bottom': 'var(--space-lg)',
              },
              // Phones show the first four quotes; six stacked cards make a very long scroll.
              mobile: { 'margin-bottom': 'var(--space-md)', ...(i >= 4 ? { display: 'none' } : {}) },
            }),
            [
              text(`${id}-rating`, `${label} rating`, '★★★★★', {
                tag: 'span',
                textStyle: 'small',
                css: { color: 'var(--color-accent)', 'letter-spacing': '0.15em' },
              }),
              text(`${id}-quote`, `${label} quote`, q.quote, {
                tag: 'blockquote',
                css: { color: 'var(--color-text)' },
              }),
              author(`${id}-author`, label, q, i),
            ],
          );
        }),
      ),
    ]),
  ]),
  interactions: [
    revealOnScroll(
      'wall',
      quotes.map((_, i) => `card-${i + 1}`),
      60,
    ),
  ],
});

const spotlight = quotes[4];
const results = [
  ['31%', 'higher sign-up conversion'],
  ['5×', 'more experiments per quarter'],
  ['2 weeks', 'from kickoff to relaunch'],
];

const testimonialSpotlight = design({
  id: 'starter/testimonial-spotlight',
  title: 'Testimonials — single quote spotlight',
  role: 'testimonials',
  tree: frame('root', 'Testimonial', look(sectionLook(), { tag: 'section' }), [
    frame(
      'inner',
      'Content',
      look(containerLook('960px'), {
        css: {
          display: 'flex',
          'flex-direction': 'column',
          'align-items': 'center',
          gap: 'var(--space-xl)',
          'text-align': 'center',
        },
      }),
      [
        iconBadge('icon', 'Quote icon', 'quote', {
          css: {
            width: '64px',
            height: '64px',
            'border-radius': 'var(--radius-pill)',
            background: tint('primary', 10),
          },
        }),
        text(
          'quote',
          'Quote',
          '“Our sign-up conversion went up 31% after we moved to Lumen. Pages load faster, the whole team can ship changes, and we finally test a new idea every single week.”',
          {
            tag: 'blockquote',
            textStyle: 'h2',
            css: {
              'font-size': 'clamp(1.5rem, 1.1rem + 1.4vw, 2.25rem)',
              'font-weight': '500',
              'line-height': '1.35',
              'text-wrap': 'balance',
            },
          },
        ),
        frame(
          'author',
          'Author',
          {
            css: { display: 'flex', 'align-items': 'center', gap: 'var(--space-md)', 'text-align': 'left' },
            mobile: { 'flex-direction': 'column', 'text-align': 'center', gap: 'var(--space-sm)' },
          },
          [
            avatar('author-avatar', 'Author avatar', 'quote-4', 2, `Portrait of ${spotlight.name}`, '56px'),
            frame('author-meta', 'Author details', { css: { display: 'flex', 'flex-direction': 'column' } }, [
              text('author-name', 'Author name', spotlight.name, { css: { 'font-weight': '600' } }),
              text('author-role', 'Author role', spotlight.role, {
                textStyle: 'small',
                css: { color: 'var(--color-text-muted)' },
              }),
            ]),
            image(
              'author-logo',
              'Company logo',
              art('logo', palettes.slate, 'Quanta', 4, 1, 'Quanta'),
              'Quanta logo',
              {
                css: {
                  height: '32px',
                  width: 'auto',
                  'aspect-ratio': '4 / 1',
                  'padding-left': 'var(--space-md)',
                  'border-left': '1px solid var(--color-border)',
                  opacity: '0.8',
                },
                mobile: { 'padding-left': '0', 'border-left': '0' },
              },
            ),
          ],
        ),
        frame(
          'results',
          'Results',
          {
            css: {
              display: 'grid',
              'grid-template-columns': 'repeat(3, 1fr)',
              gap: 'var(--space-lg)',
              width: '100%',
              'margin-top': 'var(--space-lg)',
              'padding-top': 'var(--space-xl)',
              'border-top': '1px solid var(--color-border)',
            },
            mobile: { 'grid-template-columns': '1fr', gap: 'var(--space-md)' },
          },
          results.map(([value, label], i) =>
            frame(
              `result-${i + 1}`,
              `Result ${i + 1}`,
              { css: { display: 'flex', 'flex-direction': 'column', gap: '0.25rem' } },
              [
                text(`result-${i + 1}-value`, `Result ${i + 1} value`, value, {
                  textStyle: 'h2',
                  css: { color: 'var(--color-primary)' },
                }),
                text(`result-${i + 1}-label`, `Result ${i + 1} label`, label, {
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
  interactions: [revealOnScroll('inner', ['quote', 'author', 'results'], 120)],
});

export const testimonialSections: SectionDesign[] = [testimonialsWall, testimonialSpotlight];
