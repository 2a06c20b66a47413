/** Why the machines left an order to staff (`orders.attention`), as pages carry it: a code and the values of its sentence. */
export interface Attention {
  code: string;
  values: Record<string, string>;
}

export function attentionOf(stored: unknown): Attention | null {
  if (!stored || typeof stored !== "object" || typeof (stored as { code?: unknown }).code !== "string") return null;
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(stored)) if (key !== "code" && typeof value === "string") values[key] = value;
  return { code: (stored as { code: string }).code, values };
}
