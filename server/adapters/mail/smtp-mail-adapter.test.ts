import type { AddressInfo } from 'node:net';
import type { SMTPServer, SMTPServerOptions } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { smtpCatcher } from '../../test/smtp-catcher.ts';
import { createSmtpMailAdapter } from './smtp-mail-adapter.ts';

interface Received {
  envelopeTo: string[];
  raw: string;
}

const servers: SMTPServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
});

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtpServer(hooks: Partial<SMTPServerOptions> = {}) {
  const received: Received[] = [];
  const server = smtpCatcher((mail) => received.push({ envelopeTo: mail.to, raw: mail.raw }), hooks);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received };
}

function smtpError(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
}

const message = {
  to: 'ann.patient@example.com',
  subject: 'Your appointment on Monday',
  text: 'See you Monday at 9:00 AM.\nBring your insurance card.',
  attachments: [
    {
      filename: 'appointment.ics',
      content: 'BEGIN:VCALENDAR\r\nUID:appt-1@chairtime\r\nEND:VCALENDAR\r\n',
      contentType: 'text/calendar',
    },
  ],
  idempotencyKey: 'booking-confirmation:appt-1',
};

describe('SMTP mail adapter', () => {
  it('delivers subject, text and attachment, with a Message-ID derived from the idempotency key', async () => {
    const server = await startSmtpServer();
    const mail = createSmtpMailAdapter({ url: server.url, from: 'Chairtime <no-reply@chairtime.test>' });

    const result = await mail.send(message);

    expect(result).toEqual({ ok: true, id: '<booking-confirmation:appt-1@chairtime.test>' });
    expect(server.received).toHaveLength(1);
    const [mailReceived] = server.received;
    expect(mailReceived?.envelopeTo).toEqual(['ann.patient@example.com']);
    const parsed = parseMime(mailReceived!.raw);
    expect(parsed.headers['subject']).toBe('Your appointment on Monday');
    expect(parsed.headers['message-id']).toBe('<booking-confirmation:appt-1@chairtime.test>');
    expect(parsed.headers['from']).toBe('Chairtime <no-reply@chairtime.test>');
    const textPart = parsed.parts.find((part) => part.headers['content-type']?.startsWith('text/plain'));
    expect(textPart?.body.replace(/\r\n/g, '\n')).toBe(message.text);
    const attachment = parsed.parts.find((part) => part.headers['content-disposition']?.includes('appointment.ics'));
    expect(attachment?.headers['content-type']).toMatch(/^text\/calendar/);
    expect(attachment?.body).toBe(message.attachments[0]!.content);
  });

  it('keeps retries on one Message-ID and hashes keys that are not safe in one', async () => {
    const server = await startSmtpServer();
    const mail = createSmtpMailAdapter({ url: server.url, from: 'no-reply@chairtime.test' });
    const first = await mail.send({ ...message, idempotencyKey: 'key with spaces <and brackets>' });
    const second = await mail.send({ ...message, idempotencyKey: 'key with spaces <and brackets>' });
    expect(first).toEqual(second);
    expect(first).toMatchObject({ ok: true, id: expect.stringMatching(/^<[0-9a-f]{64}@chairtime\.test>$/) });
  });

  it('reports a refused recipient as final, without the address in the error', async () => {
    const server = await startSmtpServer({
      onRcptTo: (_address, _session, callback) =>
        callback(smtpError('5.1.1 <ann.patient@example.com>: mailbox unavailable', 550)),
    });
    const result = await createSmtpMailAdapter({ url: server.url, from: 'no-reply@chairtime.test' }).send(message);
    expect(result).toMatchObject({ ok: false, retryable: false, error: expect.stringContaining('550') });
    expect(JSON.stringify(result)).not.toContain('ann.patient');
    expect(server.received).toEqual([]);
  });

  it('reports a temporary refusal as retryable', async () => {
    const server = await startSmtpServer({
      onData: (stream, _session, callback) => {
        stream.resume();
        stream.on('end', () => callback(smtpError('4.3.0 try again later', 451)));
      },
    });
    const result = await createSmtpMailAdapter({ url: server.url, from: 'no-reply@chairtime.test' }).send(message);
    expect(result).toMatchObject({ ok: false, retryable: true, error: expect.stringContaining('451') });
  });

  it('reports a server that refuses the connection as retryable', async () => {
    const server = await startSmtpServer();
    await new Promise<void>((resolve) => servers.pop()!.close(() => resolve()));
    const result = await createSmtpMailAdapter({
      url: server.url,
      from: 'no-reply@chairtime.test',
      timeoutMs: 2_000,
    }).send(message);
    expect(result).toMatchObject({
      ok: false,
      retryable: true,
      error: expect.stringMatching(/ECONNREFUSED|ECONNECTION/),
    });
  });
});

interface MimePart {
  headers: Record<string, string>;
  body: string;
}

/** Just enough MIME for these assertions: top-level headers and the decoded leaf parts. */
function parseMime(raw: string): MimePart & { parts: MimePart[] } {
  const top = parsePart(raw);
  const boundary = /boundary="?([^";]+)"?/.exec(top.headers['content-type'] ?? '')?.[1];
  const sections = boundary ? raw.split(`--${boundary}`).slice(1, -1) : [];
  const parts = sections.flatMap((section) => {
    const part = parsePart(section.replace(/^\r\n/, ''));
    return part.headers['content-type']?.startsWith('multipart/')
      ? parseMime(section.replace(/^\r\n/, '')).parts
      : [part];
  });
  return { ...top, parts };
}

function parsePart(raw: string): MimePart {
  const split = raw.indexOf('\r\n\r\n');
  const headerText = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of headerText.split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = raw.slice(split + 4).replace(/\r\n$/, '');
  const encoding = headers['content-transfer-encoding']?.toLowerCase();
  if (encoding === 'base64') return { headers, body: Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') };
  if (encoding === 'quoted-printable') return { headers, body: decodeQuotedPrintable(body) };
  return { headers, body };
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
