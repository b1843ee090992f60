/**
 * "Launch Kit": the demo template for the create-from-template API. Each section type's fields are bound
 * to elements of its prototype section; style fields are custom properties the prototype styles read.
 */
import { type TemplateField, type TemplatePinned, type TemplateSectionType } from '#folio/content';
import { art, palettes, type Motif, type Palette } from './illustration.js';
import { revealOnScroll } from './motion.js';
import { design, elementKey, frame, image, look, text, type SectionDef } from './section-builder.js';
import { type TemplateSeed } from './seed-content.types.js';
import { containerLook, primaryButton, sectionLook, shadow } from './ui.js';

const accent = 'var(--accent, var(--color-primary))';

/** A field bound to a prototype element's text, src or href. */
function bound(
  sectionId: string,
  name: string,
  kind: TemplateField['kind'],
  localId: string,
  target: 'text' | 'src' | 'href',
  description: string,
  required = false,
): TemplateField {
  return {
    name,
    kind,
    required,
    description,
    binding: { elementKey: elementKey(sectionId, localId), target },
  };
}

/** A style field: a `--name` custom property set on the section root. */
function styleField(name: string, description: string): TemplateField {
  return { name, kind: 'style', required: false, description, binding: { property: name } };
}

function prototype(def: SectionDef): TemplateSectionType['prototype'] {
  const section = design(def);
  return { tree: section.tree, styles: section.styles, interactions: section.interactions ?? [] };
}

const heroId = 'launch-kit/hero';
const hero: TemplateSectionType = {
  type: 'hero',
  title: 'Hero',
  description: 'Opening section with a headline, supporting line, image and one call to action.',
  fields: [
    bound(heroId, 'title', 'text', 'title', 'text', 'Main headline, ideally under ten words.', true),
    bound(heroId, 'subtitle', 'text', 'subtitle', 'text', 'One or two sentences under the headline.'),
    bound(heroId, 'image', 'image', 'image', 'src', 'Hero image URL (https), shown at 4:3.'),
    styleField('--accent', 'Accent colour for the background tint and the button, e.g. #E4572E.'),
    bound(heroId, 'ctaLabel', 'text', 'cta', 'text', 'Button label.'),
    bound(heroId, 'ctaUrl', 'text', 'cta', 'href', 'Button link URL.'),
  ],
  prototype: prototype({
    id: heroId,
    title: 'Hero',
    role: 'hero',
    tree: frame(
      'root',
      'Hero',
      look(
        sectionLook(
          `linear-gradient(160deg, color-mix(in srgb, ${accent} 16%, var(--color-background)), var(--color-background) 70%)`,
        ),
        {
          tag: 'section',
        },
      ),
      [
        frame(
          'inner',
          'Layout',
          look(containerLook(), {
            css: {
              display: 'grid',
              'grid-template-columns': '1.1fr 1fr',
              gap: 'var(--space-xxl)',
              'align-items': 'center',
            },
            tablet: { 'grid-template-columns': '1fr', gap: 'var(--space-xl)' },
          }),
          [
            frame(
              'copy',
              'Copy',
              {
                css: {
                  display: 'flex',
                  'flex-direction': 'column',
                  gap: 'var(--space-lg)',
                  'align-items': 'flex-start',
                },
              },
              [
                text('title', 'Headline', 'Launch something people love', {
                  tag: 'h1',
                  textStyle: 'h1',
                  css: { 'text-wrap': 'balance' },
                }),
                text(
                  'subtitle',
                  'Subheadline',
                  'Tell visitors what you offer and why it matters, in one or two clear sentences.',
                  {
                    textStyle: 'lead',
                    css: { color: 'var(--color-text-muted)', 'max-width': '540px' },
                  },
                ),
                primaryButton('cta', 'Primary button', 'Get started', '#start', {
                  css: {
                    background: accent,
                    padding: '1rem 1.75rem',
                    'box-shadow': `0 12px 28px -12px color-mix(in srgb, ${accent} 70%, transparent)`,
                  },
                  mobile: { width: '100%' },
                }),
              ],
            ),
            image(
              'image',
              'Hero image',
              art('blobs', palettes.indigo, 'launch-kit-hero', 4, 3),
              'Hero image',
              {
                css: {
                  width: '100%',
                  'aspect-ratio': '4 / 3',
                  'object-fit': 'cover',
                  'border-radius': 'var(--radius-lg)',
                  'box-shadow': shadow.lg,
                },
              },
            ),
          ],
        ),
      ],
    ),
  }),
};

