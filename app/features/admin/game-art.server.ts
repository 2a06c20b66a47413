import { detectReceiptType } from "~/features/orders/core/receipt";
import { renderWebp } from "~/lib/images.server";
import { setSingleton } from "~/lib/singleton.server";
import { configuredStorage, type FileStorage } from "~/lib/storage.server";

/**
 * Game art uploaded in the back-office (/admin/catalogue): a square icon and a wide banner. Checked
 * by content (magic bytes, then decoded by sharp), size-limited, resized and re-encoded as WebP, and
 * kept through the storage interface (DATA_DIR/game-art, or the S3 bucket under "game-art/"). Served
 * publicly by /media/games/:file: it is the store's own art, not anyone's data.
 */
export const GAME_ART_MAX_BYTES = 5 * 1024 * 1024;
export type GameArtKind = "logo" | "banner";
export const GAME_ART_SIZES: Record<GameArtKind, { width: number; height: number; minWidth: number; minHeight: number }> = {
  logo: { width: 256, height: 256, minWidth: 64, minHeight: 64 },
  banner: { width: 1200, height: 400, minWidth: 480, minHeight: 160 },
};
export const GAME_ART_PATH = "/media/games/";
export type GameArtCode = "ART_TOO_LARGE" | "ART_NOT_ALLOWED" | "ART_TOO_SMALL" | "ART_UNREADABLE";

export function gameArtStorage(): FileStorage {
  return configuredStorage("game-art");
}

/** Lets a test keep game art in a folder of its own. */
export function useGameArtStorage(storage: FileStorage | undefined) {
  setSingleton("game-art", storage);
}

/** Checks and stores one uploaded image; answers the public path of its resized WebP. */
export async function storeGameArt(
  bytes: Uint8Array,
  kind: GameArtKind,
  storage = gameArtStorage(),
): Promise<{ ok: true; path: string } | { ok: false; code: GameArtCode }> {
  if (bytes.length > GAME_ART_MAX_BYTES) return { ok: false, code: "ART_TOO_LARGE" };
  const type = detectReceiptType(bytes);
  if (type !== "image/png" && type !== "image/jpeg" && type !== "image/webp") return { ok: false, code: "ART_NOT_ALLOWED" };
  const size = GAME_ART_SIZES[kind];
  const rendered = await renderWebp(bytes, { ...size, sizes: [size], quality: 82 });
  if (!rendered.ok) return { ok: false, code: rendered.problem === "TOO_SMALL" ? "ART_TOO_SMALL" : "ART_UNREADABLE" };
  const out = rendered.images[0]!;
  const key = await storage.put(new Uint8Array(out), "webp");
  return { ok: true, path: `${GAME_ART_PATH}${key}` };
}

/** A stored game image by file name (the storage checks the name), or null. */
export async function readGameArt(name: string, storage = gameArtStorage()): Promise<Uint8Array | null> {
  if (!name.endsWith(".webp")) return null;
  return storage.get(name);
}

/** Forgets a file stored by `storeGameArt` (the save it was for did not happen); other paths are left alone. */
export async function removeGameArt(publicPath: string, storage = gameArtStorage()): Promise<void> {
  if (publicPath.startsWith(GAME_ART_PATH)) await storage.remove(publicPath.slice(GAME_ART_PATH.length));
}
