/** What a receipt may be: a photo or screenshot, or a PDF. Decided by content, never by name. */
export const RECEIPT_TYPES = ["image/jpeg", "image/png", "image/webp", "application/pdf"] as const;
export type ReceiptType = (typeof RECEIPT_TYPES)[number];
export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte);

/** The receipt's real type from its first bytes (magic numbers), or null when it is none of ours. */
export function detectReceiptType(bytes: Uint8Array): ReceiptType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "application/pdf";
  return null;
}

export type ReceiptProblem = "FILE_REQUIRED" | "FILE_TOO_LARGE" | "FILE_NOT_ALLOWED";

export function checkReceipt(
  bytes: Uint8Array | null,
  maxBytes = RECEIPT_MAX_BYTES,
): { ok: true; type: ReceiptType } | { ok: false; code: ReceiptProblem } {
  if (!bytes || bytes.length === 0) return { ok: false, code: "FILE_REQUIRED" };
  if (bytes.length > maxBytes) return { ok: false, code: "FILE_TOO_LARGE" };
  const type = detectReceiptType(bytes);
  return type ? { ok: true, type } : { ok: false, code: "FILE_NOT_ALLOWED" };
}
