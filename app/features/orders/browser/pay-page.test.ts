// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { fileProblem } from "./pay-page";

describe("the payment page's own checks of a receipt", () => {
  it("asks for a file, refuses one over the limit, and lets the rest go to the server", () => {
    expect(fileProblem(null, 100)).toBe("FILE_REQUIRED");
    expect(fileProblem(new File([], "empty.png"), 100)).toBe("FILE_REQUIRED");
    expect(fileProblem(new File(["x".repeat(101)], "big.png"), 100)).toBe("FILE_TOO_LARGE");
    expect(fileProblem(new File(["x".repeat(100)], "ok.png"), 100)).toBeNull();
  });
});
