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

/**
 * A dish for the demo canteen, drawn rather than photographed: a square PNG of a plate seen from above on a
 * table of `table` colour, its rim shaded, with the food as soft heaps of `food` colours in the middle.
 */
export function demoDishPng(size: number, table: RGB, food: RGB[]): Buffer {
  const row = 1 + size * 3;
  const raw = Buffer.alloc(row * size);
  const c = size / 2;
  // The heaps: around the centre, each a little off it, the first the largest.
  const heaps = food.map((colour, i) => {
    const angle = (i / Math.max(1, food.length)) * Math.PI * 2 + 0.6;
    const off = food.length > 1 ? size * 0.09 : 0;
    return { x: c + Math.cos(angle) * off, y: c + Math.sin(angle) * off, r: size * (0.24 - i * 0.03), colour };
  });
  for (let y = 0; y < size; y++) {
    raw[y * row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x - c, y - c) / (size / 2);
      // The table, a shade darker towards the corners; the plate's rim, then its well.
      let pixel: number[] = table.map((v) => v * (1 - Math.min(0.25, d * 0.12)));
      if (d < 0.86) pixel = d > 0.7 ? [236, 236, 232].map((v) => v - (d - 0.7) * 60) : [250, 250, 246];
      for (const heap of heaps) {
        const h = Math.hypot(x - heap.x, y - heap.y) / heap.r;
        // A heap lighter on its top-left, where the light comes from.
        if (h < 1) pixel = heap.colour.map((v) => Math.min(255, v * (1.08 - h * 0.25) + (x + y < 2 * c ? 8 : 0)));
      }
      for (let k = 0; k < 3; k++) raw[y * row + 1 + x * 3 + k] = Math.round(pixel[k]);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

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
