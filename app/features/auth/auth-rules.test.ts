import { describe, expect, it } from "vitest";
import { isPublicAuthEndpoint } from "./auth-rules";

describe("isPublicAuthEndpoint", () => {
  it("lets a browser come back from a provider", () => {
    expect(isPublicAuthEndpoint("GET", "/callback/google")).toBe(true);
    expect(isPublicAuthEndpoint("HEAD", "/callback/google")).toBe(true);
    expect(isPublicAuthEndpoint("GET", "/callback/discord")).toBe(true);
  });

  it("closes everything else, whatever the method", () => {
    for (const [method, path] of [
      ["POST", "/sign-in/magic-link"],
      ["POST", "/update-user"],
      ["POST", "/change-email"],
      ["POST", "/delete-user"],
      ["GET", "/get-session"],
      ["GET", "/list-sessions"],
      // A sign-in link's token is consumed only by the /auth/link confirmation (docs/reliability.md "Hostile user").
      ["GET", "/magic-link/verify"],
      ["POST", "/magic-link/verify"],
      ["POST", "/callback/google"],
      ["GET", "/callback/../update-user"],
      ["GET", "/magic-link/verify/"],
      ["GET", ""],
    ] as const) {
      expect(isPublicAuthEndpoint(method, path), `${method} ${path}`).toBe(false);
    }
  });
});
