import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { readiness } from "~/lib/readiness.server";
import { localDiskStorage, s3Storage } from "~/lib/storage.server";
import { startS3Emulator, type S3Emulator } from "../support/s3-emulator";
import { openTestDatabase } from "./test-database";

let handle: DatabaseHandle;
let emulator: S3Emulator;
let folder: string;

beforeAll(async () => {
  handle = await openTestDatabase();
  emulator = await startS3Emulator();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "arena-ready-"));
});

afterAll(async () => {
  await handle?.close();
  await emulator?.stop();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe("readiness (/readyz)", () => {
  it("is ready when the database and the storage answer (local disk or bucket)", async () => {
    expect(
      await readiness(
        () => handle.db,
        () => localDiskStorage(path.join(folder, "receipts")),
      ),
    ).toEqual({ ready: true, database: true, storage: true });
    expect(
      await readiness(
        () => handle.db,
        () => s3Storage(emulator),
      ),
    ).toEqual({ ready: true, database: true, storage: true });
  });

  it("is not ready when the bucket does not answer", async () => {
    expect(
      await readiness(
        () => handle.db,
        () => s3Storage({ ...emulator, endpoint: "http://127.0.0.1:9" }),
      ),
    ).toEqual({ ready: false, database: true, storage: false });
  });

  it("is not ready when the receipt folder cannot be created", async () => {
    const file = path.join(folder, "a-file");
    fs.writeFileSync(file, "");
    expect(
      (
        await readiness(
          () => handle.db,
          () => localDiskStorage(path.join(file, "receipts")),
        )
      ).storage,
    ).toBe(false);
  });

  it("is not ready when there is no database", async () => {
    const result = await readiness(
      () => {
        throw new Error("Database not opened");
      },
      () => localDiskStorage(folder),
    );
    expect(result).toEqual({ ready: false, database: false, storage: true });
  });
});
