/** CSV for spreadsheet exports (order list, operation log): UTF-8 with a BOM so Excel reads Chinese. */

/** One CSV field: quoted when needed, formula-looking text defused (CSV injection). */
export function csvField(v: string | number | null): string {
  let s = v === null ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A whole CSV document: BOM, header line, rows, CRLF line ends. */
export function csvDocument(head: string[], rows: Array<Array<string | number | null>>): string {
  const lines = [head.map(csvField).join(','), ...rows.map((r) => r.map(csvField).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
