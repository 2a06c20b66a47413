import path from "node:path";
import { z } from "zod";
import { DEFAULT_TIME_ZONE, isTimeZone } from "~/domain/format";

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === "" ? undefined : value))
  .pipe(z.url().optional());

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === "" ? undefined : value));

const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((value) => (value === undefined || value === "" ? undefined : value === "true" || value === "1"));

/** Every setting the server reads, parsed once at start-up (README "Configuration"). */
const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    PUBLIC_URL: optionalUrl,
    DATA_DIR: z.string().min(1).default("data"),
    DATABASE_URL: optionalUrl.refine(
      (value) => value === undefined || /^postgres(ql)?:\/\//.test(value),
      "must start with postgres:// or postgresql://",
    ),
    SEED_DEMO: booleanFlag.transform((value) => value ?? true),
    /** Signs session cookies; generated and kept in DATA_DIR when not set (set it when running several servers). */
    AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().min(3).default("Arena LATAM <no-reply@arena.local>"),
    /** The mail outbox's first retry waits this long; each next one twice as long (capped at 10 minutes). */
    MAIL_RETRY_BASE_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
    /** Tries before a mail is marked failed (staff resend it from /admin/mail); 15 with the defaults span about 1.5 hours. */
    MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(15),
    /** WhatsApp Business Cloud API (docs/notifications.md): on when the phone number id and the token are set. */
    WHATSAPP_API_URL: z.url().default("https://graph.facebook.com/v21.0"),
    WHATSAPP_PHONE_NUMBER_ID: optionalText,
    WHATSAPP_TOKEN: optionalText,
    /** Discord DMs through a bot: on when the bot token is set. DISCORD_API_URL points elsewhere only for the demo server. */
    DISCORD_BOT_TOKEN: optionalText,
    DISCORD_API_URL: z.url().default("https://discord.com/api/v10"),
    /** The Plus premium role (docs/plus.md): the community server's id and the role's id; with the bot token, turns the role on. */
    DISCORD_GUILD_ID: z
      .string()
      .regex(/^\d{17,20}$/, "must be a Discord server (guild) id: 17 to 20 digits")
      .optional(),
    DISCORD_PREMIUM_ROLE_ID: z
      .string()
      .regex(/^\d{17,20}$/, "must be a Discord role id: 17 to 20 digits")
      .optional(),
    /** Announcements to each tournament's Discord webhook (set on the tournament form). */
    DISCORD_WEBHOOKS: booleanFlag.transform((value) => value ?? false),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    DISCORD_CLIENT_ID: z.string().optional(),
    DISCORD_CLIENT_SECRET: z.string().optional(),
    /** Pay-to details shown on payment pages (SPEC §2); the defaults are demo values. */
    PAGO_MOVIL_BANK_CODE: z
      .string()
      .regex(/^\d{4}$/, "must be a 4-digit bank code")
      .default("0134"),
    PAGO_MOVIL_PHONE: z
      .string()
      .regex(/^04\d{9}$/, "must be a Venezuelan mobile such as 04141234567")
      .default("04141234567"),
    PAGO_MOVIL_ID: z.string().min(5).default("J-50123456-7"),
    BINANCE_PAY_ID: z.string().min(3).default("123456789"),
    PAYPAL_EMAIL: z.email().default("pagos@arena-latam.example"),
    /** Minutes an unpaid order waits for its proof before it expires. */
    ORDER_EXPIRY_MINUTES: z.coerce
      .number()
      .int()
      .min(5)
      .max(7 * 24 * 60)
      .default(120),
    /** The platform's commission on fee-funded prize pools, percent of each entry fee (docs/organizations.md). */
    PRIZE_POOL_COMMISSION_PERCENT: z.coerce.number().int().min(0).max(50).default(10),
    /** Largest receipt accepted, in megabytes. */
    RECEIPT_MAX_MB: z.coerce.number().min(0.1).max(25).default(5),
    /** SPEC §1: the top-bar store button opens the store, or (false) only says it is coming soon. */
    STORE_OPEN: booleanFlag.transform((value) => value ?? true),
    ID_CHECKER_URL: optionalUrl,
    ID_CHECKER_KEY: z.string().optional(),
    /** How long checkout waits for the ID checker before saying it could not connect. */
    ID_CHECKER_TIMEOUT_MS: z.coerce.number().int().min(200).max(60_000).default(8000),
    PRICING_URL: optionalUrl,
    /**
     * Live status from Twitch (docs/streamers.md): off until the URL and credentials are set
     * (scripts/twitch-demo.mjs stands in for https://api.twitch.tv). Polled once a minute across instances
     * (TWITCH_POLL_SECONDS: tests ask more often).
     */
    TWITCH_API_URL: optionalUrl,
    TWITCH_CLIENT_ID: optionalText,
    TWITCH_TOKEN: optionalText,
    TWITCH_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /**
     * Live status from YouTube (docs/streamers.md): off until the URL and key are set (scripts/youtube-demo.mjs
     * stands in for https://www.googleapis.com). One search per channel, within the day's search calls.
     */
    YOUTUBE_API_URL: optionalUrl,
    YOUTUBE_API_KEY: optionalText,
    YOUTUBE_POLL_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
    YOUTUBE_DAILY_SEARCHES: z.coerce.number().int().min(1).max(100_000).default(100),
    /**
     * Instant payments and delivery (docs/payments.md): each outside service is off until its URL
     * and credentials are set. Secrets are read here only and never shown, logged or mailed.
     */
    BINANCE_PAY_URL: optionalUrl,
    BINANCE_PAY_API_KEY: optionalText,
    BINANCE_PAY_SECRET: optionalText,
    /** What Binance Pay charges in (an order's USD cents become this many units, 1:1). */
    BINANCE_PAY_CURRENCY: z.string().trim().default("USDT"),
    PAYPAL_API_URL: optionalUrl,
    PAYPAL_CLIENT_ID: optionalText,
    PAYPAL_CLIENT_SECRET: optionalText,
    /** The id PayPal gave the webhook registered for this site (verify-webhook-signature needs it). */
    PAYPAL_WEBHOOK_ID: optionalText,
    BANK_MATCH_URL: optionalUrl,
    BANK_MATCH_KEY: optionalText,
    TOPUP_PROVIDER_URL: optionalUrl,
    TOPUP_PROVIDER_KEY: optionalText,
    /** How long a request to any of these services may take. */
    PAYMENTS_TIMEOUT_MS: z.coerce.number().int().min(200).max(60_000).default(8000),
    /** A signed webhook older or newer than this (against its own timestamp) is refused as a replay. */
    WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
    /** How often the fallback poller asks providers about payments and deliveries still open. */
    PAYMENTS_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /** S3-compatible receipt storage: used when S3_BUCKET is set (S3_ENDPOINT absent means AWS S3 itself). */
    S3_ENDPOINT: optionalUrl,
    S3_BUCKET: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_REGION: optionalText.transform((value) => value ?? "us-east-1"),
    /** The platform's time zone: every date and time is written in it, on the server and in the browser. */
    TIME_ZONE: z.string().trim().default(DEFAULT_TIME_ZONE).refine(isTimeZone, "must be an IANA time zone such as America/Caracas"),
    /** Comma-separated e-mails that are staff from start-up (accounts created if needed). */
    STAFF_EMAILS: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? "")
          .split(",")
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.email("must be a comma-separated list of e-mail addresses"))),
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
    /** Which proxies' X-Forwarded-* to believe (Express "trust proxy"): a hop count, or addresses/subnets/"loopback", "uniquelocal". */
    TRUST_PROXY: z
      .string()
      .trim()
      .default("loopback")
      .transform((value): number | string => (/^\d+$/.test(value) ? Number(value) : value)),
  })
  .superRefine((config, context) => {
    // Any S3 setting means the operator wants the bucket: better to stop than to keep receipts
    // on local disk because one value is missing.
    const given = (["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const).filter(
      (name) => config[name] !== undefined,
    );
    if (given.length === 0) return;
    for (const name of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
      if (config[name] === undefined) {
        context.addIssue({
          code: "custom",
          path: [name],
          message: `is required with ${given.join(", ")} (S3 receipt storage needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together)`,
        });
      }
    }
  });

export type Env = z.infer<typeof envSchema> & {
  dataDir: string;
  /** PUBLIC_URL without its trailing slash, or (unset) `http://localhost:PORT`; see `publicUrlFor`. */
  publicUrl: string;
  /** Whether PUBLIC_URL was set: when not, links use the address each request came to. */
  publicUrlSet: boolean;
};

export class EnvError extends Error {
  override name = "EnvError";
}

/** Parses a process environment; throws EnvError naming every bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  - ${issue.path.join(".") || "(environment)"}: ${issue.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}\nSee .env.example and the README's "Configuration" section.`);
  }
  const publicUrl = (result.data.PUBLIC_URL ?? `http://localhost:${result.data.PORT}`).replace(/\/$/, "");
  return { ...result.data, dataDir: path.resolve(result.data.DATA_DIR), publicUrl, publicUrlSet: result.data.PUBLIC_URL !== undefined };
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
