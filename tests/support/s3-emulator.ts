import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/** An S3-compatible server on loopback (s3rver, files in a temporary folder), started by a test. */
export interface S3Emulator {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  stop(): Promise<void>;
}

export async function startS3Emulator(bucket = "receipts"): Promise<S3Emulator> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "arena-s3-"));
  const server = new S3rver({ port: 0, address: "127.0.0.1", directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    // s3rver's fixed credentials.
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    region: "us-east-1",
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
