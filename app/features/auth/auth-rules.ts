/**
 * Sign-in links live 15 minutes: long enough to switch to a mail app on a slow phone connection,
 * short enough that a link forwarded or left in an inbox soon stops working. Each works once.
 */
export const MAGIC_LINK_MINUTES = 15;
export const SESSION_DAYS = 30;

export const PROVIDER_IDS = ["google", "discord"] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];
