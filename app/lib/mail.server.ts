import fs from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "./env.server";
import { log } from "./log.server";
import { peekSingleton, setSingleton, singleton } from "./singleton.server";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A stable Message-ID (the outbox row's), so a mail sent twice after a crash is recognisably the same one. */
  messageId?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Closes pooled connections (at shutdown). */
  close?(): void;
}

/** SMTP when a URL is given; otherwise each mail becomes data/mail/<time>-<recipient>.eml and its links are printed. */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string }): Mailer {
  if (options.smtpUrl) {
    // Bounded waits: a hung relay fails the attempt (the outbox retries it) well inside the worker's lease.
    // Pooled: a backlog leaves over a few open connections instead of one new connection per mail.
    const transport: Transporter = nodemailer.createTransport({
      url: options.smtpUrl,
      pool: true,
      maxConnections: 2,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
        log.info("mail sent", { to: mail.to, subject: mail.subject, messageId: mail.messageId });
      },
      close: () => transport.close(),
    };
  }
  const folder = path.join(options.dataDir, "mail");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      fs.mkdirSync(folder, { recursive: true });
      const safeRecipient = mail.to.replace(/[^a-zA-Z0-9@._-]/g, "_");
      const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, "-")}-${safeRecipient}.eml`);
      fs.writeFileSync(file, info.message as Buffer);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      console.log(`✉  Mail to ${mail.to}: "${mail.subject}" saved in ${path.relative(process.cwd(), file)}`);
      for (const link of links) console.log(`   link: ${link}`);
    },
  };
}

/** The process-wide mailer, built from the environment on first use. */
export function mailer(): Mailer {
  return singleton("mailer", () => {
    const config = env();
    return createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.dataDir });
  });
}

/** Lets a test send the app's mail through a mailer of its own (undefined: back to the environment's). */
export function useMailer(custom: Mailer | undefined) {
  setSingleton("mailer", custom);
}

/** At shutdown: the environment's mailer lets go of its pooled SMTP connections. */
export function closeMailer() {
  peekSingleton<Mailer>("mailer")?.close?.();
}

/** Escapes text for the HTML part of a mail. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);
}

/** The one look of our mails: a heading, paragraphs, an optional button; plain text carries the same words. */
export function composeMail(parts: {
  to: string;
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer: string;
}): Mail {
  const text = [
    parts.heading,
    "",
    ...parts.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(parts.action ? [`${parts.action.label}: ${parts.action.url}`, ""] : []),
    "--",
    parts.footer,
  ].join("\n");
  const html = `<!doctype html><html><body style="margin:0;background:#070b17;font-family:Arial,Helvetica,sans-serif;color:#e2e8f0">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="100%" style="max-width:520px;background:#0f172a;border-radius:12px;padding:28px">
<tr><td style="font-size:20px;font-weight:bold;color:#22d3ee">Arena LATAM</td></tr>
<tr><td style="padding-top:16px;font-size:22px;font-weight:bold;color:#ffffff">${escapeHtml(parts.heading)}</td></tr>
${parts.paragraphs.map((paragraph) => `<tr><td style="padding-top:12px;font-size:15px;line-height:1.5">${escapeHtml(paragraph)}</td></tr>`).join("\n")}
${
  parts.action
    ? `<tr><td style="padding-top:24px"><a href="${escapeHtml(parts.action.url)}" style="display:inline-block;background:#22d3ee;color:#020617;font-weight:bold;text-decoration:none;padding:12px 20px;border-radius:8px">${escapeHtml(parts.action.label)}</a></td></tr>
<tr><td style="padding-top:12px;font-size:12px;color:#94a3b8;word-break:break-all">${escapeHtml(parts.action.url)}</td></tr>`
    : ""
}
<tr><td style="padding-top:24px;font-size:12px;color:#64748b">${escapeHtml(parts.footer)}</td></tr>
</table></td></tr></table></body></html>`;
  return { to: parts.to, subject: parts.subject, text, html };
}
