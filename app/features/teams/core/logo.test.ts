import { describe, expect, it } from "vitest";
import { isUploadedLogo } from "./logo";

describe("isUploadedLogo", () => {
  it("is an image only for a logo we stored; links and odd paths show the tag", () => {
    expect(isUploadedLogo("/media/teams/3f2a9c.webp")).toBe(true);
    for (const other of [
      null,
      undefined,
      "",
      "https://example.com/logo.png",
      "/media/teams/",
      "/media/teams/../x.webp",
      "/media/games/a.webp",
    ])
      expect(isUploadedLogo(other)).toBe(false);
  });
});
