import { describe, expect, it } from 'vitest';
import { inboundTextKind } from './inbound-text-kinds.ts';

describe('inboundTextKind', () => {
  it.each([
    ['STOP', 'opt_out'], [' stop ', 'opt_out'], ['StopAll', 'opt_out'], ['unsubscribe', 'opt_out'], ['Cancel', 'opt_out'],
    ['end', 'opt_out'], ['QUIT', 'opt_out'], ['optout', 'opt_out'], ['revoke', 'opt_out'],
    ['START', 'opt_in'], ['yes', 'opt_in'], ['Unstop\n', 'opt_in'],
    ['HELP', 'help'], ['info', 'help'],
  ])('reads %j as %s', (body, kind) => {
    expect(inboundTextKind(body)).toBe(kind);
  });

  it.each(['Please stop texting me', 'STOP PLEASE', 'yes please', 'Can I come at 3?', ''])('reads %j as a reply: Twilio acts on single-word messages only', (body) => {
    expect(inboundTextKind(body)).toBe('reply');
  });
});
