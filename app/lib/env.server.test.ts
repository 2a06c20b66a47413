import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

describe("environment", () => {
  it("runs on embedded defaults with nothing set", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: "0.0.0.0", DATA_DIR: "data", SEED_DEMO: true });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.dataDir.endsWith("/data")).toBe(true);
  });

  it("reads the optional settings", () => {
    const env = parseEnv({ PORT: "8080", DATABASE_URL: "postgres://u@127.0.0.1:5432/test", SEED_DEMO: "false", SMTP_URL: "" });
    expect(env).toMatchObject({ PORT: 8080, DATABASE_URL: "postgres://u@127.0.0.1:5432/test", SEED_DEMO: false, SMTP_URL: undefined });
  });

  it("stops with a message naming each bad value", () => {
    expect(() => parseEnv({ PORT: "eighty", DATABASE_URL: "mysql://x/y" })).toThrow(EnvError);
    try {
      parseEnv({ PORT: "eighty", DATABASE_URL: "mysql://x/y" });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/DATABASE_URL: must start with postgres/);
    }
  });

  it("refuses partial S3 settings instead of silently keeping receipts on disk", () => {
    expect(() => parseEnv({ S3_ENDPOINT: "https://s3.example.com" })).toThrow(/S3_BUCKET: is required with S3_ENDPOINT/);
    try {
      parseEnv({ S3_BUCKET: "receipts", S3_ACCESS_KEY_ID: "key" });
    } catch (error) {
      expect((error as Error).message).toMatch(/S3_SECRET_ACCESS_KEY: is required/);
      expect((error as Error).message).not.toMatch(/S3_ACCESS_KEY_ID: is required/);
    }
  });

  it("reads TRUST_PROXY as a hop count or a list of addresses, loopback by default", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe("loopback");
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8" }).TRUST_PROXY).toBe("loopback, 10.0.0.0/8");
  });

  it("accepts complete S3 settings, with the region defaulting to us-east-1", () => {
    const env = parseEnv({
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_BUCKET: "receipts",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    expect(env).toMatchObject({ S3_BUCKET: "receipts", S3_REGION: "us-east-1", S3_ENDPOINT: "http://127.0.0.1:9000" });
    expect(
      parseEnv({ S3_BUCKET: "b", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s", S3_REGION: "sa-east-1" }).S3_ENDPOINT,
    ).toBeUndefined();
  });

  it("reads the platform time zone, Caracas by default, and refuses an unknown one", () => {
    expect(parseEnv({}).TIME_ZONE).toBe("America/Caracas");
    expect(parseEnv({ TIME_ZONE: "America/Bogota" }).TIME_ZONE).toBe("America/Bogota");
    expect(() => parseEnv({ TIME_ZONE: "Caracas" })).toThrow(/TIME_ZONE: must be an IANA time zone/);
  });

  it("reads STAFF_EMAILS as a comma-separated list", () => {
    expect(parseEnv({}).STAFF_EMAILS).toEqual([]);
    expect(parseEnv({ STAFF_EMAILS: " Ana@Example.com, luis@example.com ,," }).STAFF_EMAILS).toEqual([
      "ana@example.com",
      "luis@example.com",
    ]);
    expect(() => parseEnv({ STAFF_EMAILS: "ana@example.com, nope" })).toThrow(/STAFF_EMAILS/);
  });

  it("knows whether PUBLIC_URL was set", () => {
    expect(parseEnv({}).publicUrlSet).toBe(false);
    expect(parseEnv({ PUBLIC_URL: "https://arena.example/" })).toMatchObject({ publicUrl: "https://arena.example", publicUrlSet: true });
  });
});
