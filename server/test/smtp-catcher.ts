import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/** A message as an SMTP server received it: the envelope's recipients and the raw text. */
export interface CaughtMail {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server (not yet listening) that hands each message it receives to `keep`; plain
 * text, no login, so the mail adapter talks to it as to a relay on loopback. `options` override.
 */
export function smtpCatcher(keep: (mail: CaughtMail) => void, options: Partial<SMTPServerOptions> = {}) {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        keep({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
    ...options,
  });
}
