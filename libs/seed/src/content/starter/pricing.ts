import { hoverLift, revealOnScroll } from '../motion.js';
import { design, frame, icon, look, text, type Spec } from '../section-builder.js';
import { type SectionDesign } from '../seed-content.types.js';
import {
  card,
  checkList,
  containerLook,
  eyebrow,
  noteWithLink,
  primaryButton,
  secondaryButton,
  sectionHeader,
  sectionLook,
  shadow,
  tint,
} from '../ui.js';

interface Plan {
  name: string;
  description: string;
  price: string;
  period: string;
  button: string;
  features: string[];
  badge?: string;
}

const plans: Plan[] = [
  {
    name: 'Starter',
    description: 'For individuals and side projects trying things out.',
    price: '$0',
    period: '/ month',
    button: 'Start for free',
    features: ['1 project', 'Up to 5 pages', 'Free subdomain with SSL', 'Community support'],
  },
  {
    name: 'Pro',
    description: 'For growing teams that publish every week.',
    price: '$29',
    period: '/ month',
    button: 'Start 14-day trial',
    badge: 'Most popular',
    features: [
      'Unlimited projects and pages',
      'Custom domains',
      'Version history and rollbacks',
      'Analytics and form inbox',
      'Priority email support',
    ],
  },
  {
    name: 'Business',
    description: 'For organisations with advanced security needs.',
    price: '$79',
    period: '/ month',
    button: 'Contact sales',
    features: [
      'Everything in Pro',
      'Single sign-on (SAML)',
      'Roles and audit logs',
      '99.9% uptime SLA',
      'Dedicated success manager',
    ],
  },
];

function planCard(plan: Plan, i: number): Spec {
  const id = `plan-${i + 1}`;
  const label = `Plan ${i + 1}`;
  const featured = Boolean(plan.badge);
  const children: Spec[] = [];
  if (plan.badge) {
    children.push(
      text(`${id}-badge`, `${label} badge`, plan.badge, {
        tag: 'span',
        textStyle: 'small',
        css: {
          position: 'absolute',
          top: '-14px',
          left: '50%',
          transform: 'translateX(-50%)',
          padding: '0.25rem 0.875rem',
          background: 'var(--color-primary)',
          color: 'var(--color-on-primary)',
          'border-radius': 'var(--radius-pill)',
          'font-weight': '600',
          'white-space': 'nowrap',
        },
      }),
    );
  }
  const buttonFn = featured ? primaryButton : secondaryButton;
  children.push(
    frame(
      `${id}-head`,
      `${label} header`,
      { css: { display: 'flex', 'flex-direction': 'column', gap: 'var(--space-xs)' } },
      [
        text(`${id}-name`, `${label} name`, plan.name, {
          tag: 'h3',
          textStyle: 'h3',
          css: featured ? { color: 'var(--color-primary)' } : {},
        }),
        text(`${id}-description`, `${label} description`, plan.description, {
          textStyle: 'small',
          css: { color: 'var(--color-text-muted)' },
        }),
      ],
    ),
    frame(
      `${id}-price-row`,
      `${label} price row`,
      { css: { display: 'flex', 'align-items': 'baseline', gap: '0.375rem' } },
      [
        text(`${id}-price`, `${label} price`, plan.price, {
          tag: 'span',
          textStyle: 'h1',
          css: { 'font-size': '3rem' },
        }),
        text(`${id}-period`, `${label} period`, plan.period, {
          tag: 'span',
          css: { color: 'var(--color-text-muted)' },
        }),
      ],
    ),
    buttonFn(`${id}-button`, `${label} button`, plan.button, '#signup', { css: { width: '100%' } }),
    text(
      `${id}-includes`,
      `${label} includes label`,
      featured ? 'Everything in Starter, plus:' : 'What’s included:',
      {
        textStyle: 'small',
        css: {
          'padding-top': 'var(--space-lg)',
          'border-top': '1px solid var(--color-border)',
          'font-weight': '600',
        },
      },
    ),
    checkList(`${id}-features`, `${label} feature`, plan.features, { item: { textStyle: 'small' } }),
  );
  return frame(
    id,
    label,
    card({
      css: {
        position: 'relative',
        display: 'flex',
        'flex-direction': 'column',
        gap: 'var(--space-lg)',
        ...(featured
          ? {
              border: '2px solid var(--color-primary)',
              'box-shadow': shadow.lg,
              transform: 'translateY(-8px)',
            }
          : {}),
      },
      tablet: featured ? { transform: 'none' } : {},
    }),
    children,
  );
}

