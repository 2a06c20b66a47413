import sharp from "sharp";

/** Beyond 40 megapixels a "decompression bomb" could eat the server's memory. */
export const PIXEL_LIMIT = 40_000_000;

export interface WebpSize {
  width: number;
  height: number;
}

export type ImageProblem = "UNREADABLE" | "TOO_SMALL";

/**
 * Decodes an uploaded image (its magic bytes already checked) and renders it, cropped, at each
 * size as WebP. Every upload that sharp decodes goes through here, because the whole decode is the
 * only real check: a truncated PNG has a valid header, so `metadata()` answers, and it fails only
 * when its pixels are read (docs/reliability.md "Hostile user"). Any decoding error is the uploader's file, never a 500.
 */
export async function renderWebp(
  bytes: Uint8Array,
  options: { minWidth: number; minHeight: number; sizes: readonly WebpSize[]; quality: number },
): Promise<{ ok: true; images: Buffer[] } | { ok: false; problem: ImageProblem }> {
  try {
    const metadata = await sharp(bytes, { limitInputPixels: PIXEL_LIMIT }).metadata();
    if ((metadata.width ?? 0) < options.minWidth || (metadata.height ?? 0) < options.minHeight) return { ok: false, problem: "TOO_SMALL" };
    const images: Buffer[] = [];
    for (const size of options.sizes) {
      images.push(
        await sharp(bytes, { limitInputPixels: PIXEL_LIMIT })
          .rotate()
          .resize(size.width, size.height, { fit: "cover" })
          .webp({ quality: options.quality })
          .toBuffer(),
      );
    }
    return { ok: true, images };
  } catch {
    return { ok: false, problem: "UNREADABLE" };
  }
}
