import { isDiscordUserId, normaliseWhatsappNumber, type Preferences } from "./notices";

export type PreferencesField = "whatsappNumber" | "discordUserId";
export type PreferencesError = { field: PreferencesField; code: string };

/**
 * The notice-settings form: every field's error at once. A channel turned on needs its address; an
 * address may be kept with its channel off.
 */
export function parsePreferencesForm(
  fields: Record<string, string | undefined>,
): { ok: true; preferences: Preferences } | { ok: false; errors: PreferencesError[] } {
  const errors: PreferencesError[] = [];
  const whatsappOn = fields.whatsappOn === "on";
  const discordOn = fields.discordOn === "on";
  const whatsappText = (fields.whatsappNumber ?? "").trim();
  const discordText = (fields.discordUserId ?? "").trim();
  const whatsappNumber = whatsappText ? normaliseWhatsappNumber(whatsappText) : null;
  if (whatsappText && !whatsappNumber) errors.push({ field: "whatsappNumber", code: "WHATSAPP_NUMBER_INVALID" });
  else if (whatsappOn && !whatsappNumber) errors.push({ field: "whatsappNumber", code: "WHATSAPP_NUMBER_REQUIRED" });
  if (discordText && !isDiscordUserId(discordText)) errors.push({ field: "discordUserId", code: "DISCORD_ID_INVALID" });
  else if (discordOn && !discordText) errors.push({ field: "discordUserId", code: "DISCORD_ID_REQUIRED" });
  if (errors.length) return { ok: false, errors };
  return { ok: true, preferences: { whatsappNumber, whatsappOn, discordUserId: discordText || null, discordOn } };
}
