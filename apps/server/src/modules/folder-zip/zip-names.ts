/**
 * Safe entry names for folder zips (issue 5 "entry names safe"). Stored names come from users, so
 * every path segment is cleaned before it goes into an archive that will be extracted on Windows,
 * macOS or Linux:
 * - control characters (C0, DEL, C1) are dropped; `\ / : * ? " < > |` become `_`;
 * - leading/trailing spaces and trailing dots are trimmed (Windows drops them silently);
 * - a segment that is empty or only dots (`.`, `..`, `...`) becomes `_`, so no `..` segment and no
 *   leading `/` or drive letter (`C:`) can appear;
 * - Windows device names (CON, PRN, AUX, NUL, COM1–9, LPT1–9, with any extension) get a `_` prefix;
 * - a segment is cut to 200 characters (the 001 §5 name limit), keeping its extension.
 * `EntryNamer` also makes names unique per folder, case-insensitively: `a.ifc`, `a (2).ifc`, …
 */

// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const ILLEGAL = /[\\/:*?"<>|]/g;
const DEVICE = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i;
const MAX_SEGMENT = 200;

/** One path segment made safe for every common unzip tool. Never empty, never `.`/`..`. */
export function safeSegment(name: string): string {
  let s = name.normalize('NFC').replace(CONTROL, '').replace(ILLEGAL, '_');
  s = s.trim().replace(/[. ]+$/, '');
  if (s === '' || /^\.+$/.test(s)) s = '_';
  if (DEVICE.test(s)) s = `_${s}`;
  if (s.length > MAX_SEGMENT) {
    const dot = s.lastIndexOf('.');
    const ext = dot > 0 && s.length - dot <= 16 ? s.slice(dot) : '';
    s = s.slice(0, MAX_SEGMENT - ext.length) + ext;
  }
  return s;
}

/** `name (n).ext` for a file, `name (n)` for a folder. */
function numbered(name: string, n: number, isFolder: boolean): string {
  const dot = isFolder ? -1 : name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}

/**
 * Hands out unique, safe archive paths. `dir` is an already-issued folder path ('' at the root of the
 * archive). Folder paths end without `/`; yazl adds it for directory entries.
 */
export class EntryNamer {
  private readonly taken = new Set<string>();

  /** A unique path for `name` inside `dir`. */
  next(dir: string, name: string, isFolder: boolean): string {
    const base = safeSegment(name);
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? base : numbered(base, n, isFolder);
      const full = dir ? `${dir}/${candidate}` : candidate;
      const key = full.toLowerCase();
      if (!this.taken.has(key)) {
        this.taken.add(key);
        return full;
      }
    }
  }
}
