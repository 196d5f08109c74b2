import { appendFileSync } from 'node:fs';
import net from 'node:net';

/**
 * Loaded with `node --import` into a server process under test: appends the destination of every
 * outgoing TCP connection (plain, TLS, fetch, database) to the file in RECORD_CONNECTIONS_TO, one
 * `host:port` a line, so a test can prove that nothing talks to a party it did not stand in for.
 * TLS sockets are net sockets too, so wrapping Socket#connect sees every one of them.
 */
const file = process.env.RECORD_CONNECTIONS_TO;
if (file) {
  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function recordedConnect(this: net.Socket, ...args: unknown[]) {
    appendFileSync(file, `${destination(args)}\n`);
    return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof net.Socket.prototype.connect;
}

/** connect(options | [options, cb] | port, host? | path). */
function destination(args: unknown[]): string {
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  if (first && typeof first === 'object') {
    const options = first as { host?: string; port?: number | string; path?: string };
    return options.path ?? `${options.host ?? 'localhost'}:${options.port}`;
  }
  if (typeof first === 'number' || /^\d+$/.test(String(first)))
    return `${typeof args[1] === 'string' ? args[1] : 'localhost'}:${first}`;
  return String(first);
}
