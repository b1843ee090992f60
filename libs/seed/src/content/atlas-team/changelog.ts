import { revealOnScroll } from '../motion.js';
import { design, frame, icon, look, text, type Spec } from '../section-builder.js';
import { type SectionDesign } from '../seed-content.types.js';
import { containerLook, eyebrow, ink, linkButton, sectionLook, tint } from '../ui.js';

interface Entry {
  date: string;
  version: string;
  kind: 'New' | 'Improved' | 'Fixed';
  title: string;
  text: string;
  changes: string[];
}

const entries: Entry[] = [
  {
    date: 'June 3, 2025',
    version: 'v3.4',
    kind: 'New',
    title: 'Scheduled reports',
    text: 'Send any dashboard to Slack or email on a schedule, as a live link or a PDF snapshot.',
    changes: [
      'Daily, weekly and monthly schedules',
      'Per-recipient time zones',
      'Pause and resume from the dashboard',
    ],
  },
  {
    date: 'May 20, 2025',
    version: 'v3.3',
    kind: 'Improved',
    title: 'Faster queries on large tables',
    text: 'A smarter cache and incremental refreshes make big dashboards load up to four times faster.',
    changes: ['Incremental refresh for event tables', 'Query cost shown before you run it'],
  },
  {
    date: 'May 6, 2025',
    version: 'v3.2.1',
    kind: 'Fixed',
    title: 'Reliability fixes',
    text: 'Small fixes that make everyday work smoother.',
    changes: ['CSV exports keep column order', 'Filters no longer reset after sharing a link'],
  },
];

const kindColor: Record<Entry['kind'], string> = { New: 'primary', Improved: 'secondary', Fixed: 'accent' };

function entry(e: Entry, i: number): Spec {
  const id = `entry-${i + 1}`;
  const label = `Entry ${i + 1}`;
  const color = kindColor[e.kind];
  return frame(
    id,
    label,
    {
      tag: 'article',
      css: { display: 'grid', 'grid-template-columns': '180px 1fr', gap: 'var(--space-xl)' },
      mobile: { 'grid-template-columns': '1fr', gap: 'var(--space-sm)' },
    },
    [
      frame(
        `${id}-meta`,
        `${label} meta`,
        {
          css: {
            display: 'flex',
            'flex-direction': 'column',
            gap: 'var(--space-xs)',
            'align-items': 'flex-start',
            'padding-top': '0.25rem',
          },
          mobile: { 'flex-direction': 'row', 'align-items': 'center', gap: 'var(--space-sm)' },
        },
        [
          text(`${id}-date`, `${label} date`, e.date, {
            tag: 'time',
            textStyle: 'small',
            css: { color: 'var(--color-text-muted)' },
          }),
          text(`${id}-version`, `${label} version`, e.version, {
            tag: 'span',
            textStyle: 'small',
            css: {
              padding: '0.125rem 0.5rem',
              border: '1px solid var(--color-border)',
              'border-radius': 'var(--radius-sm)',
              'font-family': 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
              'font-size': '0.75rem',
            },
          }),
        ],
      ),
      frame(
        `${id}-body`,
        `${label} body`,
        {
          css: {
            position: 'relative',
            display: 'flex',
            'flex-direction': 'column',
            gap: 'var(--space-sm)',
            'padding-left': 'var(--space-xl)',
            'padding-bottom': 'var(--space-xxl)',
            'border-left': '1px solid var(--color-border)',
          },
          mobile: { 'padding-left': 'var(--space-lg)', 'padding-bottom': 'var(--space-xl)' },
        },
        [
          frame(`${id}-dot`, `${label} dot`, {
            css: {
              position: 'absolute',
              left: '-6px',
              top: '0.375rem',
              width: '11px',
              height: '11px',
              'border-radius': 'var(--radius-pill)',
              background: `var(--color-${color})`,
              'box-shadow': `0 0 0 4px ${tint(color, 18)}`,
            },
          }),
          text(`${id}-kind`, `${label} tag`, e.kind, {
            tag: 'span',
            textStyle: 'eyebrow',
            css: {
              'align-self': 'flex-start',
              padding: '0.125rem 0.5rem',
              background: tint(color, 12),
              color: ink(color),
              'border-radius': 'var(--radius-sm)',
              'font-size': '0.6875rem',
            },
          }),
          text(`${id}-title`, `${label} title`, e.title, {
            tag: 'h3',
            textStyle: 'h3',
            css: { 'font-size': '1.375rem' },
          }),
          text(`${id}-text`, `${label} text`, e.text, { css: { color: 'var(--color-text-muted)' } }),
          text(`${id}-changes`, `${label} changes`, e.changes.map((c) => `<li>${c}</li>`).join(''), {
            tag: 'ul',
            css: {
              'padding-left': '1.125rem',
              display: 'flex',
              'flex-direction': 'column',
              gap: '0.25rem',
              color: 'var(--color-text)',
            },
          }),
        ],
      ),
    ],
  );
}

const changelog = design({
  id: 'atlas-team/changelog',
  title: 'Changelog — release timeline',
  role: 'content',
  tree: frame('root', 'Changelog', look(sectionLook(), { tag: 'section' }), [
    frame('inner', 'Content', containerLook('920px'), [
      frame(
        'head',
        'Header',
        {
          css: {
            display: 'flex',
            'justify-content': 'space-between',
            'align-items': 'flex-end',
            gap: 'var(--space-lg)',
            'margin-bottom': 'var(--space-xxl)',
            'padding-bottom': 'var(--space-lg)',
            'border-bottom': '1px solid var(--color-border)',
          },
          mobile: {
            'flex-direction': 'column',
            'align-items': 'flex-start',
            'margin-bottom': 'var(--space-xl)',
          },
        },
        [
          frame(
            'head-copy',
            'Header copy',
            { css: { display: 'flex', 'flex-direction': 'column', gap: 'var(--space-sm)' } },
            [
              eyebrow('eyebrow', 'Eyebrow', 'Changelog'),
              text('title', 'Heading', 'What’s new in Atlas', { tag: 'h2', textStyle: 'h2' }),
              text(
                'subtitle',
                'Subheading',
                'New features, improvements and fixes, shipped every two weeks.',
                {
                  textStyle: 'lead',
                  css: { color: 'var(--color-text-muted)' },
                },
              ),
            ],
          ),
          frame(
            'subscribe',
            'Subscribe',
            { css: { display: 'flex', 'align-items': 'center', gap: 'var(--space-xs)' } },
            [
              icon('subscribe-icon', 'Subscribe icon', 'rss', {
                css: { display: 'inline-flex', color: 'var(--color-primary)', transform: 'scale(0.8)' },
              }),
              linkButton('subscribe-link', 'Subscribe link', 'Subscribe to updates', '#rss'),
            ],
          ),
        ],
      ),
      frame(
        'entries',
        'Entries',
        { css: { display: 'flex', 'flex-direction': 'column' } },
        entries.map(entry),
      ),
    ]),
  ]),
  interactions: [
    revealOnScroll(
      'entries',
      entries.map((_, i) => `entry-${i + 1}`),
      120,
    ),
  ],
});

export const changelogSections: SectionDesign[] = [changelog];
