import type { Transporter } from 'nodemailer';
import type { Db } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';

/**
 * One email: plain text always, HTML when the message has one. `ownerId` is the user it is sent
 * for (a notification's owner), whose Outbox shows it when no SMTP server is configured.
 */
export type MailMessage = { to: string | string[]; subject: string; text: string; html?: string; ownerId?: string | null };

/** What the SMTP server answered to a message it accepted. */
export type MailReceipt = { response: string | null };

/** Sends mail (platform service; `ctx.mailer`). Rejects when the SMTP server refuses the message. */
export type Mailer = {
  /** Where mail goes: 'smtp' (SMTP_URL) or 'outbox' (no SMTP server configured: kept in mail_outbox). */
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<MailReceipt>;
  close(): void;
};

/** An SMTP failure's reply code (e.g. 451, 550) when the server gave one. */
export const smtpResponseCode = (err: unknown): number | null => {
  const code = (err as { responseCode?: unknown })?.responseCode;
  return typeof code === 'number' ? code : null;
};

/**
 * The mail sender (docs/decisions/README.md#library-choices: nodemailer). With `smtpUrl` (SMTP_URL, e.g.
 * `smtp://user:pass@host:587`, `smtps://…:465`) mail goes through that server, 15 s timeouts,
 * from `from` (MAIL_FROM). Without it the quick start still works (docs/requirements/notifications.md#notifications): each message is kept
 * in the `mail_outbox` table, shown to its owner on the Outbox page; a message with no owner
 * (sign-in mail, e.g. a password-reset link) is also written to the server log, since its reader
 * cannot sign in to see it. Nothing is logged when SMTP is set: messages may carry single-use links.
 */
export async function createMailer(opts: { smtpUrl: string | null; from: string; db: Db; log?: (line: string) => void }): Promise<Mailer> {
  if (!opts.smtpUrl) {
    const log = opts.log ?? ((line: string) => console.info(line));
    return {
      kind: 'outbox',
      send: async (m) => {
        const to = [m.to].flat().join(', ');
        await opts.db.insert(mailOutbox).values({ userId: m.ownerId ?? null, to, subject: m.subject, text: m.text, html: m.html ?? null });
        if (!m.ownerId) log(`[mail] SMTP_URL is not set, so this message was not sent. To: ${to} · Subject: ${m.subject}\n${m.text}`);
        return { response: null };
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
      const info = await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
      return { response: typeof info.response === 'string' ? info.response : null };
    },
    close: () => transport.close(),
  };
}
