import { art, palettes } from '../illustration.js';
import { revealOnScroll } from '../motion.js';
import { design, frame, image, look, text, type Props, type Spec } from '../section-builder.js';
import { type SectionDesign } from '../seed-content.types.js';
import { containerLook, eyebrow, sectionLook, shadow } from '../ui.js';
import { avatar } from './parts.js';

const prose: Props = {
  css: { 'font-size': '1.125rem', 'line-height': '1.8', color: 'var(--color-text)' },
  mobile: { 'font-size': '1.0625rem', 'line-height': '1.75' },
};

const subheading = (id: string, name: string, html: string): Spec =>
  text(id, name, html, {
    tag: 'h2',
    textStyle: 'h3',
    css: { 'font-size': '1.625rem', 'margin-top': 'var(--space-lg)' },
    mobile: { 'font-size': '1.375rem' },
  });

const contentArticle = design({
  id: 'starter/content-article',
  title: 'Content — long-form article',
  role: 'content',
  tree: frame('root', 'Article section', look(sectionLook(), { tag: 'section' }), [
    frame(
      'article',
      'Article',
      look(containerLook('720px'), {
        tag: 'article',
        css: { display: 'flex', 'flex-direction': 'column', gap: 'var(--space-lg)' },
      }),
      [
        eyebrow('category', 'Category', 'Guides · Launch planning'),
        text('title', 'Title', 'How to plan a website launch in two weeks', {
          tag: 'h1',
          textStyle: 'h1',
          css: { 'text-wrap': 'balance' },
        }),
        text(
          'dek',
          'Standfirst',
          'A practical, day-by-day plan for small teams that want to ship a polished site without the all-nighters.',
          { textStyle: 'lead', css: { color: 'var(--color-text-muted)' } },
        ),
        frame(
          'meta',
          'Byline',
          {
            css: {
              display: 'flex',
              'align-items': 'center',
              gap: 'var(--space-sm)',
              'padding-bottom': 'var(--space-lg)',
              'border-bottom': '1px solid var(--color-border)',
            },
          },
          [
            avatar('meta-avatar', 'Author avatar', 'article-author', 3, 'Portrait of Hana Sato'),
            frame('meta-copy', 'Byline copy', { css: { display: 'flex', 'flex-direction': 'column' } }, [
              text('meta-name', 'Author name', 'Hana Sato', {
                textStyle: 'small',
                css: { 'font-weight': '600' },
              }),
              text('meta-date', 'Publication details', 'March 12, 2025 · 8 min read', {
                textStyle: 'small',
                css: { color: 'var(--color-text-muted)' },
              }),
            ]),
          ],
        ),
        image(
          'cover',
          'Cover image',
          art('landscape', palettes.sky, 'article-cover', 16, 9),
          'Layered hills at dawn',
          {
            css: {
              width: '100%',
              'aspect-ratio': '16 / 9',
              'object-fit': 'cover',
              'border-radius': 'var(--radius-lg)',
              margin: 'var(--space-sm) 0',
            },
          },
        ),
        text(
          'p1',
          'Paragraph 1',
          'Most launches slip for the same reason: decisions arrive late. Copy waits on design, design waits on feedback, and everything waits on the one person who knows where the logo files live. The fix is not more hours. It is <strong>deciding earlier, in the right order</strong>.',
          prose,
        ),
        subheading('h-1', 'Subheading 1', 'Week one: words before pixels'),
        text(
          'p2',
          'Paragraph 2',
          'Start with an outline of every page and the single job each one has to do. Write real headlines, even rough ones, before anyone opens a design tool. Placeholder text hides problems; real words reveal them.',
          prose,
        ),
        text(
          'list',
          'List',
          '<li>Day 1–2: sitemap, page goals and owners</li><li>Day 3–4: first-draft copy for every page</li><li>Day 5: review in one meeting, not twenty messages</li>',
          look(prose, {
            tag: 'ul',
            css: {
              'padding-left': '1.25em',
              display: 'flex',
              'flex-direction': 'column',
              gap: 'var(--space-xs)',
            },
          }),
        ),
        text('quote', 'Pull quote', '“Placeholder text hides problems. Real words reveal them.”', {
          tag: 'blockquote',
          textStyle: 'h3',
          css: {
            margin: 'var(--space-md) 0',
            padding: 'var(--space-xs) 0 var(--space-xs) var(--space-lg)',
            'border-left': '3px solid var(--color-primary)',
            'font-size': '1.5rem',
            'line-height': '1.4',
            'font-weight': '500',
          },
          mobile: { 'font-size': '1.25rem', padding: 'var(--space-xs) 0 var(--space-xs) var(--space-md)' },
        }),
        subheading('h-2', 'Subheading 2', 'Week two: design, test, publish'),
        text(
          'p3',
          'Paragraph 3',
          'With the words settled, design goes quickly. Assemble pages from proven sections, then spend your time on the two or three moments that make the brand memorable. Test on a real phone every day, and publish to a preview link early so feedback arrives while it is still cheap to act on.',
          prose,
        ),
      ],
    ),
  ]),
});

