import { describe, expect, it } from '@jest/globals';
import { parse } from 'node-html-parser';
import { linkPreviewTags } from './link-preview.js';

const contents = (tags: string[]) =>
  Object.fromEntries(
    parse(tags.join(''))
      .querySelectorAll('meta')
      .map((meta) => [
        meta.getAttribute('property') ?? meta.getAttribute('name'),
        meta.getAttribute('content'),
      ]),
  );

describe(linkPreviewTags.name, () => {
  it('writes a small card, and no image or description tag, while the page has neither', () => {
    const tags = linkPreviewTags({
      title: 'Menu',
      url: 'https://sites.example/sites/crumb/menu',
      siteName: 'Crumb',
    });
    expect(contents(tags)).toEqual({
      'og:type': 'website',
      'og:site_name': 'Crumb',
      'og:title': 'Menu',
      'og:url': 'https://sites.example/sites/crumb/menu',
      'twitter:card': 'summary',
    });
  });

  it('escapes what the content says, so no value leaves its attribute', () => {
    const tags = linkPreviewTags({
      title: 'Bread "&" <butter>',
      description: '"><script>alert(1)</script>',
      url: 'https://sites.example/sites/crumb/',
      siteName: 'Crumb',
      image: { url: 'https://images.example/a.png?x=1&y="2"', width: 1200, height: 630 },
    });
    expect(tags.join('')).not.toContain('<script');
    expect(contents(tags)).toMatchObject({
      'og:title': 'Bread "&" <butter>',
      'og:description': '"><script>alert(1)</script>',
      'og:image': 'https://images.example/a.png?x=1&y="2"',
      'og:image:width': '1200',
      'twitter:card': 'summary_large_image',
    });
  });
});
