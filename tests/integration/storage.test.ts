import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localDiskStorage, s3Storage, type FileStorage } from "~/lib/storage.server";
import { startS3Emulator, type S3Emulator } from "../support/s3-emulator";

// One contract, two implementations: whatever receipts are kept on, the app sees the same behaviour.
let folder: string;
let emulator: S3Emulator;

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "arena-storage-"));
  emulator = await startS3Emulator();
});

afterAll(async () => {
  fs.rmSync(folder, { recursive: true, force: true });
  await emulator?.stop();
});

const kinds: [string, () => FileStorage][] = [
  ["local disk", () => localDiskStorage(path.join(folder, "receipts"))],
  ["S3-compatible bucket", () => s3Storage({ ...emulator, bucket: emulator.bucket })],
];

describe.each(kinds)("file storage contract: %s", (_name, create) => {
  it("answers when reachable", async () => {
    expect(await create().answers()).toBe(true);
  });

  it("puts, gets and removes a file under an opaque key", async () => {
    const storage = create();
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 255]);
    const key = await storage.put(bytes, "png");
    expect(key).toMatch(/^[0-9a-f-]{36}\.png$/);
    const back = await storage.get(key);
    expect(back).toBeInstanceOf(Uint8Array);
    expect([...back!]).toEqual([...bytes]);
    await storage.remove(key);
    expect(await storage.get(key)).toBeNull();
    // Removing twice, or a key that never existed, is not an error.
    await expect(storage.remove(key)).resolves.toBeUndefined();
  });

  it("keeps files apart: two puts of the same bytes get two keys", async () => {
    const storage = create();
    const a = await storage.put(new Uint8Array([1]), "pdf");
    const b = await storage.put(new Uint8Array([1]), "pdf");
    expect(a).not.toBe(b);
    await storage.remove(a);
    expect(await storage.get(b)).not.toBeNull();
  });

  it("keeps a larger file byte for byte", async () => {
    const storage = create();
    const bytes = new Uint8Array(1024 * 1024 + 7).map((_, index) => index % 251);
    const key = await storage.put(bytes, "jpg");
    const back = await storage.get(key);
    expect(back?.byteLength).toBe(bytes.byteLength);
    expect(Buffer.compare(Buffer.from(back!), Buffer.from(bytes))).toBe(0);
  });

  it.each(["../secret.png", "..%2fsecret.png", "/etc/passwd", "", "abc.png", "0000000-0000-0000-0000-000000000000.exe", "x".repeat(500)])(
    "treats the bad key %j as missing and never touches anything",
    async (key) => {
      const storage = create();
      expect(await storage.get(key)).toBeNull();
      await expect(storage.remove(key)).resolves.toBeUndefined();
    },
  );

  it("refuses an extension that could escape the key shape", async () => {
    await expect(create().put(new Uint8Array([1]), "../x")).rejects.toThrow(/extension/);
  });
});

describe("S3 storage when the bucket is not reachable", () => {
  it("reports that it does not answer, and a read fails loudly instead of saying 'missing'", async () => {
    const storage = s3Storage({ ...emulator, bucket: "no-such-bucket-here" });
    expect(await storage.answers()).toBe(false);
    const closed = s3Storage({ ...emulator, endpoint: "http://127.0.0.1:9" });
    expect(await closed.answers()).toBe(false);
    await expect(closed.get("00000000-0000-0000-0000-000000000000.png")).rejects.toThrow();
  });
});
