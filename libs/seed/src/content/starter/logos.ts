import { design, frame, look, text } from '../section-builder.js';
import { type SectionDesign } from '../seed-content.types.js';
import { containerLook } from '../ui.js';
import { logoImages, partnerNames } from './parts.js';

const logosStrip = design({
  id: 'starter/logos-strip',
  title: 'Logos — customer strip',
  role: 'logos',
  tree: frame(
    'root',
    'Logos',
    {
      tag: 'section',
      css: {
        padding: 'var(--space-xxl) var(--space-xl)',
        background: 'var(--color-background)',
        color: 'var(--color-text)',
        'border-top': '1px solid var(--color-border)',
        'border-bottom': '1px solid var(--color-border)',
      },
      tablet: { padding: 'var(--space-xl) var(--space-lg)' },
      mobile: { padding: 'var(--space-xl) var(--space-md)' },
    },
    [
      frame(
        'inner',
        'Content',
        look(containerLook(), {
          css: {
            display: 'flex',
            'flex-direction': 'column',
            'align-items': 'center',
            gap: 'var(--space-lg)',
          },
        }),
        [
          text('label', 'Heading', 'Trusted by more than 12,000 teams, from startups to the Fortune 500', {
            textStyle: 'small',
            css: { color: 'var(--color-text-muted)', 'text-align': 'center', 'font-weight': '500' },
          }),
          frame(
            'logos',
            'Logo row',
            {
              css: {
                display: 'grid',
                'grid-template-columns': 'repeat(6, 1fr)',
                'align-items': 'center',
                'justify-items': 'center',
                gap: 'var(--space-xl)',
                width: '100%',
              },
              tablet: { 'grid-template-columns': 'repeat(3, 1fr)', gap: 'var(--space-lg) var(--space-xl)' },
              mobile: { 'grid-template-columns': 'repeat(2, 1fr)', gap: 'var(--space-md)' },
            },
            logoImages('logo', partnerNames),
          ),
        ],
      ),
    ],
  ),
});

export const logosSections: SectionDesign[] = [logosStrip];
