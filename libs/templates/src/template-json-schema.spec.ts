import { describe, expect, it } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { demoTemplate } from '#folio/seed';
import { type TemplateProjectInput, type TemplateSectionInput } from './template-body.js';
import { checkTemplateBody } from './template-body-check.js';
import { templateBodyJsonSchema } from './template-json-schema.js';
import { templateLimits } from './template-limits.js';

const schemaUrl = 'https://folio.example/templates/tplLaunchKit01/body.schema.json';

function compile(template = demoTemplate) {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  return ajv.compile(templateBodyJsonSchema(template, schemaUrl));
}

const quote = (id?: string): TemplateSectionInput => ({
  _type: 'quote',
  quote: '“Great”',
  ...(id === undefined ? {} : { id }),
});
const sections = (count: number) => Array.from({ length: count }, () => quote());
const hero = (values: Record<string, unknown>) => ({
  pages: [{ data: [{ _type: 'hero', title: 'Hi', ...values }] }],
});

/**
 * Who refuses each body: `both` the JSON Schema and checkTemplateBody; `dto` the JSON Schema and the DTOs
 * (checkTemplateBody assumes the DTO rules hold); `check` only checkTemplateBody (rules JSON Schema cannot
 * state, named in the schema's descriptions).
 */
const bodies: [string, 'nobody' | 'both' | 'dto' | 'check', unknown][] = [
  ['an empty body', 'nobody', {}],
  [
    'a full body',
    'nobody',
    {
      id: 'site-1',
      title: 'Roastery',
      tags: ['coffee'],
      pages: [
        {
          id: 'home',
          path: '/',
          status: 1,
          pinned: ['announcement'],
          data: [
            {
              _type: 'hero',
              id: 'intro',
              title: 'Fresh roasts',
              image: 'https://images.example/hero.jpg',
              '--accent': '#E4572E',
            },
            { _type: 'body', heading: 'Our story', content: '<p>Since 2009</p>' },
            { _type: 'gallery', image1: 'https://images.example/1.jpg', caption1: 'Beans' },
          ],
        },
        { id: 'about', path: 'about/team/', data: [quote('intro')] },
      ],
      pinned: { announcement: { message: 'Now open', linkUrl: 'https://example.com' } },
    },
  ],
  ['pinned values in array form', 'nobody', { pinned: [{ id: 'announcement', message: 'Now open' }] }],
  ['the most sections one call takes', 'nobody', { pages: [{ data: sections(templateLimits.sections) }] }],
  [
    'a text of emoji at the length limit',
    'nobody',
    hero({ subtitle: '🚀'.repeat(templateLimits.textLength) }),
  ],
  ['a field of the wrong type', 'both', hero({ subtitle: 42 })],
  ['a null field', 'both', hero({ subtitle: null })],
  ['a text too long', 'both', hero({ subtitle: 'x'.repeat(templateLimits.textLength + 1) })],
  ['an unknown _type', 'both', { pages: [{ data: [{ _type: 'banner' }] }] }],
  ['a section without _type', 'both', { pages: [{ data: [{ quote: 'Hi' }] }] }],
  ['an unknown field', 'both', hero({ colour: 'red' })],
  ['an http image', 'both', hero({ image: 'http://images.example/hero.jpg' })],
  ['a style value with a second declaration', 'both', hero({ '--accent': 'red; color: blue' })],
  ['a missing required field', 'both', { pages: [{ data: [{ _type: 'hero', subtitle: 'No title' }] }] }],
  ['an empty section id', 'both', { pages: [{ data: [quote('')] }] }],
  ['501 sections on one page', 'both', { pages: [{ data: sections(templateLimits.sections + 1) }] }],
  ['an unknown pinned id on a page', 'both', { pages: [{ pinned: ['footer'] }] }],
  ['a pinned id listed twice on a page', 'both', { pages: [{ pinned: ['announcement', 'announcement'] }] }],
  ['values of an unknown pinned item', 'both', { pinned: { footer: { message: 'Hi' } } }],
  ['a pinned item without its required field', 'both', { pinned: { announcement: { linkLabel: 'More' } } }],
  [
    'an unknown field of a pinned item',
    'both',
    { pinned: [{ id: 'announcement', message: 'Hi', badge: 'New' }] },
  ],
  ['page status 7', 'dto', { pages: [{ status: 7 }] }],
  ['an unknown top-level property', 'dto', { theme: 'dark' }],
  ['an unknown page property', 'dto', { pages: [{ slug: 'about' }] }],
  ['a path with capitals and spaces', 'dto', { pages: [{ path: '/About Us' }] }],
  ['an empty title', 'dto', { title: '' }],
  ['too many tags', 'dto', { tags: Array.from({ length: templateLimits.tags + 1 }, (_, i) => `t${i}`) }],
  ['501 sections over two pages', 'check', { pages: [{ data: sections(250) }, { data: sections(251) }] }],
  ['two pages with one id', 'check', { pages: [{ id: 'home' }, { id: 'home' }] }],
  ['two pages with one path', 'check', { pages: [{ path: '/about' }, { path: 'about/' }] }],
  ['two sections of a page with one id', 'check', { pages: [{ data: [quote('a'), quote('a')] }] }],
  [
    'one pinned item twice in array form',
    'check',
    {
      pinned: [
        { id: 'announcement', message: 'Hi' },
        { id: 'announcement', message: 'Hi' },
      ],
    },
  ],
];

