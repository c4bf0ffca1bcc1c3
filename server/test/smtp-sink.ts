import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on a free port that keeps every message it receives. */
export async function startSmtpSink() {
  const messages: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  const mailsTo = (email: string) => messages.filter((message) => message.to.includes(email));

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    mailsTo,
    /** Waits for the n-th mail to `email` (1-based) and returns the 6-digit code in it. */
    async waitForCode(email: string, nth = 1, timeoutMs = 10_000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      while (mailsTo(email).length < nth) {
        if (Date.now() > deadline) throw new Error(`no mail #${nth} to ${email}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      const mail = mailsTo(email)[nth - 1]!;
      const subject = /^Subject: (.*)$/m.exec(mail.raw)?.[1] ?? "";
      const decoded = decodeMimeWords(subject);
      const code = /\b(\d{6})\b/.exec(decoded)?.[1];
      if (!code) throw new Error(`no code in mail subject: ${subject}`);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function decodeMimeWords(value: string): string {
  return value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_all, encoding: string, text: string) =>
    encoding.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : text
          .replace(/_/g, " ")
          .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  );
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
