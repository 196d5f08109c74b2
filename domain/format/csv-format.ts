/** A cell: text, a number (written as is), or null for an empty cell. */
export type CsvCell = string | number | null;

/**
 * A spreadsheet opening the file runs a cell that starts with one of these as a formula (OWASP
 * "CSV injection"); tab and carriage return count because some spreadsheets skip them first.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** RFC 4180: a cell holding a quote, comma or line break goes in quotes, its quotes doubled. */
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * A CSV file (RFC 4180): the header row, then one row per record, every line ended by CRLF.
 * Text that a spreadsheet would run as a formula gets a leading apostrophe, so `=HYPERLINK(…)`
 * typed into a form stays text; this also marks phone numbers such as `+15125550123`, which a
 * spreadsheet would otherwise read as a sum. Numbers are written as numbers: a spreadsheet reads
 * `-5` as minus five, not as a formula. A row of another length than the header is a bug.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row, index) => {
    if (row.length !== header.length)
      throw new Error(`CSV row ${index} has ${row.length} cells, the header ${header.length}`);
    return row.map(csvCell).join(',');
  });
  return lines.map((line) => `${line}\r\n`).join('');
}

function csvCell(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
