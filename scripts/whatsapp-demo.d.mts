export interface WhatsappDemoMessage {
  id: string;
  to: string;
  template: string;
  language: string;
  parameters: string[];
}
export const APPROVED_TEMPLATES: Record<string, { languages: string[]; parameters: number }>;
export function startWhatsappDemo(options?: {
  port?: number;
  host?: string;
  token?: string;
  phoneNumberId?: string;
  rate?: number;
  quiet?: boolean;
}): Promise<{
  url: string;
  state: { down: boolean; messages: WhatsappDemoMessage[]; rate: number; recent: number[] };
  close(): Promise<void>;
}>;