const pricingTiers = design({
  id: 'starter/pricing-tiers',
  title: 'Pricing — three tiers',
  role: 'pricing',
  tree: frame('root', 'Pricing', look(sectionLook(), { tag: 'section' }), [
    frame('inner', 'Content', containerLook('1120px'), [
      sectionHeader('header', {
        eyebrow: 'Pricing',
        title: 'Simple pricing that grows with you',
        subtitle:
          'Start free and upgrade when you need more. Every plan includes unlimited visitors and SSL.',
      }),
      frame(
        'toggle',
        'Billing toggle',
        {
          css: {
            display: 'flex',
            width: 'fit-content',
            gap: '0.25rem',
            margin: 'calc(var(--space-lg) * -1) auto var(--space-xxl)',
            padding: '0.25rem',
            background: 'var(--color-surface-alt)',
            border: '1px solid var(--color-border)',
            'border-radius': 'var(--radius-pill)',
          },
          mobile: { margin: '0 auto var(--space-xl)' },
        },
        [
          text('toggle-monthly', 'Billing option 1', 'Monthly', {
            tag: 'span',
            textStyle: 'small',
            css: {
              padding: '0.5rem 1.125rem',
              background: 'var(--color-surface)',
              'border-radius': 'var(--radius-pill)',
              'box-shadow': shadow.sm,
              'font-weight': '600',
            },
          }),
          text('toggle-yearly', 'Billing option 2', 'Yearly <strong>−20%</strong>', {
            tag: 'span',
            textStyle: 'small',
            css: { padding: '0.5rem 1.125rem', color: 'var(--color-text-muted)' },
          }),
        ],
      ),
      frame(
        'plans',
        'Plans',
        {
          css: {
            display: 'grid',
            'grid-template-columns': 'repeat(3, 1fr)',
            gap: 'var(--space-lg)',
            'align-items': 'start',
            margin: '0',
          },
          tablet: {
            'grid-template-columns': '1fr',
            'max-width': '560px',
            margin: '0 auto',
            gap: 'var(--space-xl)',
          },
        },
        plans.map(planCard),
      ),
      noteWithLink(
        'note',
        'Prices in USD; taxes may apply. Need something custom?',
        'Talk to us →',
        '#contact',
      ),
    ]),
  ]),
  interactions: [
    revealOnScroll('plans', ['plan-1', 'plan-2', 'plan-3'], 100),
    hoverLift('plan-1'),
    hoverLift('plan-3'),
  ],
});

const included = [
  'Unlimited pages and projects',
  'Custom domains with SSL',
  'Real-time collaboration',
  'Version history',
  'Built-in analytics',
  'Form inbox and exports',
  'Section library',
  'Priority support',
];

const pricingSimple = design({
  id: 'starter/pricing-simple',
  title: 'Pricing — single plan, two columns',
  role: 'pricing',
  tree: frame('root', 'Pricing', look(sectionLook('var(--color-surface-alt)'), { tag: 'section' }), [
    frame(
      'inner',
      'Layout',
      look(containerLook('1120px'), {
        css: {
          display: 'grid',
          'grid-template-columns': '1.15fr 1fr',
          gap: 'var(--space-xxxl)',
          'align-items': 'center',
        },
        tablet: { 'grid-template-columns': '1fr', gap: 'var(--space-xxl)' },
      }),
      [
        frame(
          'copy',
          'Copy',
          { css: { display: 'flex', 'flex-direction': 'column', gap: 'var(--space-md)' } },
          [
            eyebrow('eyebrow', 'Eyebrow', 'Pricing'),
            text('title', 'Heading', 'One plan. Everything included.', {
              tag: 'h2',
              textStyle: 'h2',
              css: { 'text-wrap': 'balance' },
            }),
            text(
              'subtitle',
              'Subheading',
              'No feature gates and no surprise add-ons. Pay per editor, invite reviewers for free, and cancel whenever you like.',
              {
                textStyle: 'lead',
                css: { color: 'var(--color-text-muted)', 'margin-bottom': 'var(--space-sm)' },
              },
            ),
            checkList('included', 'Included', included, {
              list: {
                css: {
                  display: 'grid',
                  'grid-template-columns': 'repeat(2, 1fr)',
                  gap: 'var(--space-sm) var(--space-lg)',
                },
                mobile: { 'grid-template-columns': '1fr' },
              },
            }),
          ],
        ),
        frame(
          'card',
          'Price card',
          card({
            css: {
              display: 'flex',
              'flex-direction': 'column',
              gap: 'var(--space-lg)',
              padding: 'var(--space-xxl)',
              'box-shadow': shadow.lg,
            },
            mobile: { padding: 'var(--space-xl) var(--space-lg)' },
          }),
          [
            text('plan', 'Plan name', 'Team plan', {
              tag: 'span',
              textStyle: 'small',
              css: {
                'align-self': 'flex-start',
                padding: '0.25rem 0.75rem',
                background: tint('primary', 10),
                color: 'var(--color-primary)',
                'border-radius': 'var(--radius-pill)',
                'font-weight': '600',
              },
            }),
            frame(
              'price-row',
              'Price row',
              { css: { display: 'flex', 'align-items': 'baseline', gap: 'var(--space-xs)' } },
              [
                text('price', 'Price', '$24', {
                  tag: 'span',
                  textStyle: 'display',
                  css: { 'font-size': '4rem' },
                }),
                text('period', 'Period', 'per editor / month', {
                  tag: 'span',
                  css: { color: 'var(--color-text-muted)' },
                }),
              ],
            ),
            text('billing', 'Billing note', 'Billed yearly, or $29 month to month.', {
              textStyle: 'small',
              css: { color: 'var(--color-text-muted)', 'margin-top': 'calc(var(--space-md) * -1)' },
            }),
            primaryButton('button', 'Primary button', 'Start your free trial', '#signup', {
              css: { width: '100%', padding: '1rem' },
            }),
            frame(
              'guarantee',
              'Guarantee',
              {
                css: {
                  display: 'flex',
                  gap: 'var(--space-sm)',
                  'align-items': 'center',
                  'padding-top': 'var(--space-lg)',
                  'border-top': '1px solid var(--color-border)',
                },
              },
              [
                icon('guarantee-icon', 'Guarantee icon', 'shield-check', {
                  css: { display: 'inline-flex', color: 'var(--color-secondary)' },
                }),
                text(
                  'guarantee-text',
                  'Guarantee text',
                  '14 days free, then a 30-day money-back guarantee.',
                  {
                    textStyle: 'small',
                    css: { color: 'var(--color-text-muted)' },
                  },
                ),
              ],
            ),
          ],
        ),
      ],
    ),
  ]),
});

export const pricingSections: SectionDesign[] = [pricingTiers, pricingSimple];
