import { design, frame, icon, look, text, type Css, type Spec } from '../section-builder.js';
import { type SectionDesign } from '../seed-content.types.js';
import { card, containerLook, eyebrow, iconBadge, primaryButton, sectionLook, shadow } from '../ui.js';

const methods: [string, string, string][] = [
  ['mail', 'Email us', 'hello@lumen.example'],
  ['phone', 'Call us', '+1 (555) 014-2290 · Mon–Fri, 9–6'],
  ['map-pin', 'Visit us', '120 Market Street, Suite 400, San Francisco'],
];

interface Field {
  id: string;
  label: string;
  placeholder: string;
  /** Spans both columns on desktop. */
  wide?: boolean;
  /** Taller input (a message box). */
  tall?: boolean;
  /** Shows a chevron, like a select. */
  select?: boolean;
}

const fields: Field[] = [
  { id: 'name', label: 'Full name', placeholder: 'Jane Cooper' },
  { id: 'email', label: 'Work email', placeholder: 'jane@company.com' },
  { id: 'company', label: 'Company', placeholder: 'Company name' },
  { id: 'size', label: 'Team size', placeholder: 'Choose one', select: true },
  {
    id: 'message',
    label: 'How can we help?',
    placeholder: 'Tell us a little about your project…',
    wide: true,
    tall: true,
  },
];

/** A labelled, input-looking field (no real form submission). */
function field(f: Field, i: number): Spec {
  const label = `Field ${i + 1}`;
  const input: Css = {
    display: 'flex',
    'align-items': f.tall ? 'flex-start' : 'center',
    'justify-content': 'space-between',
    'min-height': f.tall ? '132px' : '48px',
    padding: '0.75rem 0.875rem',
    background: 'var(--color-background)',
    border: '1px solid var(--color-border)',
    'border-radius': 'var(--radius-md)',
  };
  const inputChildren: Spec[] = [
    text(`${f.id}-placeholder`, `${label} placeholder`, f.placeholder, {
      tag: 'span',
      css: { color: 'var(--color-text-muted)' },
    }),
  ];
  if (f.select) {
    inputChildren.push(
      icon(`${f.id}-chevron`, `${label} chevron`, 'chevron-down', {
        css: { display: 'inline-flex', color: 'var(--color-text-muted)' },
      }),
    );
  }
  return frame(
    f.id,
    label,
    {
      css: {
        display: 'flex',
        'flex-direction': 'column',
        gap: 'var(--space-xs)',
        'grid-column': f.wide ? '1 / -1' : 'auto',
      },
      mobile: { 'grid-column': '1 / -1' },
    },
    [
      text(`${f.id}-label`, `${label} label`, f.label, {
        tag: 'label',
        textStyle: 'small',
        css: { 'font-weight': '600' },
      }),
      frame(`${f.id}-input`, `${label} input`, { css: input }, inputChildren),
    ],
  );
}

const contactSplit = design({
  id: 'starter/contact-split',
  title: 'Contact — details and form',
  role: 'contact',
  tree: frame('root', 'Contact', look(sectionLook('var(--color-surface-alt)'), { tag: 'section' }), [
    frame(
      'inner',
      'Layout',
      look(containerLook(), {
        css: {
          display: 'grid',
          'grid-template-columns': '1fr 1.25fr',
          gap: 'var(--space-xxxl)',
          'align-items': 'start',
        },
        tablet: { 'grid-template-columns': '1fr', gap: 'var(--space-xxl)' },
      }),
      [
        frame(
          'intro',
          'Intro',
          { css: { display: 'flex', 'flex-direction': 'column', gap: 'var(--space-md)' } },
          [
            eyebrow('eyebrow', 'Eyebrow', 'Contact'),
            text('title', 'Heading', 'Let’s talk about your next project', {
              tag: 'h2',
              textStyle: 'h2',
              css: { 'text-wrap': 'balance' },
            }),
            text(
              'subtitle',
              'Subheading',
              'Tell us what you are working on. A real person will get back to you within one business day.',
              {
                textStyle: 'lead',
                css: { color: 'var(--color-text-muted)' },
              },
            ),
            frame(
              'methods',
              'Contact methods',
              {
                css: {
                  display: 'flex',
                  'flex-direction': 'column',
                  gap: 'var(--space-lg)',
                  'margin-top': 'var(--space-lg)',
                },
              },
              methods.map(([iconName, label, value], i) =>
                frame(
                  `method-${i + 1}`,
                  `Method ${i + 1}`,
                  { css: { display: 'flex', gap: 'var(--space-md)', 'align-items': 'center' } },
                  [
                    iconBadge(`method-${i + 1}-icon`, `Method ${i + 1} icon`, iconName, {
                      css: { background: 'var(--color-surface)', border: '1px solid var(--color-border)' },
                    }),
                    frame(
                      `method-${i + 1}-copy`,
                      `Method ${i + 1} copy`,
                      { css: { display: 'flex', 'flex-direction': 'column' } },
                      [
                        text(`method-${i + 1}-label`, `Method ${i + 1} label`, label, {
                          textStyle: 'small',
                          css: { color: 'var(--color-text-muted)' },
                        }),
                        text(`method-${i + 1}-value`, `Method ${i + 1} value`, value, {
                          css: { 'font-weight': '600' },
                        }),
                      ],
                    ),
                  ],
                ),
              ),
            ),
          ],
        ),
        frame(
          'form',
          'Form',
          card({
            css: {
              display: 'grid',
              'grid-template-columns': 'repeat(2, 1fr)',
              gap: 'var(--space-lg) var(--space-md)',
              padding: 'var(--space-xxl)',
              'box-shadow': shadow.md,
            },
            tablet: { padding: 'var(--space-xl)' },
            mobile: { 'grid-template-columns': '1fr', padding: 'var(--space-lg)', gap: 'var(--space-md)' },
          }),
          [
            ...fields.map(field),
            frame(
              'consent',
              'Consent',
              {
                css: {
                  display: 'flex',
                  gap: 'var(--space-sm)',
                  'align-items': 'flex-start',
                  'grid-column': '1 / -1',
                },
              },
              [
                frame('consent-box', 'Consent checkbox', {
                  css: {
                    width: '18px',
                    height: '18px',
                    'flex-shrink': '0',
                    'margin-top': '2px',
                    border: '1.5px solid var(--color-border)',
                    'border-radius': '5px',
                    background: 'var(--color-background)',
                  },
                }),
                text(
                  'consent-text',
                  'Consent text',
                  'I agree to be contacted about my enquiry. We never share your details.',
                  {
                    textStyle: 'small',
                    css: { color: 'var(--color-text-muted)' },
                  },
                ),
              ],
            ),
            primaryButton('submit', 'Submit button', 'Send message', '#send', {
              css: { 'grid-column': '1 / -1', padding: '1rem', 'border-radius': 'var(--radius-md)' },
            }),
          ],
        ),
      ],
    ),
  ]),
});

export const contactSections: SectionDesign[] = [contactSplit];
