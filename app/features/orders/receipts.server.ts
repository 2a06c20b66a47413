import path from "node:path";
import { env } from "~/lib/env.server";
import { localDiskStorage, type FileStorage } from "~/lib/storage.server";

const holder = globalThis as typeof globalThis & { __arenaReceipts?: FileStorage };

/** Receipts live under DATA_DIR/receipts, outside every public folder. */
export function receiptStorage(): FileStorage {
  holder.__arenaReceipts ??= localDiskStorage(path.join(env().dataDir, "receipts"));
  return holder.__arenaReceipts;
}

export const RECEIPT_EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "application/pdf": "pdf",
};

/** Lets a test keep receipts in a folder of its own. */
export function useReceiptStorage(storage: FileStorage | undefined) {
  holder.__arenaReceipts = storage;
}
