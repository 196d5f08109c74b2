/**
 * How many SMS segments a text costs (ADR 0034). GSM-7 (3GPP TS 23.038) fits 160 characters in
 * one segment, 153 a part when split; an escape-table character (€, [, ~…) costs two. One
 * character outside GSM-7 (á, í, ó, ú, “ ”, an emoji) makes the whole text UCS-2: 70 in one
 * segment, 67 a part, counted in UTF-16 units. Spanish keeps é, ñ, ¡, ¿ in GSM-7, not á/í/ó/ú.
 */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡' +
  'ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '\f^{}\\[~]|€';

export interface SmsSegments {
  encoding: 'GSM-7' | 'UCS-2';
  /** Septets for GSM-7, UTF-16 units for UCS-2. */
  units: number;
  segments: number;
}

export function smsSegments(text: string): SmsSegments {
  let septets = 0;
  for (const char of text) {
    if (GSM_BASIC.includes(char)) septets += 1;
    else if (GSM_EXTENDED.includes(char)) septets += 2;
    else return count('UCS-2', text.length, 70, 67);
  }
  return count('GSM-7', septets, 160, 153);
}

function count(encoding: SmsSegments['encoding'], units: number, single: number, perPart: number): SmsSegments {
  return { encoding, units, segments: units <= single ? 1 : Math.ceil(units / perPart) };
}
