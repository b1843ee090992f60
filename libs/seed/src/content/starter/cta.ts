import { art, palettes } from '../illustration.js';
import { revealOnScroll } from '../motion.js';
import { design, frame, image, look, text } from '../section-builder.js';
import { type SectionDesign } from '../seed-content.types.js';
import { containerLook, primaryButton, secondaryButton, sectionLook, tint } from '../ui.js';

const onInverse = (percent: number) => `color-mix(in srgb, var(--color-on-inverse) ${percent}%, transparent)`;

const ctaBanner = design({
  id: 'starter/cta-banner',
  title: 'Call to action — dark banner',
  role: 'cta',
  tree: frame('root', 'Call to action', look(sectionLook(), { tag: 'section' }), [
    frame(
      'panel',
      'Panel',
      look(containerLook(), {
        css: {
          display: 'flex',
          'flex-direction': 'column',
          'align-items': 'center',
          gap: 'var(--space-lg)',
          padding: 'var(--space-xxxl) var(--space-xl)',
          'text-align': 'center',
          background: `radial-gradient(circle at 85% 15%, ${tint('primary', 60)}, transparent 45%), radial-gradient(circle at 10% 100%, ${tint('secondary', 40)}, transparent 45%), var(--color-inverse)`,
          color: 'var(--color-on-inverse)',
          'border-radius': 'var(--radius-lg)',
          overflow: 'hidden',
        },
        tablet: { padding: 'var(--space-xxl) var(--space-xl)' },
        mobile: {
          padding: 'var(--space-xxl) var(--space-lg)',
          'text-align': 'left',
          'align-items': 'flex-start',
        },
      }),
      [
        text('title', 'Heading', 'Ready to build something great?', {
          tag: 'h2',
          textStyle: 'h1',
          css: { 'max-width': '18ch', 'text-wrap': 'balance' },
        }),
        text(
          'subtitle',
          'Subheading',
          'Join thousands of teams who design, publish and grow with Lumen. Set up takes less than five minutes.',
          {
            textStyle: 'lead',
            css: { 'max-width': '560px', color: onInverse(74) },
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
              'margin-top': 'var(--space-xs)',
            },
            mobile: { 'flex-direction': 'column', width: '100%' },
          },
          [
            primaryButton('primary', 'Primary button', 'Start free trial', '#start', {
              css: { padding: '1rem 1.75rem' },
            }),
            secondaryButton('secondary', 'Secondary button', 'Talk to sales', '#sales', {
              css: {
                padding: '1rem 1.75rem',
                background: 'transparent',
                color: 'var(--color-on-inverse)',
                border: `1px solid ${onInverse(28)}`,
                'box-shadow': 'none',
              },
            }),
          ],
        ),
        text('note', 'Note', 'Free for 14 days · No credit card required', {
          textStyle: 'small',
          css: { color: onInverse(60) },
        }),
      ],
    ),
  ]),
  interactions: [revealOnScroll('panel', ['title', 'subtitle', 'actions', 'note'], 90)],
});

const ctaNewsletter = design({
  id: 'starter/cta-newsletter',
  title: 'Call to action — newsletter signup with image',
  role: 'cta',
  tree: frame('root', 'Call to action', look(sectionLook(), { tag: 'section' }), [
    frame(
      'panel',
      'Panel',
      look(containerLook(), {
        css: {
          display: 'grid',
          'grid-template-columns': '1.2fr 1fr',
          background: 'var(--color-surface-alt)',
          border: '1px solid var(--color-border)',
          'border-radius': 'var(--radius-lg)',
          overflow: 'hidden',
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
              'justify-content': 'center',
              gap: 'var(--space-md)',
              padding: 'var(--space-xxl)',
            },
            mobile: { padding: 'var(--space-xl) var(--space-lg)' },
          },
          [
            text('title', 'Heading', 'Get one useful idea in your inbox every month', {
              tag: 'h2',
              textStyle: 'h2',
              css: { 'text-wrap': 'balance' },
            }),
            text(
              'subtitle',
              'Subheading',
              'Practical notes on design, copywriting and conversion from our team and the people we build for.',
              {
                textStyle: 'lead',
                css: { color: 'var(--color-text-muted)' },
              },
            ),
            frame(
              'form',
              'Signup form',
              {
                css: {
                  display: 'flex',
                  gap: 'var(--space-xs)',
                  'margin-top': 'var(--space-sm)',
                  padding: '0.375rem',
                  background: 'var(--color-surface)',
                  border: '1px solid var(--color-border)',
                  'border-radius': 'var(--radius-pill)',
                  'max-width': '480px',
                },
                mobile: { 'flex-direction': 'column', 'border-radius': 'var(--radius-md)' },
              },
              [
                text('input', 'Email placeholder', 'you@company.com', {
                  tag: 'span',
                  css: { flex: '1', padding: '0.625rem 0.875rem', color: 'var(--color-text-muted)' },
                }),
                primaryButton('submit', 'Primary button', 'Subscribe', '#subscribe', {
                  mobile: { width: '100%' },
                }),
              ],
            ),
            text('note', 'Note', 'One email a month. Unsubscribe with one click.', {
              textStyle: 'small',
              css: { color: 'var(--color-text-muted)' },
            }),
          ],
        ),
        image(
          'image',
          'Image',
          art('blobs', palettes.sunset, 'cta-newsletter', 4, 3),
          'Warm abstract shapes',
          {
            css: { width: '100%', height: '100%', 'min-height': '320px', 'object-fit': 'cover' },
            tablet: { height: 'auto', 'min-height': '0', 'aspect-ratio': '16 / 7' },
          },
        ),
      ],
    ),
  ]),
});

export const ctaSections: SectionDesign[] = [ctaBanner, ctaNewsletter];
