// Reads the mails the e2e server writes to <DATA_DIR>/mail/ when no SMTP server is configured.
// Each file is a real RFC 822 message (nodemailer): headers may hold encoded words, and parts may
// be quoted-printable or base64, so they are decoded here before anyone looks for links in them.
import fs from "node:fs";
import path from "node:path";

export interface ReceivedMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  receivedAt: Date;
}

export interface MailboxOptions {
  /** The server's DATA_DIR; the shared e2e server's (E2E_DATA_DIR) unless told. */
  dataDir?: string;
}

export interface MailQuery extends MailboxOptions {
  /** Only mails whose (decoded) subject matches. */
  subject?: RegExp;
  /** Only mails written at or after this moment. */
  after?: Date;
  /** Give up after this long (ms). */
  timeout?: number;
}

function mailFolder(dataDir = process.env.E2E_DATA_DIR): string {
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: run the e2e tests through playwright.config.ts");
  return path.join(dataDir, "mail");
}

// ---- RFC 822 / MIME decoding -------------------------------------------------------------

function splitHeadAndBody(raw: string): { head: string; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { head: raw, body: "" };
  return { head: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) };
}

/** Header names (lower-cased) to their unfolded raw values. */
function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeBytes(bytes: Buffer, charset = "utf-8"): string {
  try {
    return new TextDecoder(charset.toLowerCase()).decode(bytes);
  } catch {
    return bytes.toString("utf8");
  }
}

/** Quoted-printable to bytes: soft line breaks vanish, =XX becomes the byte XX. */
function quotedPrintableToBytes(value: string): Buffer {
  const joined = value.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const char = joined[i]!;
    const hex = joined.slice(i + 1, i + 3);
    if (char === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, "utf8"));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) in a header value. */
export function decodeHeaderValue(value: string): string {
  const encodedWord = /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g;
  // Whitespace between two adjacent encoded words is not part of the text.
  const joined = value.replace(/(\?=)\s+(?==\?)/g, "$1");
  return joined.replace(encodedWord, (_all, charset: string, encoding: string, text: string) => {
    const bytes = encoding.toUpperCase() === "B" ? Buffer.from(text, "base64") : quotedPrintableToBytes(text.replace(/_/g, " "));
    return decodeBytes(bytes, charset);
  });
}

function parameter(headerValue: string | undefined, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}="?([^";]+)"?`, "i").exec(headerValue ?? "");
  return match?.[1];
}

/** Walks a MIME entity and collects its text/plain and text/html parts, decoded. */
function collectParts(raw: string, into: { text: string[]; html: string[] }): void {
  const { head, body } = splitHeadAndBody(raw);
  const headers = parseHeaders(head);
  const contentType = headers.get("content-type") ?? "text/plain";
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();

  if (mediaType.startsWith("multipart/")) {
    const boundary = parameter(contentType, "boundary");
    if (!boundary) return;
    const delimiter = `--${boundary}`;
    if (!body.includes(`${delimiter}--`)) throw new Error("incomplete multipart message");
    const sections = body.split(delimiter).slice(1); // before the first delimiter is the preamble
    for (const section of sections) {
      if (section.startsWith("--")) break; // closing delimiter
      collectParts(section.replace(/^\r?\n/, ""), into);
    }
    return;
  }

  const transferEncoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  const charset = parameter(contentType, "charset") ?? "utf-8";
  let bytes: Buffer;
  if (transferEncoding === "quoted-printable") bytes = quotedPrintableToBytes(body);
  else if (transferEncoding === "base64") bytes = Buffer.from(body.replace(/\s+/g, ""), "base64");
  else bytes = Buffer.from(body, "utf8");
  const decoded = decodeBytes(bytes, charset).replace(/\r\n/g, "\n").replace(/\n$/, "");
  if (mediaType === "text/html") into.html.push(decoded);
  else if (mediaType === "text/plain") into.text.push(decoded);
}

