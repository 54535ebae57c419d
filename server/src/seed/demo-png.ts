import { deflateSync } from 'node:zlib';

/**
 * A picture for the demo carousels, drawn here rather than shipped: a PNG (RGB, 8 bits) of a diagonal
 * blend from one colour to another with a lighter band across it, some kilobytes once deflated. Only
 * what PNG needs: the signature, IHDR, one IDAT and IEND, each chunk with its CRC-32.
 */
export function demoPng(width: number, height: number, from: RGB, to: RGB): Buffer {
  const row = 1 + width * 3;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    raw[y * row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      // A soft band of light across the middle, as a banner's highlight.
      const band = Math.max(0, 1 - Math.abs(y / height - 0.62 + (x / width) * 0.25) * 6) * 0.18;
      for (let c = 0; c < 3; c++) {
        const v = from[c] + (to[c] - from[c]) * t;
        raw[y * row + 1 + x * 3 + c] = Math.round(v + (255 - v) * band);
      }
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export type RGB = readonly [number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
