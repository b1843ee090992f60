/** Inline SVG shapes come from uploads and agents: only drawing elements and presentation attributes survive. */
import sanitizeHtml from 'sanitize-html';

const svgTags = [
  'svg',
  'g',
  'defs',
  'title',
  'desc',
  'path',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'rect',
  'text',
  'tspan',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'symbol',
  'use',
];
const presentation = [
  'id',
  'class',
  'fill',
  'fill-opacity',
  'fill-rule',
  'clip-rule',
  'clip-path',
  'mask',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-miterlimit',
  'stroke-opacity',
  'opacity',
  'transform',
  'color',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
  'letter-spacing',
];
const geometry = [
  'd',
  'x',
  'y',
  'x1',
  'x2',
  'y1',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'dx',
  'dy',
  'width',
  'height',
  'points',
  'pathLength',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'clipPathUnits',
  'maskUnits',
  'maskContentUnits',
  'viewBox',
  'preserveAspectRatio',
];

const options: sanitizeHtml.IOptions = {
  allowedTags: svgTags,
  allowedAttributes: {
    svg: ['xmlns', 'role', 'aria-label', 'aria-hidden', 'focusable', ...presentation, ...geometry],
    use: ['href', ...presentation, ...geometry],
    '*': [...presentation, ...geometry],
  },
  // `use` may only point into the same SVG; external references could load other documents.
  exclusiveFilter: (frame) => frame.tag === 'use' && !(frame.attribs.href ?? '').startsWith('#'),
  allowedSchemes: [],
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'foreignObject'],
  parser: { lowerCaseTags: false, lowerCaseAttributeNames: false },
};

/** Sanitized inline SVG, or null when nothing drawable remains. Values with `url(` other than `url(#…)` are dropped. */
export function sanitizeSvg(svg: string): string | null {
  const clean = sanitizeHtml(svg, {
    ...options,
    transformTags: {
      '*': (tagName, attribs) => ({
        tagName,
        attribs: Object.fromEntries(
          Object.entries(attribs).filter(([, value]) => !/url\(\s*['"]?(?!#)/i.test(value)),
        ),
      }),
    },
  }).trim();
  return clean.startsWith('<svg') ? clean : null;
}
