import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { env } from "./env.server";
import { singleton } from "./singleton.server";
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";

/** Where receipts are kept. Keys are opaque; nothing here is ever served from a public path. */
export interface FileStorage {
  /** What kind of storage this is, for logs and /readyz. */
  readonly kind: "local" | "s3";
  put(bytes: Uint8Array, extension: string): Promise<string>;
  get(key: string): Promise<Uint8Array<ArrayBuffer> | null>;
  /** Forgets a file (one that never got attached to a stored proof); a missing key is not an error. */
  remove(key: string): Promise<void>;
  /** True when files can be written and read now (the folder exists and is writable, the bucket answers). */
  answers(): Promise<boolean>;
}

const KEY = /^[0-9a-f-]{36}\.[a-z]{3,4}$/;
const EXTENSION = /^[a-z]{3,4}$/;

function newKey(extension: string): string {
  if (!EXTENSION.test(extension)) throw new Error(`Bad file extension for storage: ${JSON.stringify(extension)}`);
  return `${randomUUID()}.${extension}`;
}

/** Local disk under a folder of DATA_DIR (the default). */
export function localDiskStorage(folder: string): FileStorage {
  return {
    kind: "local",
    async put(bytes, extension) {
      const key = newKey(extension);
      await fs.mkdir(folder, { recursive: true });
      // Written to a temporary name first, so a crash never leaves half a receipt under its key.
      const target = path.join(folder, key);
      await fs.writeFile(`${target}.part`, bytes, { mode: 0o600 });
      await fs.rename(`${target}.part`, target);
      return key;
    },
    async get(key) {
      if (!KEY.test(key)) return null;
      try {
        return new Uint8Array(await fs.readFile(path.join(folder, key)));
      } catch {
        return null;
      }
    },
    async remove(key) {
      if (!KEY.test(key)) return;
      await fs.rm(path.join(folder, key), { force: true });
    },
    async answers() {
      try {
        await fs.mkdir(folder, { recursive: true });
        await fs.access(folder, fs.constants.W_OK | fs.constants.R_OK);
        return true;
      } catch {
        return false;
      }
    },
  };
}

export interface S3StorageOptions {
  /** An S3-compatible server (MinIO, R2, …); absent means AWS S3 itself. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Object names are `<prefix><key>`, so one bucket can hold other things too. */
  prefix?: string;
}

function isNotFound(error: unknown): boolean {
  const candidate = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return candidate?.name === "NoSuchKey" || candidate?.name === "NotFound" || candidate?.$metadata?.httpStatusCode === 404;
}

/**
 * An S3-compatible bucket (AWS SDK v3). The bucket stays private: receipts are still served only
 * through the app's owner/staff route, never by a bucket URL.
 */
export function s3Storage(options: S3StorageOptions): FileStorage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    // Self-hosted S3 servers (MinIO, emulators) are addressed by path, not by bucket sub-domain.
    forcePathStyle: options.endpoint !== undefined,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    maxAttempts: 3,
  });
  const prefix = options.prefix ?? "receipts/";
  const Bucket = options.bucket;
  return {
    kind: "s3",
    async put(bytes, extension) {
      const key = newKey(extension);
      // A PUT is atomic in S3: the object appears whole or not at all.
      await client.send(new PutObjectCommand({ Bucket, Key: prefix + key, Body: bytes, ContentLength: bytes.byteLength }));
      return key;
    },
    async get(key) {
      if (!KEY.test(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: prefix + key }));
        if (!object.Body) return null;
        const bytes = await object.Body.transformToByteArray();
        return new Uint8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
      } catch (error) {
        if (isNotFound(error)) return null;
        // The bucket is unreachable or refuses us: that is a server fault, not a missing receipt.
        throw error;
      }
    },
    async remove(key) {
      if (!KEY.test(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket, Key: prefix + key }));
    },
    async answers() {
      try {
        // A probe must answer quickly even when the network swallows packets.
        await client.send(new HeadBucketCommand({ Bucket }), { abortSignal: AbortSignal.timeout(3000) });
        return true;
      } catch {
        return false;
      }
    },
  };
}

/**
 * The storage for one folder of uploads, as configured: the S3 bucket under "<folder>/" when S3_BUCKET is
 * set, else DATA_DIR/<folder>. One per process, kept under the folder's name (tests replace it with setSingleton).
 */
export function configuredStorage(folder: string): FileStorage {
  return singleton(folder, () => {
    const config = env();
    if (config.S3_BUCKET) {
      return s3Storage({
        endpoint: config.S3_ENDPOINT,
        bucket: config.S3_BUCKET,
        region: config.S3_REGION,
        accessKeyId: config.S3_ACCESS_KEY_ID!,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
        prefix: `${folder}/`,
      });
    }
    return localDiskStorage(path.join(config.dataDir, folder));
  });
}
