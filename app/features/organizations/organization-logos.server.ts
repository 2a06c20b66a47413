import { readLogo, removeLogo, storeLogo } from "~/lib/logo-images.server";
import { setSingleton } from "~/lib/singleton.server";
import { configuredStorage, type FileStorage } from "~/lib/storage.server";
import { ORG_LOGO_PATH } from "./core/logo";

/**
 * Organizations' logos (docs/organizations.md "Logo"): the same checks and re-encoding as team logos
 * (lib/logo-images.server.ts), kept in DATA_DIR/organization-logos (or the S3 bucket under
 * "organization-logos/"), served publicly by /media/organizations/:file.
 */
export function organizationLogoStorage(): FileStorage {
  return configuredStorage("organization-logos");
}

/** Lets a test keep logos in a folder of its own. */
export function useOrganizationLogoStorage(storage: FileStorage | undefined) {
  setSingleton("organization-logos", storage);
}

export function storeOrganizationLogo(bytes: Uint8Array, storage = organizationLogoStorage()) {
  return storeLogo(bytes, storage, ORG_LOGO_PATH);
}

export function readOrganizationLogo(name: string, storage = organizationLogoStorage()) {
  return readLogo(name, storage);
}

export function removeOrganizationLogo(publicPath: string | null, storage = organizationLogoStorage()) {
  return removeLogo(publicPath, storage, ORG_LOGO_PATH);
}
