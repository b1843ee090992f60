import { describe, expect, it } from '@jest/globals';
import { type TemplateSchema } from '#folio/content';
import { demoTemplate } from '#folio/seed';
import { type TemplateProjectInput, type TemplateSectionInput } from './template-body.js';
import { checkTemplateBody } from './template-body-check.js';
import { templateLimits } from './template-limits.js';

const demo = demoTemplate.schema;
const hero = demo.sectionTypes.find((type) => type.type === 'hero')!;

/** The demo template plus a section type with the kinds it lacks (number, boolean). */
const schema: TemplateSchema = {
  ...demo,
  sectionTypes: [
    ...demo.sectionTypes,
    {
      ...hero,
      type: 'stats',
      title: 'Stats',
      fields: [
        { name: 'count', kind: 'number', required: false, description: '', binding: hero.fields[0].binding },
        {
          name: 'featured',
          kind: 'boolean',
          required: false,
          description: '',
          binding: hero.fields[0].binding,
        },
      ],
    },
  ],
};

function problemsOf(body: TemplateProjectInput) {
  return checkTemplateBody(schema, body).problems;
}

function oneSection(section: TemplateSectionInput): TemplateProjectInput {
  return { pages: [{ data: [section] }] };
}

describe(checkTemplateBody.name, () => {
  it('accepts a body using every field kind and returns its pinned values', () => {
    const { problems, pinned } = checkTemplateBody(schema, {
      id: 'site-1',
      pages: [
        {
          id: 'home',
          path: '/',
          pinned: ['announcement'],
          data: [
            {
              _type: 'hero',
              id: 'intro',
              title: 'Fresh roasts',
              subtitle: 'Every week',
              image: 'https://images.example/hero.jpg?w=1200',
              '--accent': 'color-mix(in srgb, #E4572E 80%, white)',
            },
            { _type: 'body', heading: 'Our story', content: '<p>Since <strong>2009</strong></p>' },
            { _type: 'stats', count: 12.5, featured: false },
          ],
        },
        { id: 'about', path: 'about/team', data: [{ _type: 'quote', id: 'intro', quote: '“Great”' }] },
      ],
      pinned: { announcement: { message: 'We are open', linkUrl: 'https://example.com' } },
    });
    expect(problems).toEqual([]);
    expect(pinned).toEqual({ announcement: { message: 'We are open', linkUrl: 'https://example.com' } });
  });

  it('takes pinned values in array form and returns them keyed by id', () => {
    const { problems, pinned } = checkTemplateBody(schema, {
      pinned: [{ id: 'announcement', message: 'Hello', linkLabel: 'More' }],
    });
    expect(problems).toEqual([]);
    expect(pinned).toEqual({ announcement: { message: 'Hello', linkLabel: 'More' } });
  });

  it('reports every problem of a body at once, each at its path', () => {
    const problems = problemsOf({
      pages: [
        { id: 'home', path: '/about/', pinned: ['announcement', 'footer', 'announcement'], data: [] },
        {
          id: 'home',
          path: 'about',
          data: [
            { _type: 'hero', id: 'x', title: 7 },
            'hero' as never,
            { _type: 'banner', id: 'x' },
            { id: '' } as never,
            { _type: 'quote', quote: 'Hi', colour: 'red' },
          ],
        },
      ],
      pinned: { announcement: {}, footer: { text: 'x' } },
    });
    expect(problems).toEqual([
      {
        path: 'pages[0].pinned[1]',
        message: 'unknown pinned item "footer"; the template pins: announcement',
      },
      { path: 'pages[0].pinned[2]', message: '"announcement" is also used by pages[0].pinned[0]' },
      { path: 'pages[1].id', message: '"home" is also used by pages[0].id' },
      { path: 'pages[1].path', message: '"about" is the same page path as pages[0].path' },
      { path: 'pages[1].data[0].title', message: 'expected text' },
      { path: 'pages[1].data[1]', message: 'expected an object with _type' },
      { path: 'pages[1].data[2].id', message: '"x" is also used by pages[1].data[0].id' },
      {
        path: 'pages[1].data[2]._type',
        message: 'unknown section type "banner"; expected one of hero, body, gallery, quote, stats',
      },
      {
        path: 'pages[1].data[3].id',
        message: `expected a string of 1–${templateLimits.idLength} characters`,
      },
      {
        path: 'pages[1].data[3]._type',
        message: 'required: the section type, one of hero, body, gallery, quote, stats',
      },
      {
        path: 'pages[1].data[4].colour',
        message: 'unknown field of section type "quote"; its fields: quote, author',
      },
      { path: 'pinned.announcement.message', message: 'required by pinned item "announcement" (text)' },
      { path: 'pinned.footer', message: 'unknown pinned item "footer"; the template pins: announcement' },
    ]);
  });

  const cssProblem = expect.stringMatching(/^expected a CSS value/);
  it.each([
    ['hero.title', 'null', null, 'expected text'],
    [
      'hero.title',
      'a text one character too long',
      'x'.repeat(templateLimits.textLength + 1),
      `too long: at most ${templateLimits.textLength} characters`,
    ],
    ['body.content', 'an array', ['<p>'], 'expected HTML text'],
    ['stats.count', 'a numeric string', '12', 'expected a number'],
    ['stats.featured', 'the string "true"', 'true', 'expected true or false'],
    ['hero.image', 'an http URL', 'http://images.example/a.jpg', 'expected an https image URL, not http:'],
    ['hero.image', 'a relative URL', '/images/a.jpg', 'expected an https image URL'],
    ['hero.image', 'a URL with a space', 'https://images.example/a b.jpg', 'expected an https image URL'],
    [
      'hero.image',
      'a URL one character too long',
      `https://images.example/${'a'.repeat(templateLimits.urlLength)}`,
      `too long: at most ${templateLimits.urlLength} characters`,
    ],
    ['hero.--accent', 'a second declaration', 'red;background:url(x)', cssProblem],
    ['hero.--accent', 'an unclosed parenthesis', 'rgb(1, 2, 3', cssProblem],
    ['hero.--accent', 'a semicolon in quotes', '"a;b"', cssProblem],
    ['hero.--accent', 'a blank value', '  ', cssProblem],
    ['hero.--accent', 'a number', 12, 'expected a CSS value'],
  ])('refuses %s set to %s', (field, _label, value, message) => {
    const [type, name] = field.split(/\.(.*)/);
    const required = type === 'hero' ? { title: 'Hi' } : type === 'body' ? { heading: 'Hi' } : {};
    expect(problemsOf(oneSection({ _type: type, ...required, [name]: value }))).toEqual([
      { path: `pages[0].data[0].${name}`, message },
    ]);
  });

  it('counts lengths in characters, so long texts of emoji fit', () => {
    const title = '🚀'.repeat(templateLimits.textLength);
    expect(problemsOf(oneSection({ _type: 'hero', title }))).toEqual([]);
  });

  it('names the section count and the limit when the pages hold too many sections', () => {
    const half = Math.ceil((templateLimits.sections + 1) / 2);
    const page = { data: Array.from({ length: half }, () => ({ _type: 'quote', quote: 'Hi' })) };
    expect(problemsOf({ pages: [page, page] })).toEqual([
      {
        path: 'pages',
        message: `${half * 2} sections over all pages; at most ${templateLimits.sections} per request: send fewer pages per call`,
      },
    ]);
  });

  it('checks pinned values in array form at array paths, once per id', () => {
    expect(
      problemsOf({
        pinned: [
          { id: 'announcement', message: 'Hi', badge: 'New' },
          { id: 'announcement', message: 'Again' },
          { id: 'footer' },
          { message: 'No id' } as never,
        ],
      }),
    ).toEqual([
      {
        path: 'pinned[0].badge',
        message: 'unknown field of pinned item "announcement"; its fields: message, linkLabel, linkUrl',
      },
      { path: 'pinned[1].id', message: '"announcement" is also used by pinned[0].id' },
      { path: 'pinned[2].id', message: 'unknown pinned item "footer"; the template pins: announcement' },
      { path: 'pinned[3].id', message: 'required: the pinned item’s id; the template pins: announcement' },
    ]);
  });

  it('says so when the template pins nothing', () => {
    const { problems } = checkTemplateBody(
      { ...schema, pinned: [] },
      { pages: [{ pinned: ['announcement'] }], pinned: { announcement: { message: 'Hi' } } },
    );
    expect(problems).toEqual([
      {
        path: 'pages[0].pinned[0]',
        message: 'unknown pinned item "announcement"; the template pins nothing',
      },
      {
        path: 'pinned.announcement',
        message: 'unknown pinned item "announcement"; the template pins nothing',
      },
    ]);
  });
});
