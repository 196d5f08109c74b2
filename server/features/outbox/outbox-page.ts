import { escapeHtml } from '#domain/format/html-escape.ts';
import type { OutboxMessageRow } from '../../adapters/outbox/outbox-repository.ts';

/** A plain page for people reading the local outbox; no script, so the CSP needs no exception. */
export function renderOutboxPage(messages: OutboxMessageRow[]): string {
  const items = messages.map((message, index) => {
    const headingId = `message-${index + 1}`;
    const channel = message.channel === 'email' ? 'E-mail' : 'SMS';
    const heading = message.subject ?? `SMS to ${message.recipient}`;
    const attachments = message.attachments.map((attachment) => escapeHtml(attachment.filename)).join(', ');
    const sentAt = message.created_at.toISOString();
    return `<li><article aria-labelledby="${headingId}">
<h2 id="${headingId}">${escapeHtml(heading)}</h2>
<dl>
<dt>Channel</dt><dd>${channel}</dd>
<dt>To</dt><dd>${escapeHtml(message.recipient)}</dd>
${message.subject === null ? '' : `<dt>Subject</dt><dd>${escapeHtml(message.subject)}</dd>\n`}<dt>Sent</dt>
<dd><time datetime="${sentAt}">${sentAt.replace('T', ' ').slice(0, 19)} UTC</time></dd>
${attachments ? `<dt>Attachments</dt><dd>${attachments}</dd>\n` : ''}</dl>
<pre>${escapeHtml(message.text)}</pre>
</article></li>`;
  });
  const summary =
    messages.length === 0
      ? 'No messages yet.'
      : `${messages.length} message${messages.length === 1 ? '' : 's'}, newest first.`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Outbox (development)</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 48rem; padding: 1rem; color: #0f172a; }
ol { list-style: none; padding: 0; }
article { border: 1px solid #cbd5e1; border-radius: 0.5rem; padding: 0 1rem 1rem; margin-bottom: 1rem; }
h2 { font-size: 1.1rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; margin: 0 0 0.75rem; }
dt { font-weight: 600; }
dd { margin: 0; overflow-wrap: anywhere; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f1f5f9; padding: 0.75rem; border-radius: 0.25rem;
  margin: 0; }
</style>
</head>
<body>
<main>
<h1>Outbox</h1>
<p>Messages the local mail and SMS adapters would have sent. ${summary}</p>
<ol>
${items.join('\n')}
</ol>
</main>
</body>
</html>
`;
}
