import { describe, expect, it } from '@jest/globals';
import { type CompositionInput } from '../composition.js';
import { compositionInstructions, compositionRequest, maxCurrentText } from './composition-prompt.js';

const input: CompositionInput = {
  prompt: 'A page for a bakery',
  text: null,
  images: [],
  useOnlyProvidedAssets: false,
  projectTitle: 'Crumb',
  pageTitle: 'Home',
  candidates: [
    {
      key: 'heroKey',
      libraryKey: 'lib',
      title: 'Hero — centered',
      role: 'hero',
      keywords: ['hero'],
      slots: [
        {
          elementKey: 'headline',
          kind: 'text',
          capacity: 40,
          name: 'Headline',
          tag: 'h1',
          current: 'Fresh bread',
        },
        { elementKey: 'body', kind: 'text', capacity: 900, name: '', tag: 'p', current: 'word '.repeat(150) },
      ],
    },
  ],
};

describe(compositionRequest.name, () => {
  it('describes each slot on one line and cuts long current texts', () => {
    const request = compositionRequest(input);

    expect(request).toContain('"headline | text | 40 | Headline | Fresh bread"');
    const body = /"body \| text \| 900 \| {2}\| ([^"]*)"/.exec(request);
    expect(body?.[1].length).toBe(maxCurrentText);
    expect(body?.[1].endsWith('…')).toBe(true);
  });
});

describe(compositionInstructions.name, () => {
  it('asks for image prompts, unless only the provided images may be used', () => {
    expect(compositionInstructions(input)).toContain('write `generatedPrompt`');
    expect(compositionInstructions({ ...input, useOnlyProvidedAssets: true })).toContain(
      'Never write a generatedPrompt',
    );
  });

  it('tells the model that texts are never cut, facts are not invented and an empty text removes a slot', () => {
    const instructions = compositionInstructions(input);

    expect(instructions).toContain('never cut');
    expect(instructions).toContain('no invented prices');
    expect(instructions).toContain('An empty text ("") removes its element');
  });
});
