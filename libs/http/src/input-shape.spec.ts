import { describe, expect, it } from '@jest/globals';
import { type ArgumentMetadata } from '@nestjs/common';
import { InvalidInputError } from '#folio/errors';
import { inputShapeProblems, maxInputDepth } from './input-shape.js';
import { InputShapePipe } from './input-shape.pipe.js';

const nested = (depth: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

const unstorable = 'contains a NUL character or an unpaired surrogate, which cannot be stored';

describe(inputShapeProblems.name, () => {
  it('accepts ordinary values, Unicode and all, up to the depth limit', () => {
    expect(
      inputShapeProblems({
        title: 'Café 👩‍👩‍👧',
        pages: [{ data: [{ _type: 'hero', n: 1, ok: true, none: null }] }],
      }),
    ).toEqual([]);
    expect(inputShapeProblems(nested(maxInputDepth))).toEqual([]);
    expect(inputShapeProblems(undefined)).toEqual([]);
  });

  it('names every NUL and unpaired surrogate, in a string or a key, by its JSON path', () => {
    expect(
      inputShapeProblems(
        { pages: [{ title: 'ok' }, { title: 'a\u0000b' }], ['x\u0000']: 1, text: ['x\ud800', 'y\udfffz'] },
        '',
      ),
    ).toEqual([
      { path: 'pages[1].title', message: unstorable },
      { path: 'x\\u0000', message: `its name ${unstorable}` },
      { path: 'text[0]', message: unstorable },
      { path: 'text[1]', message: unstorable },
    ]);
    expect(inputShapeProblems('\u0000', 'templateKey')).toEqual([
      { path: 'templateKey', message: unstorable },
    ]);
    expect(inputShapeProblems('paired 😀 surrogates')).toEqual([]);
  });

  it('refuses nesting past the limit without recursing, however deep the value', () => {
    const problems = inputShapeProblems(nested(200_000));
    expect(problems).toHaveLength(1);
    expect(problems[0].message).toBe(`nested more than ${maxInputDepth} levels deep`);
  });

  it('stops at ten problems', () => {
    expect(inputShapeProblems(Array.from({ length: 50 }, () => '\u0000'))).toHaveLength(10);
  });
});

describe(InputShapePipe.name, () => {
  const pipe = new InputShapePipe();
  const as = (type: ArgumentMetadata['type'], data?: string): ArgumentMetadata => ({ type, data });

  it('passes good values through unchanged and leaves custom parameters alone', () => {
    const body = { title: 'x' };
    expect(pipe.transform(body, as('body'))).toBe(body);
    expect(pipe.transform('a\u0000', as('custom'))).toBe('a\u0000');
  });

  it('throws an InvalidInputError naming the parameter, or the path inside the query or body', () => {
    const problemsOf = (value: unknown, metadata: ArgumentMetadata) => {
      try {
        pipe.transform(value, metadata);
      } catch (error) {
        expect(error).toBeInstanceOf(InvalidInputError);
        return (error as InvalidInputError).problems.map((problem) => problem.path);
      }
      throw new Error('the pipe accepted it');
    };
    expect(problemsOf('a\u0000', as('param', 'templateKey'))).toEqual(['templateKey']);
    expect(problemsOf({ q: ['\u0000'] }, as('query'))).toEqual(['q[0]']);
    expect(problemsOf(nested(maxInputDepth + 1), as('body'))).toHaveLength(1);
  });
});
