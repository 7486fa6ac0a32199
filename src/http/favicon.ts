/**
 * The service's icon, drawn in code (no binary file, no outside fetch): a 16×16 32-bit ICO of a white "T" on the
 * TRON red, e.g. `faviconIco()` is the body of `GET /favicon.ico`.
 */

const SIZE = 16;
/** Rows top to bottom: '#' white, '.' red, ' ' transparent (the rounded corners). */
const PICTURE = [
  ' .............. ',
  '................',
  '................',
  '..############..',
  '..############..',
  '.......##.......',
  '.......##.......',
  '.......##.......',
  '.......##.......',
  '.......##.......',
  '.......##.......',
  '.......##.......',
  '.......##.......',
  '................',
  '................',
  ' .............. ',
];
const BGRA: Record<string, [number, number, number, number]> = {
  '#': [255, 255, 255, 255],
  '.': [0x2f, 0x06, 0xeb, 255], // #eb062f, blue-green-red order
  ' ': [0, 0, 0, 0],
};

let cached: Buffer | undefined;

/** The ICO file: ICONDIR, one ICONDIRENTRY, a BITMAPINFOHEADER, bottom-up BGRA pixels and an all-zero AND mask. */
export function faviconIco(): Buffer {
  if (cached) return cached;
  const pixels = SIZE * SIZE * 4;
  const mask = SIZE * 4; // 16 one-bit columns padded to 32 bits, per row
  const image = 40 + pixels + mask;
  const b = Buffer.alloc(6 + 16 + image);
  b.writeUInt16LE(1, 2); // type: icon
  b.writeUInt16LE(1, 4); // one image
  b.writeUInt8(SIZE, 6);
  b.writeUInt8(SIZE, 7);
  b.writeUInt16LE(1, 10); // planes
  b.writeUInt16LE(32, 12); // bits per pixel
  b.writeUInt32LE(image, 14);
  b.writeUInt32LE(22, 18); // offset of the image
  b.writeUInt32LE(40, 22);
  b.writeInt32LE(SIZE, 26);
  b.writeInt32LE(SIZE * 2, 30); // an ICO bitmap's height counts the AND mask too
  b.writeUInt16LE(1, 34);
  b.writeUInt16LE(32, 36);
  let at = 22 + 40;
  for (let y = SIZE - 1; y >= 0; y--) {
    for (const c of PICTURE[y]!) {
      for (const v of BGRA[c]!) b.writeUInt8(v, at++);
    }
  }
  cached = b;
  return b;
}
