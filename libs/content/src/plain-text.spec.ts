import { describe, expect, it } from '@jest/globals';
import { decodeEntities, plainText } from './plain-text.js';

describe(plainText.name, () => {
  it('decodes entities and keeps numeric ones outside Unicode as written, instead of throwing', () => {
    expect(plainText('<p>Tea &amp; cake &#233;t&#xe9;</p>')).toBe('Tea & cake été');
    expect(plainText('a &#x110000; b &#99999999999;')).toBe('a &#x110000; b &#99999999999;');
  });

  it('reads a line break or an adjacent tag as a word break', () => {
    expect(plainText('Line one<br>Line two')).toBe('Line one Line two');
    expect(plainText('<strong>Bold</strong><em>next</em>')).toBe('Bold next');
  });
});

describe(decodeEntities.name, () => {
  it('writes no control character but whitespace, so callers may mark text with them', () => {
    expect(decodeEntities('a&#1;b&#x2;c&#9;d')).toBe('a&#1;b&#x2;c\td');
  });
});
