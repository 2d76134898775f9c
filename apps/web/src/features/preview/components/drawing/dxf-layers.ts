/**
 * Layers switched off in a drawing (issue 13 "layer list with on/off"): an ASCII DXF marks an off layer
 * by a negative colour number (group 62) in its LAYER table entry. dxf-viewer draws every layer that
 * is not frozen, so the viewer reads the LAYER table from the start of the derived DXF and starts
 * those layers hidden, as CAD programs show them.
 */

/**
 * Names of the layers whose colour number is negative (switched off), read from the LAYER table of
 * an ASCII DXF's text (the whole file or its beginning, CR LF or LF); [] when the table is not there.
 */
export function offLayers(text: string): string[] {
  const lines = text.split(/\r?\n/);
  const off: string[] = [];
  let inLayerTable = false;
  let entry: { name: string | null; color: number | null } | null = null;
  const flush = () => {
    if (entry?.name !== null && entry?.name !== undefined && entry.color !== null && entry.color < 0)
      off.push(entry.name);
    entry = null;
  };
  for (let i = 0; i + 1 < lines.length; i += 2) {
    const code = lines[i]!.trim();
    const value = lines[i + 1]!.trim();
    if (code === '0') {
      flush();
      if (value === 'TABLE') {
        const next = lines[i + 2]?.trim() === '2' ? lines[i + 3]?.trim() : undefined;
        inLayerTable = next === 'LAYER';
      } else if (value === 'ENDTAB') {
        if (inLayerTable) return off;
      } else if (inLayerTable && value === 'LAYER') entry = { name: null, color: null };
      else if (value === 'ENTITIES' || value === 'EOF') return off;
    } else if (entry && code === '2' && entry.name === null) entry.name = value;
    else if (entry && code === '62') entry.color = Number(value);
    else if (code === '2' && value === 'ENTITIES') return off;
  }
  flush();
  return off;
}

/** Bytes read from the start of a DXF for its tables (HEADER, CLASSES and TABLES come first). */
export const TABLES_HEAD_BYTES = 1 << 20;

/**
 * The off layers of the DXF at `url`, from its first TABLES_HEAD_BYTES (an HTTP Range request);
 * [] when it cannot be read.
 */
export async function fetchOffLayers(url: string): Promise<string[]> {
  try {
    const res = await fetch(url, { headers: { range: `bytes=0-${TABLES_HEAD_BYTES - 1}` } });
    if (!res.ok) return [];
    return offLayers(await res.text());
  } catch {
    return [];
  }
}
