import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type DestinationStream, type Logger } from "pino";

type Level = "debug" | "info" | "warn" | "error";
const LEVELS = new Set<string>(["debug", "info", "warn", "error"]);

/** What is known about the request being served, added to every line logged while serving it. */
export interface RequestContext {
  requestId: string;
  /** What one request computes once and reads several times (the signed-in user); dropped with it. */
  memo?: Map<string, unknown>;
}

const requestContext = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` with a request's context: every log line written inside carries its request id. */
export function withRequestContext<T>(context: RequestContext, fn: () => T): T {
  return requestContext.run(context, fn);
}

export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

/**
 * `compute()` once per request and key: a second call while serving the same request gets the same
 * promise. Outside a request (scripts, tests) it simply computes.
 */
export function oncePerRequest<T>(key: string, compute: () => T): T {
  const context = requestContext.getStore();
  if (!context) return compute();
  context.memo ??= new Map();
  if (!context.memo.has(key)) context.memo.set(key, compute());
  return context.memo.get(key) as T;
}

// Never logged as given: secrets, cookies and personal data (docs/deploy.md "Logs").
const SECRET_KEYS =
  /^(authorization|cookie|set-cookie|password|secret|token|api[-_]?key|x-api-key|e-?mail|payer_?email|phone|auth_?secret|.*_secret|.*_token)$/i;
const EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g;
const REDACTED = "[redacted]";

/** A copy of log fields without secrets and without e-mail addresses anywhere in their text. */
export function redact(value: unknown, key = "", depth = 0): unknown {
  if (key && SECRET_KEYS.test(key)) return value === undefined || value === null ? value : REDACTED;
  if (typeof value === "string") return value.replace(EMAIL, "[email]");
  if (value instanceof Error) return redact(`${value.name}: ${value.message}`, "", depth);
  if (value === null || typeof value !== "object" || depth > 5) return value;
  if (Array.isArray(value)) return value.map((item) => redact(item, "", depth + 1));
  return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, redact(item, name, depth + 1)]));
}

/** Development: one readable line per event. Elsewhere: pino's JSON lines on stdout. */
function plainLines(): DestinationStream {
  return {
    write(line: string) {
      const { time, level, msg, pid: _pid, ...fields } = JSON.parse(line) as Record<string, unknown>;
      const rest = Object.keys(fields).length ? ` ${JSON.stringify(fields)}` : "";
      const label = String(level);
      const text = `${String(time)} ${label.toUpperCase().padEnd(5)} ${String(msg)}${rest}`;
      (label === "warn" || label === "error" || label === "fatal" ? process.stderr : process.stdout).write(`${text}\n`);
    },
  };
}

export function createLogger(options: { level?: Level; destination?: DestinationStream; plain?: boolean } = {}): Logger {
  const level = options.level ?? (LEVELS.has(process.env.LOG_LEVEL ?? "") ? (process.env.LOG_LEVEL as Level) : "info");
  return pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const requestId = currentRequestId();
        return requestId ? { requestId } : {};
      },
    },
    options.destination ?? (options.plain ? plainLines() : undefined),
  );
}

let logger: Logger = createLogger({ plain: process.env.NODE_ENV === "development" });

export function setLogLevel(level: Level) {
  logger.level = level;
}

/** Points the log at another destination (tests read what would have been written). */
export function setLogger(next: Logger) {
  logger = next;
}

function write(level: Level, message: string, fields?: Record<string, unknown>) {
  if (!logger.isLevelEnabled(level)) return;
  const text = redact(message) as string;
  if (fields) logger[level](redact(fields) as Record<string, unknown>, text);
  else logger[level](text);
}

export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write("debug", message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write("info", message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write("warn", message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write("error", message, fields),
};
