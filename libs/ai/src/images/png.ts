// A minimal PNG writer (8-bit RGB, one IDAT) for the local generator: node's zlib is all it needs.
import { promisify } from 'node:util';
import { crc32, deflate as deflateCallback } from 'node:zlib';

/** Deflates on libuv's thread pool, not on the thread that answers requests. */
const deflate = promisify(deflateCallback);

const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** PNG's "Up" filter: each byte minus the one above it, which keeps smooth gradients small once deflated. */
const upFilter = 2;

/** `rgb` holds width × height pixels, three bytes each, row by row from the top. */
export async function encodePng(width: number, height: number, rgb: Uint8Array): Promise<Uint8Array> {
  const stride = width * 3;
  const filtered = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (stride + 1);
    filtered[row] = upFilter;
    for (let i = 0; i < stride; i++) {
      const above = y === 0 ? 0 : rgb[(y - 1) * stride + i];
      filtered[row + 1 + i] = (rgb[y * stride + i] - above) & 0xff;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', await deflate(filtered)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const framed = Buffer.alloc(typed.length + 8);
  framed.writeUInt32BE(data.length, 0);
  typed.copy(framed, 4);
  framed.writeUInt32BE(crc32(typed), typed.length + 4);
  return framed;
}
