/** SPEC §5/§9: Venezuelan mobile numbers start with one of these prefixes and have 7 more digits. */
export const VENEZUELAN_MOBILE_PREFIXES = ["0412", "0414", "0416", "0424", "0426"] as const;

/**
 * The one place every phone field's text is read (store, checkout, Plus, registration, staff's
 * pay-to details): people write "0412 123 4567", "0412-1234567", "(0412) 123.45.67" or
 * "+58 412 1234567", and all of them are the same number. Spaces, dashes, dots and brackets go;
 * Venezuela's +58 (or 0058, or a bare 58 before a 4xx mobile) becomes the leading 0; any other
 * "+" country code keeps its digits. Anything else (letters, a "+" in the middle) is left as typed,
 * so the rule that checks it refuses it.
 */
export function normalizePhone(value: string): string {
  const compact = value.trim().replace(/[\s\-.()\u00a0]/g, "");
  if (!/^\+?\d*$/.test(compact)) return compact;
  const digits = compact.replace(/^\+/, "").replace(/^00/, "");
  const international = compact.startsWith("+") || compact.startsWith("00");
  // +58 412 1234567 → 04121234567 (58 and a 10-digit national number starting with 4)
  if ((international || digits.length === 12) && /^584\d{9}$/.test(digits)) return `0${digits.slice(2)}`;
  return digits;
}

export function isVenezuelanMobile(value: string): boolean {
  const digits = value.trim();
  return /^\d{11}$/.test(digits) && (VENEZUELAN_MOBILE_PREFIXES as readonly string[]).includes(digits.slice(0, 4));
}

/** SPEC §5 tournament phones: digits only (players may be outside Venezuela), 7 to 15 of them. */
export function isDigitsPhone(value: string): boolean {
  return /^\d{7,15}$/.test(value.trim());
}