const bodyId = 'launch-kit/body';
const body: TemplateSectionType = {
  type: 'body',
  title: 'Body text',
  description: 'A heading followed by rich text (paragraphs, lists, links).',
  fields: [
    bound(bodyId, 'heading', 'text', 'heading', 'text', 'Section heading.', true),
    bound(bodyId, 'content', 'html', 'content', 'text', 'Rich text as HTML: p, h3, ul/ol, a, strong, em.'),
    styleField('--background', 'Background colour of the section, e.g. #F7F3EE.'),
  ],
  prototype: prototype({
    id: bodyId,
    title: 'Body text',
    role: 'content',
    tree: frame(
      'root',
      'Body',
      look(sectionLook('var(--background, var(--color-background))'), { tag: 'section' }),
      [
        frame(
          'inner',
          'Column',
          look(containerLook('760px'), {
            css: { display: 'flex', 'flex-direction': 'column', gap: 'var(--space-lg)' },
          }),
          [
            text('heading', 'Heading', 'Why we built this', {
              tag: 'h2',
              textStyle: 'h2',
              css: { 'text-wrap': 'balance' },
            }),
            text(
              'content',
              'Content',
              '<p>Use this section to tell your story in more depth: the problem you solve, who it is for and what makes your approach different.</p><p>Keep paragraphs short and scannable. Lists work well for benefits:</p><ul><li>One clear idea per paragraph</li><li>Concrete numbers over vague claims</li><li>A link to learn more</li></ul>',
              {
                tag: 'div',
                css: { 'font-size': '1.125rem', 'line-height': '1.75', color: 'var(--color-text)' },
                mobile: { 'font-size': '1.0625rem' },
              },
            ),
          ],
        ),
      ],
    ),
  }),
};

const galleryId = 'launch-kit/gallery';
const galleryItems = [1, 2, 3];
const galleryArt: [Motif, Palette][] = [
  ['landscape', palettes.sky],
  ['blobs', palettes.sunset],
  ['geometric', palettes.mint],
];
const gallery: TemplateSectionType = {
  type: 'gallery',
  title: 'Gallery',
  description: 'A heading and three captioned images in a row (stacked on phones).',
  fields: [
    bound(galleryId, 'heading', 'text', 'heading', 'text', 'Gallery heading.'),
    ...galleryItems.flatMap((i) => [
      bound(
        galleryId,
        `image${i}`,
        'image',
        `image-${i}`,
        'src',
        `Image ${i} URL (https), shown at 4:5.`,
        i === 1,
      ),
      bound(galleryId, `caption${i}`, 'text', `caption-${i}`, 'text', `Caption under image ${i}.`),
    ]),
  ],
  prototype: prototype({
    id: galleryId,
    title: 'Gallery',
    role: 'gallery',
    tree: frame('root', 'Gallery', look(sectionLook('var(--color-surface-alt)'), { tag: 'section' }), [
      frame('inner', 'Content', containerLook(), [
        text('heading', 'Heading', 'A closer look', {
          tag: 'h2',
          textStyle: 'h2',
          css: { 'margin-bottom': 'var(--space-xl)', 'text-align': 'center' },
        }),
        frame(
          'grid',
          'Image grid',
          {
            css: { display: 'grid', 'grid-template-columns': 'repeat(3, 1fr)', gap: 'var(--space-lg)' },
            mobile: { 'grid-template-columns': '1fr' },
          },
          galleryItems.map((i) =>
            frame(
              `item-${i}`,
              `Item ${i}`,
              {
                tag: 'figure',
                css: { margin: '0', display: 'flex', 'flex-direction': 'column', gap: 'var(--space-sm)' },
              },
              [
                image(
                  `image-${i}`,
                  `Image ${i}`,
                  art(galleryArt[i - 1][0], galleryArt[i - 1][1], `launch-kit-${i}`, 4, 5),
                  `Gallery image ${i}`,
                  {
                    css: {
                      width: '100%',
                      'aspect-ratio': '4 / 5',
                      'object-fit': 'cover',
                      'border-radius': 'var(--radius-md)',
                    },
                    mobile: { 'aspect-ratio': '4 / 3' },
                  },
                ),
                text(
                  `caption-${i}`,
                  `Caption ${i}`,
                  ['Designed with care', 'Built to last', 'Made for everyday use'][i - 1],
                  {
                    tag: 'figcaption',
                    textStyle: 'small',
                    css: { color: 'var(--color-text-muted)' },
                  },
                ),
              ],
            ),
          ),
        ),
      ]),
    ]),
    interactions: [revealOnScroll('grid', ['item-1', 'item-2', 'item-3'])],
  }),
};

