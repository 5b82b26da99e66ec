import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A real image of the size and format, a colour gradient so that it does not compress to nothing. */
export async function image(format: 'jpeg' | 'png' | 'webp', width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = 128;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

/**
 * A 400x200 JPEG, red on its left half and blue on its right, whose EXIF orientation 6 says "turn me
 * 90° clockwise to display": upright it is 200x400, red on top. It also carries an ICC profile.
 */
export async function sidewaysJpeg(): Promise<Buffer> {
  const blue = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#0000ff' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 400, height: 200, channels: 3, background: '#ff0000' } })
    .composite([{ input: blue, left: 200, top: 0 }])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid, complete 1-bit greyscale PNG of side x side pixels, all black, about
 * 100 KB for 30000x30000 (900 megapixels, close to 1 GB once decoded to 8 bits a pixel).
 */
export function pngBomb(side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth; colour type 0 (greyscale), no interlace
  const row = 1 + Math.ceil(side / 8); // filter byte + the row's bits
  const pixels = deflateSync(Buffer.alloc(row * side), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** What `/images/{key}` answers with, whichever instance and store serve it. */
const SERVED_HEADERS = [
  'content-type',
  'content-length',
  'cache-control',
  'x-content-type-options',
  'cross-origin-resource-policy',
];

/** `/images/{key}` of a built server: status, the headers it serves images with, and the bytes. */
export async function fetchImage(baseUrl: string, key: string) {
  const res = await fetch(`${baseUrl}/images/${key}`);
  return {
    status: res.status,
    headers: Object.fromEntries(SERVED_HEADERS.map((name) => [name, res.headers.get(name)])),
    body: Buffer.from(await res.arrayBuffer()),
  };
}

/** The storage key of a stored image, the last segment of its URL. */
export const keyOf = (stored: { url: string }): string => new URL(stored.url).pathname.split('/').pop()!;
