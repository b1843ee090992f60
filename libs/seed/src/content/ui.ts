/** Shared looks and small building blocks (buttons, headers, check lists) for the seed sections. */
import { button, frame, icon, look, text, type Css, type Props, type Spec } from './section-builder.js';

/** A theme colour mixed into transparency: `tint('primary', 12)`. */
export function tint(color: string, percent: number): string {
  return `color-mix(in srgb, var(--color-${color}) ${percent}%, transparent)`;
}

/** A theme colour as small text on its own tint: darkened with the text colour so it reads (WCAG AA, 4.5:1). */
export function ink(color: string): string {
  return `color-mix(in srgb, var(--color-${color}) 55%, var(--color-text))`;
}

export const shadow = {
  sm: `0 1px 2px ${tint('text', 6)}`,
  md: `0 1px 2px ${tint('text', 5)}, 0 12px 32px -12px ${tint('text', 18)}`,
  lg: `0 2px 4px ${tint('text', 4)}, 0 32px 64px -24px ${tint('text', 32)}`,
};

/** Outer section padding and colours; shrinks on tablet and mobile. */
export function sectionLook(background = 'var(--color-background)', color = 'var(--color-text)'): Props {
  return {
    css: { padding: 'var(--space-xxxl) var(--space-xl)', background, color },
    tablet: { padding: 'calc(var(--space-xxl) + var(--space-md)) var(--space-lg)' },
    mobile: { padding: 'var(--space-xxl) var(--space-md)' },
  };
}

export function containerLook(maxWidth = '1200px'): Props {
  return { css: { width: '100%', 'max-width': maxWidth, margin: '0 auto' } };
}

const buttonBase: Css = {
  display: 'inline-flex',
  'align-items': 'center',
  'justify-content': 'center',
  gap: 'var(--space-xs)',
  padding: '0.875rem 1.5rem',
  'border-radius': 'var(--radius-pill)',
  border: '1px solid transparent',
  'text-decoration': 'none',
  'white-space': 'nowrap',
  cursor: 'pointer',
  transition: 'transform 160ms ease, box-shadow 160ms ease, background-color 160ms ease',
};

export function primaryButton(id: string, name: string, label: string, href: string, extra?: Props): Spec {
  return button(
    id,
    name,
    label,
    href,
    look(
      {
        css: {
          ...buttonBase,
          background: 'var(--color-primary)',
          color: 'var(--color-on-primary)',
          'box-shadow': `0 1px 2px ${tint('text', 12)}, 0 10px 24px -10px ${tint('primary', 70)}`,
        },
      },
      extra,
    ),
  );
}

export function secondaryButton(id: string, name: string, label: string, href: string, extra?: Props): Spec {
  return button(
    id,
    name,
    label,
    href,
    look(
      {
        css: {
          ...buttonBase,
          background: 'var(--color-surface)',
          color: 'var(--color-text)',
          border: '1px solid var(--color-border)',
          'box-shadow': shadow.sm,
        },
      },
      extra,
    ),
  );
}

/** A text link styled as a quiet call to action ("Learn more →"). */
export function linkButton(id: string, name: string, label: string, href: string, extra?: Props): Spec {
  return button(
    id,
    name,
    label,
    href,
    look(
      {
        css: {
          display: 'inline-flex',
          'align-items': 'center',
          gap: 'var(--space-xs)',
          color: 'var(--color-primary)',
          'text-decoration': 'none',
          'white-space': 'nowrap',
        },
      },
      extra,
    ),
  );
}

export function eyebrow(id: string, name: string, html: string, extra?: Props): Spec {
  return text(id, name, html, {
    textStyle: 'eyebrow',
    ...look({ css: { color: 'var(--color-primary)' } }, extra),
  });
}

export interface HeaderCopy {
  eyebrow?: string;
  title: string;
  subtitle?: string;
}

