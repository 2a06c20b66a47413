import path from "node:path";
import { env, type Env } from "~/lib/env.server";
import { setSingleton, singleton } from "~/lib/singleton.server";
import { localDiskStorage, s3Storage, type FileStorage } from "~/lib/storage.server";

/**
 * Receipts live under DATA_DIR/receipts, outside every public folder, or in a private
 * S3-compatible bucket when S3_BUCKET is set. Either way they are served only by the
 * owner/staff route (routes/receipt.ts).
 */
export function receiptStorage(): FileStorage {
  return singleton("receipts", () => storageFor(env()));
}

export function storageFor(config: Env): FileStorage {
  if (config.S3_BUCKET) {
    return s3Storage({
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
    });
  }
  return localDiskStorage(path.join(config.dataDir, "receipts"));
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
