/**
 * The byte check that comes before any decode (UPL-1), on bytes written by real sharp and by hand.
 * That it runs before the image worker and its libvips is tested in catalogue/upload.test.ts.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkUploadBytes, ImageError, sniffKinds } from './image-rules.js';

/** An ISO BMFF file's first box: "ftyp" with `major` and `compatible` brands, then other bytes. */
function ftyp(major: string, ...compatible: string[]): Buffer {
  const brands = Buffer.from([major, '\0\0\0\0', ...compatible].join(''), 'latin1');
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + brands.length);
  return Buffer.concat([size, Buffer.from('ftyp'), brands, Buffer.alloc(64)]);
}

const image = () => sharp({ create: { width: 16, height: 12, channels: 3, background: '#3a6' } });
let made: Record<'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'tiff', Buffer>;
beforeAll(async () => {
  made = {
    jpeg: await image().jpeg().toBuffer(),
    png: await image().png().toBuffer(),
    webp: await image().webp().toBuffer(),
    gif: await image().gif().toBuffer(),
    avif: await image().avif({ effort: 0 }).toBuffer(),
    tiff: await image().tiff().toBuffer(),
  };
});

describe('sniffKinds (UPL-1)', () => {
  it('names the kind of each accepted format sharp writes, and nothing for TIFF', () => {
    expect(sniffKinds(made.jpeg)).toEqual(['jpeg']);
    expect(sniffKinds(made.png)).toEqual(['png']);
    expect(sniffKinds(made.webp)).toEqual(['webp']);
    expect(sniffKinds(made.gif)).toEqual(['gif']);
    expect(sniffKinds(made.avif)).toEqual(['avif']);
    expect(sniffKinds(made.tiff)).toEqual([]);
  });

  it('tells AVIF from HEIC by the ftyp brands; a generic HEIF brand may be either', () => {
    expect(sniffKinds(ftyp('heic', 'mif1', 'heic'))).toEqual(['heic']);
    expect(sniffKinds(ftyp('mif1', 'avif'))).toEqual(['avif']);
    expect(sniffKinds(ftyp('mif1')).sort()).toEqual(['avif', 'heic']);
    // An MP4 video is ISO BMFF too.
    expect(sniffKinds(ftyp('isom', 'mp41'))).toEqual([]);
  });

  it('names nothing for VIPS, SVG, PDF, PSD, text, an empty file or a lone signature byte', () => {
    for (const bytes of [
      Buffer.from([0x08, 0xf2, 0xa6, 0xb6, 0, 0, 0, 0]),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'),
      Buffer.from('%PDF-1.4\n'),
      Buffer.from('8BPS\0\x01\0\0\0\0\0\0', 'latin1'),
      Buffer.from('hello'),
      Buffer.alloc(0),
      Buffer.from([0xff]),
    ]) {
      expect(sniffKinds(bytes)).toEqual([]);
    }
  });

  it('reads a view into a larger buffer from its own first byte', () => {
    const outer = Buffer.concat([made.tiff.subarray(0, 8), made.png]);
    expect(sniffKinds(new Uint8Array(outer.buffer, outer.byteOffset + 8, made.png.length))).toEqual(
      ['png'],
    );
  });
});

describe('checkUploadBytes (UPL-1)', () => {
  it('passes bytes of a kind the extension accepts', () => {
    expect(() => checkUploadBytes(made.jpeg, 'a.JPEG')).not.toThrow();
    expect(() => checkUploadBytes(made.avif, 'a.avif')).not.toThrow();
  });

  it('refuses other bytes with 415 naming file, and says what they hold when it knows', () => {
    const refusal = (bytes: Buffer, name: string) => {
      try {
        checkUploadBytes(bytes, name);
      } catch (err) {
        return err;
      }
      return undefined;
    };
    expect(refusal(made.tiff, 'a.jpg')).toMatchObject({
      status: 415,
      field: 'file',
      message: expect.stringContaining('not a photo'),
    });
    expect(refusal(made.png, 'a.jpg')).toBeInstanceOf(ImageError);
    expect(refusal(made.png, 'a.jpg')).toMatchObject({
      status: 415,
      message: expect.stringContaining('holds png data, not jpg'),
    });
    expect(refusal(ftyp('heic', 'mif1'), 'a.avif')).toMatchObject({ status: 415 });
  });
});

describe('sharp', () => {
  it('is 0.35.4 or later: out of GHSA-rgj7-g3m4-5g8c (libheif) and GHSA-f88m-g3jw-g9cj (GIF, TIFF, VIPS)', () => {
    const [major, minor, patch] = sharp.versions.sharp.split('.').map(Number) as [
      number,
      number,
      number,
    ];
    expect(major * 1e6 + minor * 1e3 + patch).toBeGreaterThanOrEqual(35_004);
  });
});
