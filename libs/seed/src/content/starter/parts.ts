/** Pieces shared by several starter sections: the placeholder brand, partner logos, avatars, social links. */
import { art, palettes, type Palette } from '../illustration.js';
import { button, frame, icon, image, look, text, type Props, type Spec } from '../section-builder.js';

export const brandMark = art('mark', palettes.indigo, 'lumen', 1, 1);

/** Logo image and wordmark. */
export function brand(id: string, props: Props = {}): Spec {
  return frame(
    id,
    'Brand',
    { css: { display: 'flex', 'align-items': 'center', gap: 'var(--space-sm)' }, ...props },
    [
      image(`${id}-logo`, 'Logo', brandMark, 'Lumen logo', {
        css: { width: '32px', height: '32px', 'border-radius': 'var(--radius-sm)', 'object-fit': 'cover' },
      }),
      text(`${id}-name`, 'Brand name', 'Lumen', {
        tag: 'span',
        textStyle: 'h3',
        css: { 'font-weight': '700', 'letter-spacing': '-0.02em' },
      }),
    ],
  );
}

export const partnerNames = ['Northstar', 'Kitehaus', 'Oakline', 'Parallel', 'Quanta', 'Bluebird'];

/** Muted partner logos, named "Logo 1", "Logo 2", … */
export function logoImages(id: string, names: string[], height = '36px'): Spec[] {
  return names.map((label, i) =>
    image(
      `${id}-${i + 1}`,
      `Logo ${i + 1}`,
      art('logo', palettes.slate, label, 4, 1, label),
      `${label} logo`,
      {
        css: { height, width: 'auto', 'aspect-ratio': '4 / 1', opacity: '0.72', 'object-fit': 'contain' },
      },
    ),
  );
}

const avatarPalettes: Palette[] = [
  palettes.indigo,
  palettes.sunset,
  palettes.mint,
  palettes.sky,
  palettes.dusk,
  palettes.slate,
];

/** A portrait placeholder; `index` picks the palette so neighbours differ. */
export function avatarArt(seed: string, index: number): string {
  return art('avatar', avatarPalettes[index % avatarPalettes.length], seed, 1, 1);
}

export function avatar(
  id: string,
  name: string,
  seed: string,
  index: number,
  alt: string,
  size = '40px',
): Spec {
  return image(id, name, avatarArt(seed, index), alt, {
    css: {
      width: size,
      height: size,
      'border-radius': 'var(--radius-pill)',
      'object-fit': 'cover',
      'flex-shrink': '0',
    },
  });
}

const socials: [string, string, string][] = [
  ['mail', 'Email', 'mailto:hello@example.com'],
  ['message-circle', 'Community', '#community'],
  ['rss', 'Blog feed', '#rss'],
  ['globe', 'Website', '#website'],
];

/** Round icon links; `label` prefixes the slot names. */
export function socialLinks(id: string, label: string, extra: Props = {}): Spec {
  return frame(
    id,
    `${label} links`,
    { css: { display: 'flex', gap: 'var(--space-xs)' } },
    socials.map(([iconName, title, href], i) =>
      button(
        `${id}-${i + 1}`,
        `${label} link ${i + 1}`,
        '',
        href,
        look(
          {
            textStyle: undefined,
            css: {
              display: 'inline-flex',
              'align-items': 'center',
              'justify-content': 'center',
              width: '36px',
              height: '36px',
              'border-radius': 'var(--radius-pill)',
              border: '1px solid var(--color-border)',
              color: 'var(--color-text-muted)',
            },
          },
          extra,
        ),
        [
          icon(`${id}-${i + 1}-icon`, `${label} link ${i + 1} icon`, iconName, {
            alt: title,
            css: { display: 'inline-flex', transform: 'scale(0.75)' },
          }),
        ],
      ),
    ),
  );
}