const facts: [string, string][] = [
  ['2019', 'Founded in Lisbon'],
  ['42', 'People on the team'],
  ['9', 'Countries we work from'],
];

const contentStory = design({
  id: 'starter/content-story',
  title: 'Content — story with image',
  role: 'content',
  tree: frame('root', 'Story', look(sectionLook(), { tag: 'section' }), [
    frame(
      'inner',
      'Layout',
      look(containerLook(), {
        css: {
          display: 'grid',
          'grid-template-columns': '1fr 1.1fr',
          gap: 'var(--space-xxxl)',
          'align-items': 'center',
        },
        tablet: { 'grid-template-columns': '1fr', gap: 'var(--space-xl)' },
      }),
      [
        image(
          'image',
          'Image',
          art('geometric', palettes.sunset, 'story', 4, 5),
          'A warm geometric composition',
          {
            css: {
              width: '100%',
              'aspect-ratio': '4 / 5',
              'object-fit': 'cover',
              'border-radius': 'var(--radius-lg)',
              'box-shadow': shadow.md,
            },
            tablet: { 'aspect-ratio': '16 / 9' },
          },
        ),
        frame(
          'copy',
          'Copy',
          { css: { display: 'flex', 'flex-direction': 'column', gap: 'var(--space-md)' } },
          [
            eyebrow('eyebrow', 'Eyebrow', 'Our story'),
            text('title', 'Heading', 'We started with a simple question', {
              tag: 'h2',
              textStyle: 'h2',
              css: { 'text-wrap': 'balance' },
            }),
            text(
              'p1',
              'Paragraph 1',
              'Why does publishing a good page still take weeks? In 2019 we were a small studio building websites for clients, and we kept losing days to handoffs, rebuilds and “final_v7” files.',
              { textStyle: 'lead', css: { color: 'var(--color-text-muted)' } },
            ),
            text(
              'p2',
              'Paragraph 2',
              'So we built the tool we wanted: one calm place where writers, designers and developers work on the same page at the same time. Today it powers sites for thousands of teams, and we still use it for every page we make.',
              { css: { color: 'var(--color-text-muted)' } },
            ),
            frame(
              'facts',
              'Facts',
              {
                css: {
                  display: 'grid',
                  'grid-template-columns': 'repeat(3, 1fr)',
                  gap: 'var(--space-lg)',
                  'margin-top': 'var(--space-md)',
                  'padding-top': 'var(--space-lg)',
                  'border-top': '1px solid var(--color-border)',
                },
                mobile: { gap: 'var(--space-md)' },
              },
              facts.map(([value, label], i) =>
                frame(
                  `fact-${i + 1}`,
                  `Fact ${i + 1}`,
                  { css: { display: 'flex', 'flex-direction': 'column', gap: '0.125rem' } },
                  [
                    text(`fact-${i + 1}-value`, `Fact ${i + 1} value`, value, {
                      textStyle: 'h2',
                      css: { color: 'var(--color-primary)' },
                    }),
                    text(`fact-${i + 1}-label`, `Fact ${i + 1} label`, label, {
                      textStyle: 'small',
                      css: { color: 'var(--color-text-muted)' },
                    }),
                  ],
                ),
              ),
            ),
          ],
        ),
      ],
    ),
  ]),
  interactions: [revealOnScroll('inner', ['image', 'copy'], 150)],
});

export const contentSections: SectionDesign[] = [contentArticle, contentStory];
