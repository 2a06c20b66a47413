import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { deliverQueuedMail } from "./mail";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on loopback that keeps every message it receives. While `refusing` answers
 * true it behaves as a relay in an outage: a new connection is turned away with 421 (service not
 * available, try later), a mail on a connection already open with 451.
 */
export async function startSmtpSink(options: { refusing?: () => boolean } = {}) {
  const received: ReceivedMail[] = [];
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // Closing does not wait for the mailer's pooled connections to go idle.
    closeTimeout: 100,
    onConnect(_session, callback) {
      if (!options.refusing?.()) return callback();
      refused += 1;
      callback(Object.assign(new Error("Service not available, try again later"), { responseCode: 421 }));
    },
    // A connection opened before the outage (the mailer pools them) is refused mail by mail.
    onMailFrom(_address, _session, callback) {
      if (!options.refusing?.()) return callback();
      refused += 1;
      callback(Object.assign(new Error("Local error in processing, try again later"), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  // A client killed mid-conversation (the crash test kills the app) resets its connection: not our error.
  server.on("error", () => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Connections and mails turned away so far. */
    refusedConnections: () => refused,
    /** Plain text of a quoted-printable message body, soft breaks joined. */
    text(mail: ReceivedMail): string {
      const joined = mail.raw.replace(/=\r?\n/g, "");
      const bytes: number[] = [];
      for (let i = 0; i < joined.length; i += 1) {
        const hex = joined[i] === "=" ? /^[0-9A-F]{2}$/.exec(joined.slice(i + 1, i + 3)) : null;
        if (hex) {
          bytes.push(parseInt(hex[0], 16));
          i += 2;
        } else {
          bytes.push(...Buffer.from(joined[i]!, "utf8"));
        }
      }
      return Buffer.from(bytes).toString("utf8");
    },
    async waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs = 5000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        // What the server's mail worker does meanwhile: queued mail is delivered.
        await deliverQueuedMail();
        const found = received.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error("mail did not arrive");
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
