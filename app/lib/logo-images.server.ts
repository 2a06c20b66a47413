import { detectReceiptType } from "~/features/orders/core/receipt";
import { renderWebp } from "./images.server";
import type { FileStorage } from "./storage.server";

/**
 * Logos people upload (a team's, an organization's; docs/teams.md "Logo", docs/organizations.md
 * "Logo"): PNG, JPEG or WebP by content (magic bytes, then decoded by sharp), at most 1 MB,
 * re-encoded as a 256 px square WebP (nothing of the upload but its pixels is kept), kept through
 * the storage interface and served publicly under `publicPrefix`.
 */
export const LOGO_MAX_BYTES = 1024 * 1024;
const SIZE = { width: 256, height: 256, minWidth: 64, minHeight: 64 };
export type LogoCode = "LOGO_TOO_LARGE" | "LOGO_NOT_ALLOWED" | "LOGO_TOO_SMALL" | "LOGO_UNREADABLE";

/** Checks and stores one uploaded logo; answers the public path of its WebP. */
export async function storeLogo(
  bytes: Uint8Array,
  storage: FileStorage,
  publicPrefix: string,
): Promise<{ ok: true; path: string } | { ok: false; code: LogoCode }> {
  if (bytes.length > LOGO_MAX_BYTES) return { ok: false, code: "LOGO_TOO_LARGE" };
  const type = detectReceiptType(bytes);
  if (type !== "image/png" && type !== "image/jpeg" && type !== "image/webp") return { ok: false, code: "LOGO_NOT_ALLOWED" };
  const rendered = await renderWebp(bytes, { ...SIZE, sizes: [SIZE], quality: 82 });
  if (!rendered.ok) return { ok: false, code: rendered.problem === "TOO_SMALL" ? "LOGO_TOO_SMALL" : "LOGO_UNREADABLE" };
  const key = await storage.put(new Uint8Array(rendered.images[0]!), "webp");
  return { ok: true, path: `${publicPrefix}${key}` };
}

/** A stored logo by file name (the storage checks the name), or null. */
export async function readLogo(name: string, storage: FileStorage): Promise<Uint8Array | null> {
  if (!name.endsWith(".webp")) return null;
  return storage.get(name);
}

/** Forgets a logo stored by `storeLogo`; other paths (an old https link) are left alone. */
export async function removeLogo(publicPath: string | null, storage: FileStorage, publicPrefix: string): Promise<void> {
  if (publicPath?.startsWith(publicPrefix)) await storage.remove(publicPath.slice(publicPrefix.length));
}

/** The answer that serves a stored logo: each upload has a new name, so cached for good. */
export function logoResponse(bytes: Uint8Array): Response {
  return new Response(new Uint8Array(bytes), {
    headers: { "Content-Type": "image/webp", "Cache-Control": "public, max-age=31536000, immutable", "X-Content-Type-Options": "nosniff" },
  });
}