describe(templateBodyJsonSchema.name, () => {
  it('is a draft 2020-12 schema published at its URL, describing the template’s fields', () => {
    const schema = templateBodyJsonSchema(demoTemplate, schemaUrl) as Record<string, never>;
    expect(schema).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: schemaUrl,
      title: 'Create a project from template "Launch Kit"',
    });
    expect(schema.$defs['section.hero']).toMatchObject({
      title: 'Hero',
      properties: {
        _type: { const: 'hero' },
        title: { type: 'string', description: 'Main headline, ideally under ten words.' },
      },
      required: ['_type', 'title'],
    });
  });

  const validate = compile();
  it.each(bodies)(
    'agrees with the DTO rules and checkTemplateBody on %s (refused by: %s)',
    (_name, refusedBy, body) => {
      expect(validate(body)).toBe(refusedBy === 'nobody' || refusedBy === 'check');
      if (refusedBy !== 'dto') {
        const { problems } = checkTemplateBody(demoTemplate.schema, body as TemplateProjectInput);
        expect(problems.length === 0).toBe(refusedBy === 'nobody');
      }
    },
  );

  it('types number and boolean fields as checkTemplateBody does', () => {
    const hero = demoTemplate.schema.sectionTypes[0];
    const binding = hero.fields[0].binding;
    const schema = {
      ...demoTemplate.schema,
      sectionTypes: [
        {
          ...hero,
          type: 'stats',
          fields: [
            { name: 'count', kind: 'number' as const, required: true, description: '', binding },
            { name: 'featured', kind: 'boolean' as const, required: false, description: '', binding },
          ],
        },
      ],
    };
    const validateStats = compile({ ...demoTemplate, schema });
    for (const [values, valid] of [
      [{ count: 2.5, featured: true }, true],
      [{ count: '2' }, false],
      [{ count: 2, featured: 'false' }, false],
      [{ count: null }, false],
    ] as const) {
      const body = { pages: [{ data: [{ _type: 'stats', ...values }] }] };
      expect(validateStats(body)).toBe(valid);
      expect(checkTemplateBody(schema, body).problems.length === 0).toBe(valid);
    }
  });

  it('refuses pinned values and pinned ids for a template that pins nothing', () => {
    const validateUnpinned = compile({ ...demoTemplate, schema: { ...demoTemplate.schema, pinned: [] } });
    expect(validateUnpinned({ pages: [{ pinned: [] }], pinned: {} })).toBe(true);
    expect(validateUnpinned({ pinned: { announcement: { message: 'Hi' } } })).toBe(false);
    expect(validateUnpinned({ pinned: [{ id: 'announcement', message: 'Hi' }] })).toBe(false);
    expect(validateUnpinned({ pages: [{ pinned: ['announcement'] }] })).toBe(false);
  });
});
