import { setSingleton } from "~/lib/singleton.server";
import { configuredStorage, type FileStorage } from "~/lib/storage.server";

/**
 * Receipts live under DATA_DIR/receipts, outside every public folder, or in a private
 * S3-compatible bucket when S3_BUCKET is set. Either way they are served only by the
 * owner/staff route (routes/receipt.ts).
 */
export function receiptStorage(): FileStorage {
  return configuredStorage("receipts");
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
