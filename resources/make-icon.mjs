// Draws resources/icon.png (1024x1024): a rounded blue square with a white bus seen from the front.
// Only Node built-ins: shapes are signed distance fields (anti-aliased by their distance), the PNG
// is written by hand with zlib. Run: node resources/make-icon.mjs
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const SIZE = 1024;

/** Signed distance to a rounded rectangle given by its edges (negative inside). */
function roundedRect(x, y, left, top, right, bottom, radius) {
  const cx = (left + right) / 2;
  const cy = (top + bottom) / 2;
  const qx = Math.abs(x - cx) - (right - left) / 2 + radius;
  const qy = Math.abs(y - cy) - (bottom - top) / 2 + radius;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
}

function circle(x, y, cx, cy, r) {
  return Math.hypot(x - cx, y - cy) - r;
}

const coverage = (distance) => Math.min(1, Math.max(0, 0.5 - distance));
const mix = (a, b, t) => a + (b - a) * t;

// Background: vertical gradient between two blues.
const TOP = [59, 130, 246];
const BOTTOM = [29, 78, 216];
const GLASS_TOP = [191, 219, 254];
const GLASS_BOTTOM = [147, 197, 253];

/** The white bus: union of body, wheels and mirrors, minus windows, lights and grille. */
function bus(x, y) {
  const body = roundedRect(x, y, 300, 236, 724, 700, 72);
  const wheels = Math.min(roundedRect(x, y, 356, 660, 450, 772, 28), roundedRect(x, y, 574, 660, 668, 772, 28));
  const mirrors = Math.min(
    roundedRect(x, y, 236, 300, 262, 420, 13),
    roundedRect(x, y, 236, 300, 312, 326, 13),
    roundedRect(x, y, 762, 300, 788, 420, 13),
    roundedRect(x, y, 712, 300, 788, 326, 13),
  );
  const white = Math.min(body, wheels, mirrors);
  const holes = Math.min(
    roundedRect(x, y, 440, 262, 584, 290, 14), // route sign
    circle(x, y, 380, 612, 30), // headlights
    circle(x, y, 644, 612, 30),
    roundedRect(x, y, 452, 600, 572, 624, 12), // grille
  );
  return Math.max(white, -holes);
}

function windshield(x, y) {
  return roundedRect(x, y, 340, 318, 684, 536, 30);
}

const pixels = Buffer.alloc(SIZE * SIZE * 4);
for (let py = 0; py < SIZE; py++) {
  for (let px = 0; px < SIZE; px++) {
    const x = px + 0.5;
    const y = py + 0.5;
    const t = py / (SIZE - 1);
    let color = TOP.map((c, i) => mix(c, BOTTOM[i], t));
    const alpha = coverage(roundedRect(x, y, 80, 80, 944, 944, 190));

    // Soft shadow under the bus.
    const shadow = Math.min(1, Math.max(0, (40 - roundedRect(x, y, 300, 260, 724, 790, 80)) / 40)) * 0.14;
    color = color.map((c) => mix(c, 15, shadow));

    const white = coverage(bus(x, y));
    color = color.map((c) => mix(c, 255, white));

    const glass = coverage(windshield(x, y));
    const g = Math.min(1, Math.max(0, (y - 318) / 218));
    // A diagonal glare stripe across the windshield.
    const glare = coverage(Math.abs((x - 430) + (y - 420) * 0.9) - 22) * 0.35;
    const glassColor = GLASS_TOP.map((c, i) => mix(mix(c, GLASS_BOTTOM[i], g), 255, glare));
    color = color.map((c, i) => mix(c, glassColor[i], glass));

    const offset = (py * SIZE + px) * 4;
    pixels[offset] = Math.round(color[0]);
    pixels[offset + 1] = Math.round(color[1]);
    pixels[offset + 2] = Math.round(color[2]);
    pixels[offset + 3] = Math.round(alpha * 255);
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header[8] = 8; // bit depth
header[9] = 6; // RGBA
// Each scanline starts with filter type 0 (none).
const raw = Buffer.alloc(SIZE * (SIZE * 4 + 1));
for (let row = 0; row < SIZE; row++) {
  pixels.copy(raw, row * (SIZE * 4 + 1) + 1, row * SIZE * 4, (row + 1) * SIZE * 4);
}
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
const target = new URL('./icon.png', import.meta.url);
writeFileSync(target, png);
console.log(`wrote ${target.pathname} (${png.length} bytes)`);
