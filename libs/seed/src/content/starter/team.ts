import { hoverLift } from '../motion.js';
import { design, frame, image, look, text } from '../section-builder.js';
import { type SectionDesign } from '../seed-content.types.js';
import { containerLook, linkButton, sectionHeader, sectionLook, tint } from '../ui.js';
import { avatarArt, socialLinks } from './parts.js';

const members: [string, string, string][] = [
  [
    'Amara Osei',
    'Co-founder & CEO',
    'Previously led product at two design-tool startups. Believes good software feels calm.',
  ],
  [
    'Lucas Martin',
    'Co-founder & CTO',
    'Builds fast, boring infrastructure so everyone else can ship exciting things.',
  ],
  [
    'Hana Sato',
    'Head of Design',
    'Obsessed with type, spacing and the tiny details that make a page feel right.',
  ],
  [
    'Rafael Costa',
    'Customer Success',
    'Helps teams launch smoothly and turns their feedback into our roadmap.',
  ],
];

const teamGrid = design({
  id: 'starter/team-grid',
  title: 'Team — member cards',
  role: 'team',
  tree: frame('root', 'Team', look(sectionLook(), { tag: 'section' }), [
    frame('inner', 'Content', containerLook(), [
      sectionHeader('header', {
        eyebrow: 'Our team',
        title: 'The people behind the product',
        subtitle: 'A small, senior team of designers and engineers working from six countries.',
      }),
      frame(
        'grid',
        'Team grid',
        {
          css: {
            display: 'grid',
            'grid-template-columns': 'repeat(4, 1fr)',
            gap: 'var(--space-xl) var(--space-lg)',
          },
          tablet: { 'grid-template-columns': 'repeat(2, 1fr)' },
          mobile: { 'grid-template-columns': '1fr', gap: 'var(--space-lg)' },
        },
        members.map(([name, role, bio], i) => {
          const id = `member-${i + 1}`;
          const label = `Member ${i + 1}`;
          return frame(
            id,
            label,
            {
              css: {
                display: 'flex',
                'flex-direction': 'column',
                gap: 'var(--space-xs)',
                'grid-template-columns': 'none',
                'column-gap': 'var(--space-xs)',
                'align-items': 'stretch',
              },
              mobile: {
                display: 'grid',
                'grid-template-columns': '88px 1fr',
                'column-gap': 'var(--space-md)',
                'align-items': 'start',
              },
            },
            [
              image(`${id}-photo`, `${label} photo`, avatarArt(`team-${i}`, i), `Portrait of ${name}`, {
                css: {
                  width: '100%',
                  'aspect-ratio': '1 / 1',
                  'object-fit': 'cover',
                  'border-radius': 'var(--radius-lg)',
                  'margin-bottom': 'var(--space-sm)',
                  'grid-row': 'auto',
                },
                mobile: { 'grid-row': 'span 3', 'margin-bottom': '0', 'border-radius': 'var(--radius-md)' },
              }),
              text(`${id}-name`, `${label} name`, name, {
                tag: 'h3',
                textStyle: 'h3',
                css: { 'font-size': '1.125rem' },
              }),
              text(`${id}-role`, `${label} role`, role, {
                textStyle: 'small',
                css: { color: 'var(--color-primary)', 'font-weight': '600' },
              }),
              text(`${id}-bio`, `${label} bio`, bio, {
                textStyle: 'small',
                css: { color: 'var(--color-text-muted)' },
              }),
            ],
          );
        }),
      ),
      frame(
        'hiring',
        'Hiring banner',
        {
          css: {
            display: 'flex',
            'justify-content': 'space-between',
            'align-items': 'center',
            gap: 'var(--space-lg)',
            'margin-top': 'var(--space-xxl)',
            padding: 'var(--space-lg) var(--space-xl)',
            background: tint('primary', 6),
            border: `1px solid ${tint('primary', 18)}`,
            'border-radius': 'var(--radius-lg)',
          },
          mobile: { 'flex-direction': 'column', 'align-items': 'flex-start', padding: 'var(--space-lg)' },
        },
        [
          frame(
            'hiring-copy',
            'Hiring copy',
            { css: { display: 'flex', 'flex-direction': 'column', gap: '0.25rem' } },
            [
              text('hiring-title', 'Hiring title', 'We’re hiring', { tag: 'h3', textStyle: 'h3' }),
              text(
                'hiring-text',
                'Hiring text',
                'Join us to build the tools we always wanted. Remote-friendly, four open roles.',
                {
                  textStyle: 'small',
                  css: { color: 'var(--color-text-muted)' },
                },
              ),
            ],
          ),
          frame(
            'hiring-actions',
            'Hiring actions',
            {
              css: {
                display: 'flex',
                'flex-wrap': 'wrap',
                'align-items': 'center',
                gap: 'var(--space-md) var(--space-lg)',
              },
            },
            [
              socialLinks('social', 'Team social'),
              linkButton('hiring-link', 'Hiring link', 'See open roles →', '#careers'),
            ],
          ),
        ],
      ),
    ]),
  ]),
  interactions: members.map((_, i) => hoverLift(`member-${i + 1}-photo`)),
});

export const teamSections: SectionDesign[] = [teamGrid];