const quoteId = 'launch-kit/quote';
const quote: TemplateSectionType = {
  type: 'quote',
  title: 'Quote',
  description: 'A large pull quote with its author.',
  fields: [
    bound(quoteId, 'quote', 'text', 'quote', 'text', 'The quote, including its quotation marks.', true),
    bound(quoteId, 'author', 'text', 'author', 'text', 'Who said it, with their role.'),
  ],
  prototype: prototype({
    id: quoteId,
    title: 'Quote',
    role: 'testimonials',
    tree: frame('root', 'Quote section', look(sectionLook(), { tag: 'section' }), [
      frame(
        'inner',
        'Content',
        look(containerLook('860px'), {
          tag: 'figure',
          css: {
            display: 'flex',
            'flex-direction': 'column',
            gap: 'var(--space-lg)',
            'text-align': 'center',
          },
        }),
        [
          text('quote', 'Quote', '“The best product launch we have had in years, and the easiest.”', {
            tag: 'blockquote',
            textStyle: 'h2',
            css: { 'font-weight': '500', 'line-height': '1.3', 'text-wrap': 'balance' },
          }),
          text('author', 'Author', 'Jordan Blake, Head of Marketing', {
            tag: 'figcaption',
            css: { color: 'var(--color-text-muted)' },
          }),
        ],
      ),
    ]),
  }),
};

const announcementId = 'launch-kit/announcement';
const announcement: TemplatePinned = {
  id: 'announcement',
  title: 'Announcement bar',
  description: 'A thin bar above the page with a short message and a link.',
  placement: 'top',
  fields: [
    bound(announcementId, 'message', 'text', 'message', 'text', 'Short announcement, one line.', true),
    bound(announcementId, 'linkLabel', 'text', 'link', 'text', 'Link label.'),
    bound(announcementId, 'linkUrl', 'text', 'link', 'href', 'Link URL.'),
  ],
  prototype: prototype({
    id: announcementId,
    title: 'Announcement bar',
    role: 'navbar',
    tree: frame(
      'root',
      'Announcement bar',
      {
        tag: 'aside',
        css: {
          display: 'flex',
          'flex-wrap': 'wrap',
          'justify-content': 'center',
          'align-items': 'center',
          gap: 'var(--space-xs) var(--space-md)',
          padding: 'var(--space-sm) var(--space-xl)',
          background: 'var(--color-inverse)',
          color: 'var(--color-on-inverse)',
          'text-align': 'center',
        },
        mobile: { padding: 'var(--space-sm) var(--space-md)' },
      },
      [
        text('message', 'Message', 'We just launched something new.', { tag: 'span', textStyle: 'small' }),
        primaryButton('link', 'Link', 'Learn more →', '#', {
          textStyle: 'small',
          css: { padding: '0.25rem 0.75rem', 'font-weight': '600', 'box-shadow': 'none' },
        }),
      ],
    ),
  }),
};

export const demoTemplate: TemplateSeed = {
  key: 'tplLaunchKit01',
  title: 'Launch Kit',
  description:
    'A simple product-launch site: hero, body text, gallery and quote sections, plus an announcement bar pinned to the top of any page.',
  schema: { sectionTypes: [hero, body, gallery, quote], pinned: [announcement] },
};