/** Eyebrow, heading and subheading, centred or left-aligned, with a readable measure. */
export function sectionHeader(
  id: string,
  copy: HeaderCopy,
  options: { align?: 'center' | 'left'; maxWidth?: string; onDark?: boolean; extra?: Props } = {},
): Spec {
  const centered = (options.align ?? 'center') === 'center';
  const children: Spec[] = [];
  if (copy.eyebrow) {
    children.push(
      eyebrow(
        `${id}-eyebrow`,
        'Eyebrow',
        copy.eyebrow,
        options.onDark ? { css: { color: 'var(--color-accent)' } } : {},
      ),
    );
  }
  children.push(
    text(`${id}-title`, 'Heading', copy.title, {
      tag: 'h2',
      textStyle: 'h2',
      css: { 'text-wrap': 'balance' },
    }),
  );
  if (copy.subtitle) {
    children.push(
      text(`${id}-subtitle`, 'Subheading', copy.subtitle, {
        textStyle: 'lead',
        css: {
          color: options.onDark
            ? `color-mix(in srgb, var(--color-on-inverse) 72%, transparent)`
            : 'var(--color-text-muted)',
          'text-wrap': 'pretty',
        },
      }),
    );
  }
  return frame(
    id,
    'Header',
    look(
      {
        css: {
          display: 'flex',
          'flex-direction': 'column',
          gap: 'var(--space-md)',
          'max-width': options.maxWidth ?? '720px',
          'margin-top': '0',
          'margin-bottom': 'var(--space-xxl)',
          'margin-left': centered ? 'auto' : '0',
          'margin-right': centered ? 'auto' : '0',
          'text-align': centered ? 'center' : 'left',
          'align-items': centered ? 'center' : 'flex-start',
        },
        mobile: { 'margin-bottom': 'var(--space-xl)' },
      },
      options.extra,
    ),
    children,
  );
}

/** A rounded, tinted square holding a Lucide icon. */
export function iconBadge(id: string, name: string, lucideName: string, extra?: Props): Spec {
  return icon(
    id,
    name,
    lucideName,
    look(
      {
        css: {
          display: 'inline-flex',
          'align-items': 'center',
          'justify-content': 'center',
          width: '48px',
          height: '48px',
          'flex-shrink': '0',
          'border-radius': 'var(--radius-md)',
          background: tint('primary', 10),
          color: 'var(--color-primary)',
        },
      },
      extra,
    ),
  );
}

/** Rows of a check icon and a short line of text. Names read "<label> 1", "<label> 1 icon", … */
export function checkList(
  id: string,
  label: string,
  items: string[],
  extra?: { list?: Props; icon?: Props; item?: Props },
): Spec {
  return frame(
    id,
    `${label} list`,
    look(
      {
        css: {
          display: 'flex',
          'flex-direction': 'column',
          gap: 'var(--space-sm)',
          margin: '0',
          padding: '0',
        },
      },
      extra?.list,
    ),
    items.map((item, i) =>
      frame(
        `${id}-${i + 1}`,
        `${label} ${i + 1} row`,
        { css: { display: 'flex', gap: 'var(--space-sm)', 'align-items': 'flex-start' } },
        [
          icon(
            `${id}-${i + 1}-icon`,
            `${label} ${i + 1} icon`,
            'check',
            look(
              {
                css: {
                  display: 'inline-flex',
                  'align-items': 'center',
                  'justify-content': 'center',
                  width: '26px',
                  height: '26px',
                  'flex-shrink': '0',
                  'margin-top': '-1px',
                  'border-radius': 'var(--radius-pill)',
                  background: tint('primary', 12),
                  color: 'var(--color-primary)',
                  transform: 'scale(0.8)',
                },
              },
              extra?.icon,
            ),
          ),
          text(`${id}-${i + 1}-text`, `${label} ${i + 1}`, item, { ...extra?.item }),
        ],
      ),
    ),
  );
}

export function card(extra?: Props): Props {
  return look(
    {
      css: {
        background: 'var(--color-surface)',
        border: '1px solid var(--color-border)',
        'border-radius': 'var(--radius-lg)',
        padding: 'var(--space-xl)',
        'box-shadow': shadow.sm,
        transition: 'transform 200ms ease, box-shadow 200ms ease',
      },
      mobile: { padding: 'var(--space-lg)' },
    },
    extra,
  );
}

/** A short line of muted text followed by a link ("Still curious? Chat with us →"), centred. */
export function noteWithLink(id: string, line: string, linkLabel: string, href: string, extra?: Props): Spec {
  return frame(
    id,
    'Footnote',
    look(
      {
        css: {
          display: 'flex',
          'flex-wrap': 'wrap',
          'justify-content': 'center',
          'align-items': 'baseline',
          gap: '0.375rem',
          'margin-top': 'var(--space-xl)',
          'text-align': 'center',
        },
      },
      extra,
    ),
    [
      text(`${id}-text`, 'Footnote text', line, {
        tag: 'span',
        textStyle: 'small',
        css: { color: 'var(--color-text-muted)' },
      }),
      linkButton(`${id}-link`, 'Footnote link', linkLabel, href, {
        textStyle: 'small',
        css: { 'font-weight': '600' },
      }),
    ],
  );
}