function unescapeHtml(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

export function parseMail(raw: string, file = "", receivedAt = new Date()): ReceivedMail {
  const { head } = splitHeadAndBody(raw);
  const headers = parseHeaders(head);
  const parts = { text: [] as string[], html: [] as string[] };
  collectParts(raw, parts);
  const text = parts.text.join("\n");
  const html = parts.html.join("\n");
  const links = new Set<string>();
  for (const link of text.match(/https?:\/\/[^\s<>"]+/g) ?? []) links.add(link);
  for (const match of html.matchAll(/href="([^"]+)"/g)) links.add(unescapeHtml(match[1]!));
  return {
    file,
    to: decodeHeaderValue(headers.get("to") ?? ""),
    subject: decodeHeaderValue(headers.get("subject") ?? ""),
    text,
    html,
    links: [...links],
    receivedAt,
  };
}

// ---- the mailbox -------------------------------------------------------------------------

function addressOf(to: string): string {
  return (/<([^>]+)>/.exec(to)?.[1] ?? to).trim().toLowerCase();
}

/** Every complete mail to `recipient` currently in the folder, oldest first. */
export function readMailbox(recipient: string, options: MailboxOptions = {}): ReceivedMail[] {
  const folder = mailFolder(options.dataDir);
  if (!fs.existsSync(folder)) return [];
  const wanted = recipient.trim().toLowerCase();
  const suffix = `-${wanted.replace(/[^a-zA-Z0-9@._-]/g, "_")}.eml`;
  const mails: ReceivedMail[] = [];
  for (const name of fs.readdirSync(folder)) {
    if (!name.toLowerCase().endsWith(suffix)) continue;
    const file = path.join(folder, name);
    try {
      const stat = fs.statSync(file);
      const mail = parseMail(fs.readFileSync(file, "utf8"), file, stat.mtime);
      if (addressOf(mail.to) === wanted) mails.push(mail);
    } catch {
      // Still being written: it will be complete on the next look.
    }
  }
  return mails.sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime() || a.file.localeCompare(b.file));
}

async function pollFor(recipient: string, query: MailQuery, accept: (mail: ReceivedMail) => boolean, what: string): Promise<ReceivedMail> {
  const deadline = Date.now() + (query.timeout ?? 10_000);
  // File times can be a little coarser than Date.now(): allow a few milliseconds of slack.
  const after = query.after ? query.after.getTime() - 5 : -Infinity;
  for (;;) {
    const found = readMailbox(recipient, query).filter(
      (mail) => mail.receivedAt.getTime() >= after && (!query.subject || query.subject.test(mail.subject)) && accept(mail),
    );
    const newest = found.at(-1);
    if (newest) return newest;
    if (Date.now() > deadline) {
      const seen = readMailbox(recipient, query).map((mail) => `"${mail.subject}" at ${mail.receivedAt.toISOString()}`);
      throw new Error(
        `No ${what} for ${recipient} (${JSON.stringify({ subject: query.subject?.source, after: query.after })}); mailbox has: ${seen.join(", ") || "nothing"}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Waits (up to ~10 s) for a mail to `recipient` and returns the newest one that matches. */
export async function waitForMail(
  recipient: string,
  query: MailQuery = {},
): Promise<{ subject: string; text: string; links: string[]; html: string; receivedAt: Date }> {
  return pollFor(recipient, query, () => true, "mail");
}

const SIGN_IN_LINK = /\/auth\/link\?token=/;

/** The sign-in link of the newest magic-link mail to `recipient` (optionally one sent after `after`). */
export async function signInLink(recipient: string, query: MailQuery = {}): Promise<string> {
  const mail = await pollFor(recipient, query, (candidate) => candidate.links.some((link) => SIGN_IN_LINK.test(link)), "sign-in mail");
  return mail.links.find((link) => SIGN_IN_LINK.test(link))!;
}
