// A gzip body for an answer kept as text around a piece that differs per request (a JSON-RPC id): the text
// is compressed once, the piece goes in a stored deflate block, so a repeated answer is never compressed
// again. One gzip member, as every client reads it.
import { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import Negotiator from 'negotiator';

/** ID1 ID2, deflate, no flags, no time, no extra flags, unknown OS (RFC 1952 §2.3). */
const header = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** The longest piece one stored block holds (RFC 1951 §3.2.4). */
const maxStoredBytes = 0xffff;

export class SplicedGzip {
  private readonly head: Buffer;
  private readonly tail: Buffer;
  private readonly beforeCrc: number;
  private readonly size: number;

  constructor(
    before: Buffer,
    private readonly after: Buffer,
  ) {
    // Flushed to a byte boundary and not final: the stored block follows, then the rest as a stream of its own.
    this.head = Buffer.concat([header, deflateRawSync(before, { finishFlush: constants.Z_SYNC_FLUSH })]);
    this.tail = deflateRawSync(after);
    this.beforeCrc = crc32(before);
    this.size = before.length + after.length;
  }

  /** The gzip body of `before`, `piece` and `after`, in parts to send as they are; null for a piece too long. */
  body(piece: Buffer): Buffer[] | null {
    if (piece.length > maxStoredBytes) return null;
    const stored = Buffer.alloc(5);
    // BFINAL 0, BTYPE 00 (stored), then LEN and its one's complement.
    stored.writeUInt16LE(piece.length, 1);
    stored.writeUInt16LE(~piece.length & 0xffff, 3);
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc32(this.after, crc32(piece, this.beforeCrc)), 0);
    trailer.writeUInt32LE((this.size + piece.length) >>> 0, 4);
    return [this.head, stored, piece, this.tail, trailer];
  }
}

/** Whether the request's Accept-Encoding takes gzip (MCP clients on fetch send `gzip, deflate`). */
export function acceptsGzip(headers: IncomingHttpHeaders): boolean {
  return (
    new Negotiator({ headers } as IncomingMessage).encoding(['gzip', 'identity'], { preferred: ['gzip'] }) ===
    'gzip'
  );
}
