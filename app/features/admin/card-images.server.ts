import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { detectReceiptType } from "~/features/orders/core/receipt";
import { env } from "~/lib/env.server";
import { renderWebp } from "~/lib/images.server";

/** Card images: checked by content and size, resized to the card sizes, served from /media/cards/. */
export const CARD_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const CARD_SIZES = [
  { suffix: "640", width: 640, height: 360 },
  { suffix: "1280", width: 1280, height: 720 },
] as const;
const MIN_WIDTH = 320;
const MIN_HEIGHT = 180;
const NAME = /^[0-9a-f-]{36}-(640|1280)\.webp$/;

export type CardImageCode = "IMAGE_TOO_LARGE" | "IMAGE_NOT_ALLOWED" | "IMAGE_TOO_SMALL" | "IMAGE_UNREADABLE";

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
  const rendered = await renderWebp(bytes, { minWidth: MIN_WIDTH, minHeight: MIN_HEIGHT, sizes: CARD_SIZES, quality: 80 });
  if (!rendered.ok) return { ok: false, code: rendered.problem === "TOO_SMALL" ? "IMAGE_TOO_SMALL" : "IMAGE_UNREADABLE" };
  const id = randomUUID();
  await fs.mkdir(folder, { recursive: true });
  for (const [index, size] of CARD_SIZES.entries()) {
    const target = path.join(folder, `${id}-${size.suffix}.webp`);
    await fs.writeFile(`${target}.part`, rendered.images[index]!);
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
