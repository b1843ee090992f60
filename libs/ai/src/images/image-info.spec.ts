import { describe, expect, it } from '@jest/globals';
import { imageInfo } from './image-info.js';
import { encodePng } from './png.js';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(
    parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))),
  );

describe(imageInfo.name, () => {
  it('reads the type and size of PNG, JPEG, WebP and GIF headers', async () => {
    const jpeg = bytes(
      [0xff, 0xd8],
      [0xff, 0xe0, 0x00, 0x10],
      'JFIF\0',
      [1, 1, 0, 0, 1, 0, 1, 0, 0],
      [0xff, 0xc4, 0x00, 0x04, 0, 0], // a Huffman table first: not the frame
      [0xff, 0xc2, 0x00, 0x11, 0x08, 0x01, 0xe0, 0x02, 0x80, 0x03],
    );
    const lossless = bytes(
      'RIFF',
      [0, 0, 0, 0],
      'WEBPVP8L',
      [0, 0, 0, 0, 0x2f],
      [0xff, 0x80, 0x13, 0x00],
      new Array<number>(16).fill(0),
    );
    const extended = bytes(
      'RIFF',
      [0, 0, 0, 0],
      'WEBPVP8X',
      [10, 0, 0, 0],
      [0, 0, 0, 0],
      [0x1f, 0x03, 0],
      [0xff, 0x01, 0],
    );
    const gif = bytes('GIF89a', [0x40, 0x01, 0xc8, 0x00]);
    const png = await encodePng(3, 2, new Uint8Array(18));
    expect([png, jpeg, lossless, extended, gif].map(imageInfo)).toEqual([
      { type: 'image/png', width: 3, height: 2 },
      { type: 'image/jpeg', width: 640, height: 480 },
      { type: 'image/webp', width: 256, height: 79 },
      { type: 'image/webp', width: 800, height: 512 },
      { type: 'image/gif', width: 320, height: 200 },
    ]);
  });

  it('knows no size for other bytes or cut-off headers', () => {
    for (const other of [
      bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      bytes('not an image at all, just some text'),
      bytes([0x89], 'PNG\r\n\x1a\n'),
      bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    ]) {
      expect(imageInfo(other)).toBeNull();
    }
  });
});
