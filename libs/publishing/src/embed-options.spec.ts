import { describe, expect, it } from '@jest/globals';
import { InvalidInputError } from '#folio/errors';
import {
  embedOptionDefaults,
  embedOptionDocs,
  embedOptionNames,
  embedOptionsFromQuery,
  embedOptionsQuery,
  embedOptionsSchema,
  parseEmbedOptions,
} from './embed-options.js';

describe('embed options', () => {
  it('documents every option of the schema, once, with the same text the schema describes', () => {
    expect(Object.keys(embedOptionsSchema.shape).sort()).toEqual([...embedOptionNames].sort());
    expect(Object.keys(embedOptionDefaults).sort()).toEqual([...embedOptionNames].sort());
    for (const name of embedOptionNames) {
      expect(embedOptionDocs[name].length).toBeGreaterThan(30);
      expect(embedOptionsSchema.shape[name].description).toBe(embedOptionDocs[name]);
    }
  });

  it('round-trips options through the embed URL query', () => {
    const options = {
      fill: true,
      shadowdom: true,
      containerMode: true,
      target: '#pricing .slot',
      templateVariables: { title: 'Spring & "sale"', '--accent': '#E4572E' },
    };
    const query = embedOptionsQuery(options);
    expect(query).toContain('fill=1');
    expect(embedOptionsFromQuery(new URLSearchParams(query))).toEqual(options);
    expect(embedOptionsQuery({})).toBe('');
    expect(embedOptionsQuery({ fill: false, templateVariables: {} })).toBe('');
  });

  it('reads query objects as Express parses them, ignoring unknown parameters', () => {
    expect(
      embedOptionsFromQuery({ fill: 'true', shadowdom: '0', v: '3', containerMode: ['1', '0'] }),
    ).toEqual({
      fill: true,
      shadowdom: false,
      containerMode: true,
    });
  });

  it('refuses bad values with the path of each problem', () => {
    const problems = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        expect(error).toBeInstanceOf(InvalidInputError);
        return (error as InvalidInputError).problems.map((p) => p.path);
      }
      throw new Error('expected InvalidInputError');
    };
    expect(problems(() => embedOptionsFromQuery({ fill: 'maybe' }))).toEqual(['fill']);
    expect(problems(() => embedOptionsFromQuery({ templateVariables: '{not json' }))).toEqual([
      'templateVariables',
    ]);
    expect(problems(() => embedOptionsFromQuery({ templateVariables: '{"title": 3}' }))).toEqual([
      'templateVariables.title',
    ]);
    expect(problems(() => parseEmbedOptions({ target: '<script>' }))).toEqual(['options.target']);
    expect(problems(() => parseEmbedOptions({ shadowDom: true }))).toEqual(['options']);
  });
});
