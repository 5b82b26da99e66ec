/** Raw RGB pixels of a colour gradient with grain, which compresses like a photo (same seed, same image). */
export function photoPixels(width: number, height: number): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 42;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
      const grain = (seed % 41) - 20;
      const i = (y * width + x) * 3;
      pixels[i] = Math.max(0, Math.min(255, (x * 255) / width + grain));
      pixels[i + 1] = Math.max(0, Math.min(255, (y * 255) / height + grain));
      pixels[i + 2] = Math.max(0, Math.min(255, 128 + Math.sin(x / 90) * 60 + grain));
    }
  }
  return pixels;
}
