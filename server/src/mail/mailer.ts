import type { FastifyBaseLogger } from "fastify";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** nodemailer over SMTP_URL; without it every mail (code included) is written to the server log. */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  logger: Pick<FastifyBaseLogger, "info">;
}): Mailer {
  if (!options.smtpUrl) {
    return {
      async send(message) {
        options.logger.info({ mail: message }, `mail to ${message.to}: ${message.subject}\n${message.text}`);
      },
    };
  }
  const smtpUrl = options.smtpUrl;
  // nodemailer is loaded with the first mail, not at boot.
  let transport: Promise<import("nodemailer").Transporter> | undefined;
  return {
    async send(message) {
      transport ??= import("nodemailer").then(({ default: nodemailer }) =>
        nodemailer.createTransport(smtpUrl),
      );
      await (await transport).sendMail({ from: options.from, ...message });
    },
  };
}
