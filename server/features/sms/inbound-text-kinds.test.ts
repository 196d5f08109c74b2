import { describe, expect, it } from 'vitest';
import { inboundTextKind, readInboundText } from './inbound-text-kinds.ts';

describe('inboundTextKind', () => {
  it.each([
    ['STOP', 'opt_out'],
    [' stop ', 'opt_out'],
    ['StopAll', 'opt_out'],
    ['unsubscribe', 'opt_out'],
    ['Cancel', 'opt_out'],
    ['end', 'opt_out'],
    ['QUIT', 'opt_out'],
    ['optout', 'opt_out'],
    ['revoke', 'opt_out'],
    ['START', 'opt_in'],
    ['Unstop\n', 'opt_in'],
    ['HELP', 'help'],
    ['info', 'help'],
  ])('reads Twilio keyword %j as %s', (body, kind) => {
    expect(readInboundText(body)).toEqual({ kind, isTwilioKeyword: true, language: null });
  });

  it.each([
    ['C', null],
    ['c', null],
    [' C. ', null],
    ['Y', null],
    ['yes!', null],
    ['Confirm', null],
    ['"confirm"', null],
    ['SI', 'es'],
    ['sí', 'es'],
    ['¡Sí!', 'es'],
    ['Confirmar.', 'es'],
  ])('reads %j as a confirmation', (body, language) => {
    expect(readInboundText(body)).toMatchObject({ kind: 'confirm', language });
  });

  it('reads YES as a confirmation that Twilio also answers (its opt-in word)', () => {
    expect(readInboundText('YES')).toEqual({ kind: 'confirm', isTwilioKeyword: true, language: null });
    expect(readInboundText('Yes.')).toEqual({ kind: 'confirm', isTwilioKeyword: false, language: null });
  });

  it.each([
    ['PARAR', 'opt_out'],
    ['detener', 'opt_out'],
    ['Cancelar.', 'opt_out'],
    ['baja', 'opt_out'],
    ['Comenzar', 'opt_in'],
    ['iniciar', 'opt_in'],
    ['AYUDA', 'help'],
    ['¿Ayuda?', 'help'],
  ])('reads the Spanish keyword %j as %s, answered by us', (body, kind) => {
    expect(readInboundText(body)).toEqual({ kind, isTwilioKeyword: false, language: 'es' });
  });

  it.each(['Please stop texting me', 'STOP PLEASE', 'yes please', 'Can I come at 3?', 'C you soon', ''])(
    'reads %j as a reply: keywords are whole messages',
    (body) => {
      expect(inboundTextKind(body)).toBe('reply');
    },
  );
});
