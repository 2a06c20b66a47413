export type DiscordDemoMessage = { kind: "dm"; userId: string; content: string } | { kind: "webhook"; webhookId: string; content: string };
export const DMS_CLOSED_USER: string;
export function startDiscordDemo(options?: {
  port?: number;
  host?: string;
  token?: string;
  rate?: number;
  quiet?: boolean;
}): Promise<{ url: string; state: { down: boolean; messages: DiscordDemoMessage[]; rate: number }; close(): Promise<void> }>;
