import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirectTarget, signInPath } from "./redirect";

const SITE = "https://arena.example";

/** What a browser does with the Location value: resolve it against the page's origin. */
function landsOn(target: string): string {
  return new URL(target, SITE).origin;
}

describe("redirect targets", () => {
  it("keeps paths on the site, with their query and fragment", () => {
    expect(safeRedirectTarget("/")).toBe("/");
    expect(safeRedirectTarget("/store")).toBe("/store");
    expect(safeRedirectTarget("/tournament?id=x&participants=48#teams")).toBe("/tournament?id=x&participants=48#teams");
    expect(safeRedirectTarget("/auth/continue?to=%2Fstore")).toBe("/auth/continue?to=%2Fstore");
  });

  it("sends anything that could leave the site to /", () => {
    for (const value of [
      "//evil.example",
      "/\\evil.example",
      "/\tevil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "/\u000b/evil.example",
      "/ /evil.example",
      "/\u00a0/evil.example",
      "/\u2028/evil.example",
      "\\/evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "evil.example",
      "",
      " /store",
      "/store ",
      null,
      undefined,
      42,
    ]) {
      expect(safeRedirectTarget(value), JSON.stringify(value)).toBe("/");
    }
  });

  it("percent-encodes non-ASCII so the Location header is always valid", () => {
    expect(safeRedirectTarget("/tienda/café?q=ñ#é")).toBe("/tienda/caf%C3%A9?q=%C3%B1#%C3%A9");
  });

  it("whatever the input, the answer is an ASCII path that stays on the site", () => {
    const pieces = fc.constantFrom(
      "/",
      "//",
      "\\",
      "\t",
      "\n",
      "\r",
      " ",
      "\u00a0",
      "evil.example",
      "a",
      "?",
      "#",
      "%",
      "..",
      ":",
      "@",
      "é",
      "\u2028",
      "\u0000",
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: "binary" }),
          fc.array(pieces).map((parts) => parts.join("")),
        ),
        (value) => {
          const target = safeRedirectTarget(value);
          expect(target.startsWith("/")).toBe(true);
          expect(target.startsWith("//")).toBe(false);
          // Valid as an HTTP header value: visible ASCII only.
          expect(target).toMatch(/^[\x21-\x7e]+$/);
          expect(landsOn(target)).toBe(SITE);
        },
      ),
      { numRuns: 500 },
    );
    // 500 runs take 2–4 s on a loaded 2-core machine: the default 5 s would make it a timing test.
  }, 30_000);
});

describe("signInPath", () => {
  it("sends to /auth and back to the page, its query kept", () => {
    expect(signInPath("/tournament?id=copa-free-fire-solo&participants=48")).toBe(
      "/auth?redirectTo=%2Ftournament%3Fid%3Dcopa-free-fire-solo%26participants%3D48",
    );
  });

  it("never brings back to another site", () => {
    expect(signInPath("//evil.example/x")).toBe("/auth?redirectTo=%2F");
    expect(signInPath("/\tevil.example")).toBe("/auth?redirectTo=%2F");
  });
});
