import { button, design, frame, icon, look, type Spec } from '../section-builder.js';
import { type SectionDesign } from '../seed-content.types.js';
import { primaryButton, shadow } from '../ui.js';
import { brand } from './parts.js';

function navLinks(id: string, labels: string[]): Spec {
  return frame(
    id,
    'Navigation',
    {
      tag: 'nav',
      css: { display: 'flex', 'align-items': 'center', gap: 'var(--space-xl)' },
      tablet: { gap: 'var(--space-lg)' },
      mobile: { display: 'none' },
    },
    labels.map((label, i) =>
      button(`${id}-${i + 1}`, `Nav link ${i + 1}`, label, `#${label.toLowerCase()}`, {
        css: { color: 'var(--color-text-muted)', 'text-decoration': 'none', 'font-weight': '500' },
      }),
    ),
  );
}

function menuIcon(id: string): Spec {
  return icon(id, 'Menu icon', 'menu', {
    css: {
      display: 'none',
      'align-items': 'center',
      'justify-content': 'center',
      width: '40px',
      height: '40px',
      'border-radius': 'var(--radius-md)',
      border: '1px solid var(--color-border)',
      color: 'var(--color-text)',
    },
    mobile: { display: 'inline-flex' },
  });
}

const links = ['Product', 'Solutions', 'Pricing', 'Customers', 'Docs'];

const navbarSimple = design({
  id: 'starter/navbar-simple',
  title: 'Navbar — links and actions',
  role: 'navbar',
  tree: frame(
    'root',
    'Navbar',
    {
      tag: 'header',
      css: {
        padding: '0 var(--space-xl)',
        background: 'var(--color-surface)',
        'border-bottom': '1px solid var(--color-border)',
        color: 'var(--color-text)',
      },
      tablet: { padding: '0 var(--space-lg)' },
      mobile: { padding: '0 var(--space-md)' },
    },
    [
      frame(
        'inner',
        'Bar',
        {
          css: {
            display: 'flex',
            'align-items': 'center',
            'justify-content': 'space-between',
            gap: 'var(--space-xl)',
            height: '72px',
            'max-width': '1200px',
            margin: '0 auto',
          },
          mobile: { height: '64px', gap: 'var(--space-md)' },
        },
        [
          brand('brand'),
          navLinks('nav', links.slice(0, 4)),
          frame(
            'actions',
            'Actions',
            {
              css: { display: 'flex', 'align-items': 'center', gap: 'var(--space-md)' },
              mobile: { gap: 'var(--space-sm)' },
            },
            [
              button('signin', 'Secondary link', 'Sign in', '#signin', {
                css: {
                  display: 'inline-flex',
                  color: 'var(--color-text)',
                  'text-decoration': 'none',
                  'font-weight': '500',
                },
                mobile: { display: 'none' },
              }),
              primaryButton('cta', 'Primary button', 'Get started', '#start', {
                css: { padding: '0.625rem 1.125rem' },
                mobile: { padding: '0.5rem 0.875rem' },
              }),
              menuIcon('menu'),
            ],
          ),
        ],
      ),
    ],
  ),
});

const navbarFloating = design({
  id: 'starter/navbar-floating',
  title: 'Navbar — floating pill',
  role: 'navbar',
  tree: frame(
    'root',
    'Navbar',
    {
      tag: 'header',
      css: {
        padding: 'var(--space-md) var(--space-xl)',
        background: 'var(--color-background)',
        color: 'var(--color-text)',
      },
      tablet: { padding: 'var(--space-md) var(--space-lg)' },
      mobile: { padding: 'var(--space-sm) var(--space-sm)' },
    },
    [
      frame(
        'pill',
        'Bar',
        look({
          css: {
            display: 'flex',
            'align-items': 'center',
            gap: 'var(--space-lg)',
            'max-width': '1080px',
            margin: '0 auto',
            padding: 'var(--space-xs) var(--space-xs) var(--space-xs) var(--space-lg)',
            background: 'var(--color-surface)',
            border: '1px solid var(--color-border)',
            'border-radius': 'var(--radius-pill)',
            'box-shadow': shadow.md,
            'justify-content': 'flex-start',
          },
          mobile: {
            padding: 'var(--space-xs) var(--space-xs) var(--space-xs) var(--space-md)',
            'justify-content': 'space-between',
          },
        }),
        [
          brand('brand'),
          frame(
            'navwrap',
            'Navigation area',
            { css: { flex: '1', display: 'flex', 'justify-content': 'center' }, mobile: { display: 'none' } },
            [navLinks('nav', links)],
          ),
          frame(
            'actions',
            'Actions',
            { css: { display: 'flex', 'align-items': 'center', gap: 'var(--space-xs)' } },
            [
              primaryButton('cta', 'Primary button', 'Start free', '#start', {
                css: { padding: '0.625rem 1.125rem' },
                mobile: { padding: '0.5rem 0.875rem' },
              }),
              menuIcon('menu'),
            ],
          ),
        ],
      ),
    ],
  ),
});

export const navbarSections: SectionDesign[] = [navbarSimple, navbarFloating];
