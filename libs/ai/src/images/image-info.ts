// The type and size of image bytes, read from their headers: a provider's answer is checked, not trusted.
import { type BlobType } from '#folio/storage';

export interface ImageInfo {
  type: BlobType;
  width: number;
  height: number;
}

/** PNG, JPEG, WebP or GIF with a readable size; null for anything else. */
export function imageInfo(bytes: Uint8Array): ImageInfo | null {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = (text: string, offset: number) => data.toString('latin1', offset, offset + text.length) === text;
  const sized = (type: BlobType, width: number, height: number) =>
    width > 0 && height > 0 ? { type, width, height } : null;
  if (data.length >= 24 && at('\x89PNG\r\n\x1a\n', 0) && at('IHDR', 12)) {
    return sized('image/png', data.readUInt32BE(16), data.readUInt32BE(20));
  }
  if (data.length >= 10 && (at('GIF87a', 0) || at('GIF89a', 0))) {
    return sized('image/gif', data.readUInt16LE(6), data.readUInt16LE(8));
  }
  if (data.length >= 30 && at('RIFF', 0) && at('WEBP', 8)) return webpInfo(data);
  if (data.length >= 4 && data[0] === 0xff && data[1] === 0xd8) return jpegInfo(data);
  return null;
}

function webpInfo(data: Buffer): ImageInfo | null {
  const chunk = data.toString('latin1', 12, 16);
  let size: [number, number] | null = null;
  if (chunk === 'VP8 ') size = [data.readUInt16LE(26) & 0x3fff, data.readUInt16LE(28) & 0x3fff];
  if (chunk === 'VP8L') {
    const bits = data.readUInt32LE(21);
    size = [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
  }
  if (chunk === 'VP8X') size = [data.readUIntLE(24, 3) + 1, data.readUIntLE(27, 3) + 1];
  return size && size[0] > 0 && size[1] > 0 ? { type: 'image/webp', width: size[0], height: size[1] } : null;
}

/** Walks the marker segments up to the first start-of-frame, which holds the size. */
function jpegInfo(data: Buffer): ImageInfo | null {
  let offset = 2;
  while (offset + 9 <= data.length) {
    if (data[offset] !== 0xff) return null;
    const marker = data[offset + 1];
    if (marker === 0xff) {
      offset++; // fill byte
      continue;
    }
    // SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      const [height, width] = [data.readUInt16BE(offset + 5), data.readUInt16BE(offset + 7)];
      return width > 0 && height > 0 ? { type: 'image/jpeg', width, height } : null;
    }
    offset += 2 + data.readUInt16BE(offset + 2);
  }
  return null;
}
