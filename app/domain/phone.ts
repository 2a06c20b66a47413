/** SPEC §5/§9: Venezuelan mobile numbers start with one of these prefixes and have 7 more digits. */
export const VENEZUELAN_MOBILE_PREFIXES = ["0412", "0414", "0416", "0424", "0426"] as const;

export function isVenezuelanMobile(value: string): boolean {
  const digits = value.trim();
  return /^\d{11}$/.test(digits) && (VENEZUELAN_MOBILE_PREFIXES as readonly string[]).includes(digits.slice(0, 4));
}

/** SPEC §5 tournament phones: digits only (players may be outside Venezuela), 7 to 15 of them. */
export function isDigitsPhone(value: string): boolean {
  return /^\d{7,15}$/.test(value.trim());
}
