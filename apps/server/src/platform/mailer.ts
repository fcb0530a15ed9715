import type { Transporter } from 'nodemailer';

/** One email: plain text always, HTML when the message has one. */
export type MailMessage = { to: string | string[]; subject: string; text: string; html?: string };

/** Sends mail (platform service; `ctx.mailer`). Rejects when the SMTP server refuses the message. */
export type Mailer = {
  /** Where mail goes: 'smtp' (SMTP_URL) or 'log' (no SMTP server configured). */
  readonly kind: 'smtp' | 'log';
  send(message: MailMessage): Promise<void>;
  close(): void;
};

/**
 * The mail sender (DESIGN.md "Next areas": nodemailer). With `smtpUrl` (SMTP_URL, e.g.
 * `smtp://user:pass@host:587`, `smtps://…:465`) mail goes through that server, 15 s timeouts,
 * from `from` (MAIL_FROM). Without it the quick start still works: each message is written to the
 * server log (`log`, one block per message with its plain text) — never done when SMTP is set,
 * since messages may carry single-use links. Notifications (issue 8) add an outbox table.
 */
export async function createMailer(opts: { smtpUrl: string | null; from: string; log?: (line: string) => void }): Promise<Mailer> {
  if (!opts.smtpUrl) {
    const log = opts.log ?? ((line: string) => console.info(line));
    return {
      kind: 'log',
      send: async (m) => {
        log(`[mail] SMTP_URL is not set, so this message was not sent. To: ${[m.to].flat().join(', ')} · Subject: ${m.subject}\n${m.text}`);
      },
      close: () => undefined,
    };
  }
  const nodemailer = await import('nodemailer');
  const transport: Transporter = nodemailer.createTransport({
    url: opts.smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 15_000,
  });
  return {
    kind: 'smtp',
    send: async (m) => {
      await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
    },
    close: () => transport.close(),
  };
}
