export type DiscordDemoMessage =
  | { kind: "dm"; userId: string; content: string }
  | { kind: "webhook"; webhookId: string; content: string }
  | { kind: "role"; action: "grant" | "remove"; userId: string; roleId: string };
export const DMS_CLOSED_USER: string;
export const NOT_IN_SERVER_USER: string;
export const DEMO_GUILD_ID: string;
export const DEMO_ROLE_ID: string;
export function startDiscordDemo(options?: {
  port?: number;
  host?: string;
  token?: string;
  rate?: number;
  quiet?: boolean;
  guild?: string;
  role?: string;
}): Promise<{
  url: string;
  state: { down: boolean; throttle: number; messages: DiscordDemoMessage[]; rate: number; roles: Set<string>; joined: Set<string> };
  close(): Promise<void>;
}>;
