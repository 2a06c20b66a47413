import path from "node:path";
import { env } from "~/lib/env.server";
import { setSingleton, singleton } from "~/lib/singleton.server";
import { localDiskStorage, type FileStorage } from "~/lib/storage.server";

/** Receipts live under DATA_DIR/receipts, outside every public folder. */
export function receiptStorage(): FileStorage {
  return singleton("receipts", () => localDiskStorage(path.join(env().dataDir, "receipts")));
}

export const RECEIPT_EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "application/pdf": "pdf",
};

/** Lets a test keep receipts in a folder of its own. */
export function useReceiptStorage(storage: FileStorage | undefined) {
  setSingleton("receipts", storage);
}
