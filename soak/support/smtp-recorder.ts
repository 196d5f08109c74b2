import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope sender: tells apart processes configured with different MAIL_FROM addresses. */
  from: string;
  to: string[];
  /** The Message-ID without brackets, e.g. booking-confirmation:<id>@soak.example. */
  messageId: string;
  /** The start of the raw message (headers and text), for failure reports. */
  head: string;
}

/**
 * An SMTP server standing in for the provider: records every message and, while `isDown`,
 * refuses connections with 421 ("try again later"), which the mail adapter treats as retryable.
 */
export async function startSmtpRecorder() {
  const state = { isDown: false, refused: 0, mails: [] as ReceivedMail[] };
  const codes = new Map<string, string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 1024 * 1024,
    onConnect(_session, callback) {
      if (!state.isDown) return callback();
      state.refused++;
      return callback(
        Object.assign(new Error('Service not available, closing transmission channel (soak outage)'), {
          responseCode: 421,
        }),
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const code = /verification code is (\d{6})/.exec(raw)?.[1];
        if (code) session.envelope.rcptTo.forEach((r) => codes.set(r.address, code));
        state.mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          messageId: /^Message-ID:\s*<([^>]+)>/im.exec(raw)?.[1] ?? '',
          head: raw.slice(0, 1_000),
        });
        callback();
      });
    },
  });
  // A sender killed mid-message resets its connection; smtp-server reports that as an 'error'
  // event, which would otherwise be an uncaught exception in the test process.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    state,
    url: `smtp://127.0.0.1:${port}`,
    /** The one-time code of the newest code message to this address. */
    codeFor: (recipient: string): string | null => codes.get(recipient) ?? null,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpRecorder = Awaited<ReturnType<typeof startSmtpRecorder>>;

/** How many times each Message-ID's key part (before the @) arrived: a receiver's de-duplication view. */
export function deliveriesByKey(mails: readonly ReceivedMail[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of mails) {
    const key = mail.messageId.replace(/@[^@]*$/, '');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}
