import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/** Where receipts are kept. Keys are opaque; nothing here is ever served from a public path. */
export interface FileStorage {
  put(bytes: Uint8Array, extension: string): Promise<string>;
  get(key: string): Promise<Uint8Array<ArrayBuffer> | null>;
  /** Forgets a file (one that never got attached to a stored proof); a missing key is not an error. */
  remove(key: string): Promise<void>;
}

const KEY = /^[0-9a-f-]{36}\.[a-z]{3,4}$/;

/** Local disk under a folder of DATA_DIR (the default). */
export function localDiskStorage(folder: string): FileStorage {
  return {
    async put(bytes, extension) {
      const key = `${randomUUID()}.${extension}`;
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
  };
}
