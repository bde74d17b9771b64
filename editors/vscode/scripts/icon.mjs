/**
 * The extension's icon (images/icon.png, 128×128), drawn here at build time: no image is
 * committed or downloaded. A rounded square in dsq blue with three query lines, the first
 * starting with a keyword-coloured word. Written as an RGBA PNG with node's zlib.
 */
import { deflateSync } from 'node:zlib';

export const ICON_SIZE = 128;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** An RGBA image (width × height × 4 bytes) as PNG bytes. */
export function encodePng(width, height, rgba) {
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    rows[y * (width * 4 + 1)] = 0; // filter: none
    rgba.copy(rows, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Whether (x, y) lies in the rounded rectangle [x0, x1) × [y0, y1) with corner radius r. */
function inRounded(x, y, x0, y0, x1, y1, r) {
  if (x < x0 || x >= x1 || y < y0 || y >= y1) return false;
  const cx = x < x0 + r ? x0 + r : x >= x1 - r ? x1 - r - 1 : x;
  const cy = y < y0 + r ? y0 + r : y >= y1 - r ? y1 - r - 1 : y;
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/** The icon's PNG bytes. */
export function iconPng() {
  const n = ICON_SIZE;
  const rgba = Buffer.alloc(n * n * 4);
  const shapes = [
    // [x0, y0, x1, y1, radius, colour]
    [4, 4, 124, 124, 24, [0x1d, 0x4e, 0x89]],
    [24, 34, 58, 48, 7, [0xf2, 0xb1, 0x34]], // the keyword
    [64, 34, 104, 48, 7, [0xe8, 0xf0, 0xfa]],
    [24, 58, 92, 72, 7, [0xe8, 0xf0, 0xfa]],
    [24, 82, 76, 96, 7, [0xe8, 0xf0, 0xfa]],
  ];
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      let colour = null;
      for (const [x0, y0, x1, y1, r, c] of shapes) if (inRounded(x, y, x0, y0, x1, y1, r)) colour = c;
      if (colour === null) continue;
      const at = (y * n + x) * 4;
      rgba[at] = colour[0];
      rgba[at + 1] = colour[1];
      rgba[at + 2] = colour[2];
      rgba[at + 3] = 255;
    }
  }
  return encodePng(n, n, rgba);
}
