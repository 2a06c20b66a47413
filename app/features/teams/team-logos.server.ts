import { detectReceiptType } from "~/features/orders/core/receipt";
import { renderWebp } from "~/lib/images.server";
import { setSingleton } from "~/lib/singleton.server";
import { configuredStorage, type FileStorage } from "~/lib/storage.server";
import { TEAM_LOGO_PATH } from "./core/logo";

/**
 * Team logos a captain uploads (docs/teams.md "Logo"): PNG, JPEG or WebP by content (magic bytes,
 * then decoded by sharp), at most 1 MB, re-encoded as a 256 px square WebP (nothing of the upload but its
 * pixels is kept), and kept through the storage interface as the receipts and game art are
 * (DATA_DIR/team-logos, or the S3 bucket under "team-logos/"). Served publicly by /media/teams/:file.
 */
export const TEAM_LOGO_MAX_BYTES = 1024 * 1024;
const SIZE = { width: 256, height: 256, minWidth: 64, minHeight: 64 };
export type TeamLogoCode = "LOGO_TOO_LARGE" | "LOGO_NOT_ALLOWED" | "LOGO_TOO_SMALL" | "LOGO_UNREADABLE";

export function teamLogoStorage(): FileStorage {
  return configuredStorage("team-logos");
}

/** Lets a test keep logos in a folder of its own. */
export function useTeamLogoStorage(storage: FileStorage | undefined) {
  setSingleton("team-logos", storage);
}

/** Checks and stores one uploaded logo; answers the public path of its WebP. */
export async function storeTeamLogo(
  bytes: Uint8Array,
  storage = teamLogoStorage(),
): Promise<{ ok: true; path: string } | { ok: false; code: TeamLogoCode }> {
  if (bytes.length > TEAM_LOGO_MAX_BYTES) return { ok: false, code: "LOGO_TOO_LARGE" };
  const type = detectReceiptType(bytes);
  if (type !== "image/png" && type !== "image/jpeg" && type !== "image/webp") return { ok: false, code: "LOGO_NOT_ALLOWED" };
  const rendered = await renderWebp(bytes, { ...SIZE, sizes: [SIZE], quality: 82 });
  if (!rendered.ok) return { ok: false, code: rendered.problem === "TOO_SMALL" ? "LOGO_TOO_SMALL" : "LOGO_UNREADABLE" };
  const key = await storage.put(new Uint8Array(rendered.images[0]!), "webp");
  return { ok: true, path: `${TEAM_LOGO_PATH}${key}` };
}

/** A stored logo by file name (the storage checks the name), or null. */
export async function readTeamLogo(name: string, storage = teamLogoStorage()): Promise<Uint8Array | null> {
  if (!name.endsWith(".webp")) return null;
  return storage.get(name);
}

/** Forgets a logo stored by `storeTeamLogo` (replaced, or its save did not happen); other paths (an old https link) are left alone. */
export async function removeTeamLogo(publicPath: string | null, storage = teamLogoStorage()): Promise<void> {
  if (publicPath?.startsWith(TEAM_LOGO_PATH)) await storage.remove(publicPath.slice(TEAM_LOGO_PATH.length));
}
