import { design, frame, icon, look, text, type Spec } from '../section-builder.js';
import { type SectionDesign } from '../seed-content.types.js';
import {
  card,
  containerLook,
  eyebrow,
  iconBadge,
  linkButton,
  noteWithLink,
  sectionHeader,
  sectionLook,
} from '../ui.js';

const questions: [string, string][] = [
  [
    'How does the free trial work?',
    'You get every Pro feature for 14 days. No credit card is needed, and at the end you can choose a plan or export your work.',
  ],
  [
    'Can I use my own domain?',
    'Yes. Point your domain at us and we provision and renew HTTPS certificates automatically. Setup usually takes a few minutes.',
  ],
  [
    'Can I change plans later?',
    'Upgrade, downgrade or cancel at any time from your account settings. Changes are prorated to the day.',
  ],
  [
    'Do you offer discounts for non-profits and education?',
    'We do. Verified non-profits, schools and students get 50% off any paid plan. Get in touch and we will set it up.',
  ],
  [
    'How is my data protected?',
    'Data is encrypted in transit and at rest, backed up daily and hosted in certified data centres. Business plans add SSO and audit logs.',
  ],
  [
    'Can I export my site?',
    'Every project can be exported as clean HTML and CSS at any time. Your work is always yours to keep.',
  ],
];

const faqTwoColumn = design({
  id: 'starter/faq-two-column',
  title: 'FAQ — two columns',
  role: 'faq',
  tree: frame('root', 'FAQ', look(sectionLook(), { tag: 'section' }), [
    frame(
      'inner',
      'Layout',
      look(containerLook(), {
        css: {
          display: 'grid',
          'grid-template-columns': '1fr 1.7fr',
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
            eyebrow('eyebrow', 'Eyebrow', 'FAQ'),
            text('title', 'Heading', 'Questions, answered', { tag: 'h2', textStyle: 'h2' }),
            text(
              'subtitle',
              'Subheading',
              'Everything you need to know about plans, billing and getting started.',
              {
                textStyle: 'lead',
                css: { color: 'var(--color-text-muted)' },
              },
            ),
            frame(
              'help',
              'Help card',
              card({
                css: {
                  display: 'flex',
                  'flex-direction': 'column',
                  gap: 'var(--space-sm)',
                  'margin-top': 'var(--space-md)',
                  background: 'var(--color-surface-alt)',
                  'box-shadow': 'none',
                },
              }),
              [
                iconBadge('help-icon', 'Help icon', 'messages-square', {
                  css: { width: '40px', height: '40px' },
                }),
                text('help-title', 'Help title', 'Still have questions?', {
                  tag: 'h3',
                  textStyle: 'h3',
                  css: { 'font-size': '1.0625rem' },
                }),
                text('help-text', 'Help text', 'Our team replies within a few hours on weekdays.', {
                  textStyle: 'small',
                  css: { color: 'var(--color-text-muted)' },
                }),
                linkButton('help-link', 'Help link', 'Contact support →', '#contact'),
              ],
            ),
          ],
        ),
        frame(
          'list',
          'Questions',
          { css: { display: 'flex', 'flex-direction': 'column' } },
          questions.map(([q, a], i) =>
            frame(
              `item-${i + 1}`,
              `Question ${i + 1}`,
              {
                css: {
                  display: 'flex',
                  'flex-direction': 'column',
                  gap: 'var(--space-xs)',
                  padding: 'var(--space-lg) 0',
                  'border-bottom': '1px solid var(--color-border)',
                },
                mobile: { padding: 'var(--space-md) 0' },
              },
              [
                text(`item-${i + 1}-q`, `Question ${i + 1} title`, q, {
                  tag: 'h3',
                  textStyle: 'h3',
                  css: { 'font-size': '1.125rem' },
                }),
                text(`item-${i + 1}-a`, `Question ${i + 1} answer`, a, {
                  css: { color: 'var(--color-text-muted)' },
                }),
              ],
            ),
          ),
        ),
      ],
    ),
  ]),
});

function disclosure(q: string, a: string, i: number): Spec {
  const id = `item-${i + 1}`;
  const label = `Question ${i + 1}`;
  return frame(
    id,
    label,
    {
      tag: 'details',
      css: {
        background: 'var(--color-surface)',
        border: '1px solid var(--color-border)',
        'border-radius': 'var(--radius-md)',
        overflow: 'hidden',
      },
    },
    [
      frame(
        `${id}-summary`,
        `${label} summary`,
        {
          tag: 'summary',
          css: {
            display: 'flex',
            'align-items': 'center',
            'justify-content': 'space-between',
            gap: 'var(--space-md)',
            padding: 'var(--space-lg)',
            cursor: 'pointer',
            'list-style': 'none',
          },
          mobile: { padding: 'var(--space-md)' },
        },
        [
          text(`${id}-q`, `${label} title`, q, {
            tag: 'span',
            textStyle: 'h3',
            css: { 'font-size': '1.0625rem' },
          }),
          icon(`${id}-icon`, `${label} icon`, 'chevron-down', {
            css: { display: 'inline-flex', color: 'var(--color-text-muted)', 'flex-shrink': '0' },
          }),
        ],
      ),
      text(`${id}-a`, `${label} answer`, a, {
        css: { padding: '0 var(--space-lg) var(--space-lg)', color: 'var(--color-text-muted)' },
        mobile: { padding: '0 var(--space-md) var(--space-md)' },
      }),
    ],
  );
}

const faqAccordion = design({
  id: 'starter/faq-accordion',
  title: 'FAQ — accordion',
  role: 'faq',
  tree: frame('root', 'FAQ', look(sectionLook('var(--color-surface-alt)'), { tag: 'section' }), [
    frame('inner', 'Content', containerLook('800px'), [
      sectionHeader('header', {
        eyebrow: 'Support',
        title: 'Frequently asked questions',
        subtitle: 'Quick answers to the questions we hear most. Tap a question to open it.',
      }),
      frame(
        'list',
        'Questions',
        { css: { display: 'flex', 'flex-direction': 'column', gap: 'var(--space-sm)' } },
        questions.map(([q, a], i) => disclosure(q, a, i)),
      ),
      noteWithLink('footer', 'Can’t find what you are looking for?', 'Chat with our team →', '#contact'),
    ]),
  ]),
});

export const faqSections: SectionDesign[] = [faqTwoColumn, faqAccordion];
