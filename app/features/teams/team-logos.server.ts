import { LOGO_MAX_BYTES, readLogo, removeLogo, storeLogo, type LogoCode } from "~/lib/logo-images.server";
import { setSingleton } from "~/lib/singleton.server";
import { configuredStorage, type FileStorage } from "~/lib/storage.server";
import { TEAM_LOGO_PATH } from "./core/logo";

/**
 * Team logos a captain uploads (docs/teams.md "Logo"): checked and re-encoded by
 * lib/logo-images.server.ts, kept through the storage interface as the receipts and game art are
 * (DATA_DIR/team-logos, or the S3 bucket under "team-logos/"). Served publicly by /media/teams/:file.
 */
export const TEAM_LOGO_MAX_BYTES = LOGO_MAX_BYTES;
export type TeamLogoCode = LogoCode;

export function teamLogoStorage(): FileStorage {
  return configuredStorage("team-logos");
}

/** Lets a test keep logos in a folder of its own. */
export function useTeamLogoStorage(storage: FileStorage | undefined) {
  setSingleton("team-logos", storage);
}

/** Checks and stores one uploaded logo; answers the public path of its WebP. */
export function storeTeamLogo(bytes: Uint8Array, storage = teamLogoStorage()) {
  return storeLogo(bytes, storage, TEAM_LOGO_PATH);
}

/** A stored logo by file name (the storage checks the name), or null. */
export function readTeamLogo(name: string, storage = teamLogoStorage()): Promise<Uint8Array | null> {
  return readLogo(name, storage);
}

/** Forgets a logo stored by `storeTeamLogo` (replaced, or its save did not happen); other paths (an old https link) are left alone. */
export function removeTeamLogo(publicPath: string | null, storage = teamLogoStorage()): Promise<void> {
  return removeLogo(publicPath, storage, TEAM_LOGO_PATH);
}
