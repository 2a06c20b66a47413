/** UTF-8 byte order mark: Excel reads the file as UTF-8 only when it starts with one (accents stay right). */
export const BOM = "\uFEFF";

/** One CSV cell: quoted when needed; text a spreadsheet would run as a formula is prefixed with a quote. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole CSV file (CRLF lines, BOM first), ready to send as text/csv; charset=utf-8. */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return BOM + rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
