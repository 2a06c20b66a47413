import { describe, expect, it } from "vitest";
import { checkReceipt, detectReceiptType } from "./receipt";

const bytes = (...values: number[]) => new Uint8Array(values);

describe("receipt content check", () => {
  it("recognises JPEG, PNG, WebP and PDF by their first bytes", () => {
    expect(detectReceiptType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("image/jpeg");
    expect(detectReceiptType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe("image/png");
    expect(detectReceiptType(new Uint8Array([...Buffer.from("RIFF"), 1, 2, 3, 4, ...Buffer.from("WEBPVP8 ")]))).toBe("image/webp");
    expect(detectReceiptType(new Uint8Array(Buffer.from("%PDF-1.7\n")))).toBe("application/pdf");
  });

  it("refuses anything else, whatever it would be called", () => {
    expect(detectReceiptType(new Uint8Array(Buffer.from("<html><script>")))).toBeNull();
    expect(detectReceiptType(new Uint8Array(Buffer.from("GIF89a")))).toBeNull();
    expect(detectReceiptType(new Uint8Array(Buffer.from("RIFF1234WAVE")))).toBeNull();
    expect(detectReceiptType(bytes())).toBeNull();
  });

  it("checks presence, size and type in that order", () => {
    expect(checkReceipt(null)).toEqual({ ok: false, code: "FILE_REQUIRED" });
    expect(checkReceipt(bytes())).toEqual({ ok: false, code: "FILE_REQUIRED" });
    expect(checkReceipt(new Uint8Array(11).fill(0xff), 10)).toEqual({ ok: false, code: "FILE_TOO_LARGE" });
    expect(checkReceipt(new Uint8Array(Buffer.from("hello")))).toEqual({ ok: false, code: "FILE_NOT_ALLOWED" });
    expect(checkReceipt(bytes(0xff, 0xd8, 0xff, 0xdb))).toEqual({ ok: true, type: "image/jpeg" });
  });
});
