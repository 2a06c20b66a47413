import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { detectReceiptType } from "~/features/orders/core/receipt";
import { env } from "~/lib/env.server";

/** Card images: checked by content and size, resized to the card sizes, served from /media/cards/. */
export const CARD_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const CARD_SIZES = [
  { suffix: "640", width: 640, height: 360 },
  { suffix: "1280", width: 1280, height: 720 },
] as const;
const MIN_WIDTH = 320;
const MIN_HEIGHT = 180;
const NAME = /^[0-9a-f-]{36}-(640|1280)\.webp$/;

export type CardImageCode = "IMAGE_TOO_LARGE" | "IMAGE_NOT_ALLOWED" | "IMAGE_TOO_SMALL";

export function cardImageFolder(): string {
  return path.join(env().DATA_DIR, "card-images");
}

/** Checks and stores an uploaded card image; answers the public path of its 640×360 version. */
export async function storeCardImage(
  bytes: Uint8Array,
  folder = cardImageFolder(),
): Promise<{ ok: true; path: string } | { ok: false; code: CardImageCode }> {
  if (bytes.length > CARD_IMAGE_MAX_BYTES) return { ok: false, code: "IMAGE_TOO_LARGE" };
  const type = detectReceiptType(bytes);
  if (type !== "image/png" && type !== "image/jpeg" && type !== "image/webp") return { ok: false, code: "IMAGE_NOT_ALLOWED" };
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    // A 40-megapixel ceiling keeps a "decompression bomb" from eating the server's memory.
    metadata = await sharp(bytes, { limitInputPixels: 40_000_000 }).metadata();
  } catch {
    return { ok: false, code: "IMAGE_NOT_ALLOWED" };
  }
  if ((metadata.width ?? 0) < MIN_WIDTH || (metadata.height ?? 0) < MIN_HEIGHT) return { ok: false, code: "IMAGE_TOO_SMALL" };
  const id = randomUUID();
  await fs.mkdir(folder, { recursive: true });
  for (const size of CARD_SIZES) {
    const out = await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(size.width, size.height, { fit: "cover" })
      .webp({ quality: 80 })
      .toBuffer();
    const target = path.join(folder, `${id}-${size.suffix}.webp`);
    await fs.writeFile(`${target}.part`, out);
    await fs.rename(`${target}.part`, target);
  }
  return { ok: true, path: `/media/cards/${id}-640.webp` };
}

/** A stored card image by file name, or null (names are checked: no path tricks). */
export async function readCardImage(name: string, folder = cardImageFolder()): Promise<Buffer | null> {
  if (!NAME.test(name)) return null;
  try {
    return await fs.readFile(path.join(folder, name));
  } catch {
    return null;
  }
}
