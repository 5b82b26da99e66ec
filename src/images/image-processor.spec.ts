import sharp from 'sharp';
import { DomainError, ErrorCode } from '../common/errors/domain-error';
import { ImageProcessor, sniffImageFormat } from './image-processor';

describe('sniffImageFormat', () => {
  it('reads the format from the first bytes', async () => {
    const solid = sharp({ create: { width: 4, height: 4, channels: 3, background: '#336699' } });
    expect(sniffImageFormat(await solid.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageFormat(await solid.clone().png().toBuffer())).toBe('png');
    expect(sniffImageFormat(await solid.clone().webp().toBuffer())).toBe('webp');
    expect(sniffImageFormat(await solid.clone().gif().toBuffer())).toBeNull();
    expect(sniffImageFormat(await solid.clone().tiff().toBuffer())).toBeNull();
    expect(sniffImageFormat(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(sniffImageFormat(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffImageFormat(Buffer.alloc(0))).toBeNull();
  });
});

describe('ImageProcessor', () => {
  const processor = new ImageProcessor();

  it('keeps the aspect ratio and never enlarges', async () => {
    const wide = await sharp({ create: { width: 1000, height: 250, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect(await processor.process(wide, { maxWidth: 900, maxHeight: 700 })).toEqual(
      expect.objectContaining({ format: 'png', contentType: 'image/png', width: 900, height: 225 }),
    );
    expect(await processor.process(wide, { maxWidth: 4000, maxHeight: 4000 })).toEqual(
      expect.objectContaining({ width: 1000, height: 250 }),
    );
  });

  it('refuses what is not JPEG, PNG or WebP as an unsupported media type', async () => {
    const refusal = processor.process(Buffer.from('%PDF-1.7'), { maxWidth: 10, maxHeight: 10 });
    await expect(refusal).rejects.toBeInstanceOf(DomainError);
    await expect(refusal).rejects.toHaveProperty('code', ErrorCode.UnsupportedMediaType);
  });
});
