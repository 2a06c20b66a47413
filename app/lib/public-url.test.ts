import { describe, expect, it } from "vitest";
import { isLocalHost } from "./public-url";

describe("isLocalHost", () => {
  it("accepts this machine and private networks, with or without a port", () => {
    for (const host of [
      "localhost:3000",
      "127.0.0.1:3100",
      "127.0.0.1",
      "10.0.0.5:3000",
      "192.168.1.20:3000",
      "172.16.0.1",
      "172.31.255.255:80",
      "[::1]:3000",
      "arena-pc.local:3000",
    ]) {
      expect(isLocalHost(host), host).toBe(true);
    }
  });

  it("refuses public names and look-alikes", () => {
    for (const host of [
      "evil.com",
      "10.evil.com",
      "127.0.0.1.evil.com",
      "192.168.1.20.evil.com:3000",
      "172.32.0.1",
      "localhost.evil.com",
      "",
      null,
      undefined,
    ]) {
      expect(isLocalHost(host), String(host)).toBe(false);
    }
  });
});
