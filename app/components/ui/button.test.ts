import { describe, expect, it } from "vitest";
import { buttonClass } from "./button";

describe("button classes", () => {
  it("give every primary button the one gradient look, with placement added", () => {
    expect(buttonClass("primary", "md")).toContain("from-cyan-500 to-purple-500");
    expect(buttonClass("primary", "sm", "mt-2")).toMatch(/^inline-flex .* mt-2$/);
  });

  it("let the caller choose the display without two display classes fighting", () => {
    const classes = buttonClass("primary", "md", "block w-full").split(" ");
    expect(classes).toContain("block");
    expect(classes).not.toContain("inline-flex");
  });
});
