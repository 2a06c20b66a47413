/**
 * How staff's search text is read (orders-admin.server.ts): the phone forms it may stand for, and
 * whether it is long enough to look for as part of a buyer's name.
 */

/**
 * The stored phones (digits only, as typed at checkout) a search may mean: "0414-123 4567",
 * "+58 414 1234567" and "584141234567" all find 04141234567. Empty when it is not a phone.
 */
export function phoneSearchVariants(query: string): string[] {
  const q = query.trim();
  if (!/^\+?[\d\s().-]+$/.test(q)) return [];
  const digits = q.replace(/\D/g, "");
  if (digits.length < 7 || digits.length > 15) return [];
  const variants = new Set([digits]);
  // Venezuela: international (58 414…) and local (0414…) forms of the same mobile.
  if (/^58\d{10}$/.test(digits)) variants.add(`0${digits.slice(2)}`);
  if (/^0\d{10}$/.test(digits)) variants.add(`58${digits.slice(1)}`);
  return [...variants];
}

/** A name is searched by what it contains, from three characters on (fewer would match half the buyers). */
export const NAME_SEARCH_MIN = 3;

/** The text as a LIKE pattern for "contains", its wildcards taken literally. */
export function containsPattern(query: string): string | null {
  const q = query.trim().toLowerCase();
  if (q.length < NAME_SEARCH_MIN || /^#?\d+$/.test(q)) return null;
  return `%${q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
