import path from "node:path";
import { env } from "~/lib/env.server";
import { setSingleton, singleton } from "~/lib/singleton.server";
import { localDiskStorage, type FileStorage } from "~/lib/storage.server";

/** Match screenshots live under DATA_DIR/screenshots, never on a public path (served to the two teams and staff only). */
export function screenshotStorage(): FileStorage {
  return singleton("screenshots", () => localDiskStorage(path.join(env().dataDir, "screenshots")));
}

export function useScreenshotStorage(storage: FileStorage | undefined) {
  setSingleton("screenshots", storage);
}
