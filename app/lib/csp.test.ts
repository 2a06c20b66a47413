import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, strictTransportSecurity } from "./csp";

describe("contentSecurityPolicy", () => {
  it("lets scripts run only from our origin or with the nonce", () => {
    const policy = contentSecurityPolicy("abcDEF123_-abcDEF123_-", { https: false });
    const scripts = policy.split("; ").find((directive) => directive.startsWith("script-src "));
    expect(scripts).toBe("script-src 'self' 'nonce-abcDEF123_-abcDEF123_-'");
    expect(policy).not.toMatch(/unsafe-eval/);
    expect(policy).toMatch(/object-src 'none'/);
    expect(policy).toMatch(/frame-ancestors 'none'/);
    // Frames: exactly the official players of Twitch, YouTube (no-cookie) and Kick, nothing else.
    expect(policy.split("; ").find((directive) => directive.startsWith("frame-src "))).toBe(
      "frame-src https://player.twitch.tv https://www.youtube-nocookie.com https://player.kick.com",
    );
    expect(policy).not.toMatch(/upgrade-insecure-requests/);
    expect(contentSecurityPolicy("n", { https: true })).toMatch(/upgrade-insecure-requests$/);
  });
});

describe("strictTransportSecurity", () => {
  it("is sent only for an https site", () => {
    expect(strictTransportSecurity("https://arena.example")).toBe("max-age=31536000; includeSubDomains");
    expect(strictTransportSecurity("http://localhost:3000")).toBeNull();
  });
});
