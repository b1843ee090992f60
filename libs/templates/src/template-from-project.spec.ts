import { describe, expect, it } from '@jest/globals';
import { type SnapshotSection, type TemplateField } from '#folio/content';
import { InvalidInputError } from '#folio/errors';
import { demoTemplate } from '#folio/seed';
import {
  templateSchemaFromSections,
  type FieldMark,
  type TemplateFromProjectRequest,
} from './template-from-project.js';

const demo = demoTemplate.schema;

/** The demo template's prototypes as the sections of a project, keyed by their type. */
const sections: SnapshotSection[] = [...demo.sectionTypes, ...demo.pinned].map((entry) => ({
  key: `sect${'type' in entry ? entry.type : entry.id}01`,
  title: entry.title,
  type: 'content',
  ...entry.prototype,
}));

function mark(field: TemplateField): FieldMark {
  return {
    name: field.name,
    kind: field.kind,
    required: field.required,
    description: field.description,
    ...field.binding,
  };
}

function elementKeyOf(type: string, name: string): string {
  const binding = demo.sectionTypes
    .find((t) => t.type === type)!
    .fields.find((f) => f.name === name)!.binding;
  return 'elementKey' in binding ? binding.elementKey : '';
}

function problemsOf(request: TemplateFromProjectRequest) {
  try {
    templateSchemaFromSections(request, sections);
  } catch (error) {
    if (error instanceof InvalidInputError) return error.problems;
    throw error;
  }
  throw new Error('expected InvalidInputError');
}

describe(templateSchemaFromSections.name, () => {
  it('makes the demo template back from its sections and field marks', () => {
    const { schema } = templateSchemaFromSections(
      {
        sectionTypes: demo.sectionTypes.map((type) => ({
          sectionKey: `sect${type.type}01`,
          type: type.type,
          description: type.description,
          fields: type.fields.map(mark),
        })),
        pinned: demo.pinned.map((item) => ({
          sectionKey: `sect${item.id}01`,
          id: item.id,
          title: item.title,
          description: item.description,
          placement: item.placement,
          fields: item.fields.map(mark),
        })),
      },
      sections,
    );
    expect(schema).toEqual(demo);
  });

  it('takes the section’s title unless one is given, and defaults optional field properties', () => {
    const title = elementKeyOf('hero', 'title');
    const { schema } = templateSchemaFromSections(
      {
        sectionTypes: [
          {
            sectionKey: 'secthero01',
            type: 'hero',
            fields: [{ name: 'title', kind: 'text', elementKey: title, target: 'text' }],
          },
          { sectionKey: 'secthero01', type: 'banner', title: 'Banner', fields: [] },
        ],
      },
      sections,
    );
    expect(schema.sectionTypes.map((type) => type.title)).toEqual(['Hero', 'Banner']);
    expect(schema.sectionTypes[0].fields).toEqual([
      {
        name: 'title',
        kind: 'text',
        required: false,
        description: '',
        binding: { elementKey: title, target: 'text' },
      },
    ]);
    expect(schema.pinned).toEqual([]);
  });

  it.each([
    ['number', 'text', 'accepted'],
    ['number', 'href', 'accepted'],
    ['text', 'alt', 'accepted'],
    ['boolean', 'visible', 'accepted'],
    ['boolean', 'text', 'refused'],
    ['html', 'href', 'refused'],
    ['image', 'text', 'refused'],
  ] as const)('binds %s fields to %s: %s', (kind, target, verdict) => {
    const request = {
      sectionTypes: [
        {
          sectionKey: 'secthero01',
          type: 'hero',
          fields: [{ name: 'f', kind, elementKey: elementKeyOf('hero', 'image'), target }],
        },
      ],
    };
    if (verdict === 'accepted')
      expect(templateSchemaFromSections(request, sections).schema.sectionTypes[0].fields).toHaveLength(1);
    else
      expect(problemsOf(request)).toEqual([
        { path: 'sectionTypes[0].fields[0].target', message: expect.stringMatching(`^${kind} fields go to`) },
      ]);
  });

  it('lists every problem of a request at its path', () => {
    const title = elementKeyOf('hero', 'title');
    expect(
      problemsOf({
        sectionTypes: [
          {
            sectionKey: 'secthero01',
            type: 'hero',
            fields: [
              { name: 'title', kind: 'text', elementKey: 'nothere1', target: 'text' },
              { name: 'image', kind: 'image', elementKey: elementKeyOf('hero', 'image'), target: 'text' },
              { name: 'accent', kind: 'style', property: '--accent' },
              { name: '--bg', kind: 'style', property: '--background' },
              { name: '--x', kind: 'style', elementKey: title, property: '--x' },
              { name: 'title', kind: 'text', elementKey: title, target: 'text' },
              { name: 'id', kind: 'text', elementKey: title, target: 'text' },
              { name: 'label', kind: 'text', property: '--label' },
            ],
          },
          { sectionKey: 'sectMissing01', type: 'hero', fields: [] },
          { sectionKey: 'sectquote01', type: 'pull quote', fields: [] },
        ],
        pinned: [
          { sectionKey: 'sectannouncement01', id: 'bar', placement: 'top', fields: [] },
          { sectionKey: 'sectannouncement01', id: 'bar', placement: 'bottom', fields: [] },
        ],
      }),
    ).toEqual([
      {
        path: 'sectionTypes[0].fields[0].elementKey',
        message: 'no element "nothere1" in that section',
      },
      { path: 'sectionTypes[0].fields[1].target', message: 'image fields go to src' },
      {
        path: 'sectionTypes[0].fields[2].name',
        message: 'a style field is named after its CSS custom property, e.g. --accent',
      },
      { path: 'sectionTypes[0].fields[3].property', message: 'expected "--bg", the field name' },
      {
        path: 'sectionTypes[0].fields[4].elementKey',
        message:
          'style fields set a CSS custom property on the section root: give property, not elementKey/target',
      },
      {
        path: 'sectionTypes[0].fields[5].name',
        message: '"title" is also used by sectionTypes[0].fields[0].name',
      },
      { path: 'sectionTypes[0].fields[6].name', message: '"id" is the caller’s own id in request bodies' },
      { path: 'sectionTypes[0].fields[7].property', message: 'only style fields take a property' },
      {
        path: 'sectionTypes[0].fields[7].elementKey',
        message: 'required: the key of the element this field fills in',
      },
      { path: 'sectionTypes[0].fields[7].target', message: 'text fields go to text, alt or href' },
      { path: 'sectionTypes[1].type', message: '"hero" is also used by sectionTypes[0].type' },
      { path: 'sectionTypes[1].sectionKey', message: 'no section "sectMissing01" in this project' },
      { path: 'pinned[1].id', message: '"bar" is also used by pinned[0].id' },
      { path: 'sectionTypes[2].type', message: expect.stringMatching(/pattern/) },
    ]);
  });

  it('needs at least one section type', () => {
    expect(problemsOf({ sectionTypes: [] })).toEqual([{ path: 'sectionTypes', message: expect.any(String) }]);
  });
});
