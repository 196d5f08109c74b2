// Text a patient typed (a message, an insurance name, a feedback) goes into the practice's
// e-mails. It must not be able to forge lines of them ("Patient: …", "Phone: …"): line breaks of
// every kind are normalised, and the text is set apart, each line quoted under a label.

// CRLF, CR, vertical tab, form feed, NEL and the Unicode line and paragraph separators.
const LINE_BREAKS = /\r\n|[\r\v\f\u0085\u2028\u2029]/g;
// Other control characters (tabs and line feeds are kept) and bidirectional overrides, which
// could make a quoted line read as something else.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVISIBLE = /[\u0000-\u0008\u000e-\u001f\u007f-\u0084\u0086-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Every line break as "\n", invisible controls removed, trailing spaces of each line dropped. */
export function normaliseLineBreaks(text: string): string {
  return text
    .replace(LINE_BREAKS, '\n')
    .replace(INVISIBLE, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();
}

/** For values that belong on one line (a name, a subject): any run of whitespace becomes one space. */
export function oneLine(text: string): string {
  return normaliseLineBreaks(text).replace(/\s+/g, ' ');
}

/**
 * Patient-written text under a label, every line quoted with "> ":
 * `Message from the patient:` then `> first line`, `> second line`. Empty text gives one line.
 */
export function quotePatientText(label: string, text: string | null | undefined): string {
  const normalised = normaliseLineBreaks(text ?? '');
  if (normalised === '') return `${label}: (none)`;
  return [`${label}:`, ...normalised.split('\n').map((line) => `> ${line}`)].join('\n');
}
