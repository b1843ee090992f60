import { art, palettes, type Motif, type Palette } from '../illustration.js';
import { hoverLift, revealOnScroll } from '../motion.js';
import { design, frame, image, look, text, type Css } from '../section-builder.js';
import { type SectionDesign } from '../seed-content.types.js';
import { containerLook, linkButton, sectionHeader, sectionLook } from '../ui.js';

interface Tile {
  motif: Motif;
  palette: Palette;
  alt: string;
  /** Grid placement on desktop; tablet and mobile keep the spans on a two-column grid. */
  span: Css;
}

const tiles: Tile[] = [
  {
    motif: 'blobs',
    palette: palettes.indigo,
    alt: 'Soft indigo shapes',
    span: { 'grid-column': 'span 2', 'grid-row': 'span 2' },
  },
  {
    motif: 'geometric',
    palette: palettes.sunset,
    alt: 'Warm geometric pattern',
    span: { 'grid-column': 'span 1', 'grid-row': 'span 1' },
  },
  {
    motif: 'gradient',
    palette: palettes.mint,
    alt: 'Mint gradient',
    span: { 'grid-column': 'span 1', 'grid-row': 'span 1' },
  },
  {
    motif: 'landscape',
    palette: palettes.sky,
    alt: 'Rolling hills under a pale sky',
    span: { 'grid-column': 'span 2', 'grid-row': 'span 1' },
  },
  {
    motif: 'geometric',
    palette: palettes.indigo,
    alt: 'Indigo geometric pattern',
    span: { 'grid-column': 'span 1', 'grid-row': 'span 1' },
  },
  {
    motif: 'blobs',
    palette: palettes.sunset,
    alt: 'Coral and amber shapes',
    span: { 'grid-column': 'span 1', 'grid-row': 'span 1' },
  },
  {
    motif: 'ui',
    palette: palettes.slate,
    alt: 'A dashboard screen',
    span: { 'grid-column': 'span 2', 'grid-row': 'span 1' },
  },
];

const galleryMosaic = design({
  id: 'starter/gallery-mosaic',
  title: 'Gallery — mosaic grid',
  role: 'gallery',
  tree: frame('root', 'Gallery', look(sectionLook(), { tag: 'section' }), [
    frame('inner', 'Content', containerLook(), [
      sectionHeader('header', {
        eyebrow: 'Gallery',
        title: 'A closer look at the work',
        subtitle: 'A selection of recent projects, studies and experiments from our studio.',
      }),
      frame(
        'grid',
        'Image grid',
        {
          css: {
            display: 'grid',
            'grid-template-columns': 'repeat(4, 1fr)',
            'grid-auto-rows': '220px',
            gap: 'var(--space-md)',
          },
          tablet: { 'grid-template-columns': 'repeat(2, 1fr)', 'grid-auto-rows': '200px' },
          mobile: { 'grid-auto-rows': '140px', gap: 'var(--space-sm)' },
        },
        tiles.map((tile, i) =>
          image(
            `image-${i + 1}`,
            `Image ${i + 1}`,
            art(tile.motif, tile.palette, `mosaic-${i}`, 4, 3),
            tile.alt,
            {
              css: {
                width: '100%',
                height: '100%',
                'object-fit': 'cover',
                'border-radius': 'var(--radius-md)',
                ...tile.span,
              },
            },
          ),
        ),
      ),
    ]),
  ]),
  interactions: [
    revealOnScroll(
      'grid',
      tiles.map((_, i) => `image-${i + 1}`),
      60,
    ),
  ],
});

const showcase: [string, string, Motif, Palette][] = [
  ['Harbour & Co. rebrand', 'Brand identity · 2025', 'geometric', palettes.sunset],
  ['Field notes app', 'Product design · 2025', 'ui', palettes.mint],
  ['Open studio festival', 'Campaign · 2024', 'blobs', palettes.indigo],
  ['Alpine retreat', 'Website · 2024', 'landscape', palettes.sky],
  ['Quanta annual report', 'Editorial · 2024', 'gradient', palettes.dusk],
  ['Mosaic type specimen', 'Typography · 2023', 'geometric', palettes.indigo],
];

const galleryShowcase = design({
  id: 'starter/gallery-showcase',
  title: 'Gallery — showcase with captions',
  role: 'gallery',
  tree: frame('root', 'Gallery', look(sectionLook('var(--color-surface-alt)'), { tag: 'section' }), [
    frame('inner', 'Content', containerLook(), [
      frame(
        'head',
        'Header row',
        {
          css: {
            display: 'flex',
            'justify-content': 'space-between',
            'align-items': 'flex-end',
            gap: 'var(--space-lg)',
            'margin-bottom': 'var(--space-xxl)',
          },
          mobile: {
            'flex-direction': 'column',
            'align-items': 'flex-start',
            'margin-bottom': 'var(--space-xl)',
          },
        },
        [
          sectionHeader(
            'header',
            { eyebrow: 'Selected work', title: 'Projects we are proud of' },
            { align: 'left', extra: { css: { 'margin-bottom': '0' }, mobile: { 'margin-bottom': '0' } } },
          ),
          linkButton('all', 'View all link', 'View all projects →', '#work'),
        ],
      ),
      frame(
        'grid',
        'Project grid',
        {
          css: {
            display: 'grid',
            'grid-template-columns': 'repeat(3, 1fr)',
            gap: 'var(--space-xl) var(--space-lg)',
          },
          tablet: { 'grid-template-columns': 'repeat(2, 1fr)' },
          mobile: { 'grid-template-columns': '1fr' },
        },
        showcase.map(([title, meta, motif, palette], i) =>
          frame(
            `item-${i + 1}`,
            `Project ${i + 1}`,
            {
              tag: 'figure',
              css: { display: 'flex', 'flex-direction': 'column', gap: 'var(--space-sm)', margin: '0' },
            },
            [
              image(
                `item-${i + 1}-image`,
                `Project ${i + 1} image`,
                art(motif, palette, `showcase-${i}`, 4, 5),
                title,
                {
                  css: {
                    width: '100%',
                    'aspect-ratio': '4 / 5',
                    'object-fit': 'cover',
                    'border-radius': 'var(--radius-lg)',
                    'margin-bottom': 'var(--space-xs)',
                    transition: 'transform 200ms ease',
                  },
                  mobile: { 'aspect-ratio': '4 / 3' },
                },
              ),
              text(`item-${i + 1}-title`, `Project ${i + 1} title`, title, {
                tag: 'h3',
                textStyle: 'h3',
                css: { 'font-size': '1.125rem' },
              }),
              text(`item-${i + 1}-meta`, `Project ${i + 1} caption`, meta, {
                textStyle: 'small',
                css: { color: 'var(--color-text-muted)' },
              }),
            ],
          ),
        ),
      ),
    ]),
  ]),
  interactions: showcase.map((_, i) => hoverLift(`item-${i + 1}-image`)),
});

export const gallerySections: SectionDesign[] = [galleryMosaic, galleryShowcase];
