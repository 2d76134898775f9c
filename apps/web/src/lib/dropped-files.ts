/**
 * Files of a drag-and-drop (issue 5 "several files and folders at once"): dropped folders are walked
 * (`webkitGetAsEntry`) and each file gets `relativePath` (`图纸/一层/a.ifc`, the dropped folder's name
 * first) so the upload queue can create the same folders in 我的文件. Plain dropped files keep no path.
 */

/** A File with the path inside a dropped folder. */
export type DroppedFile = File & { relativePath?: string };

const fileOf = (entry: FileSystemFileEntry) =>
  new Promise<File>((resolve, reject) => entry.file(resolve, reject));

/** All entries of a directory (readEntries answers in batches until an empty one). */
async function entriesOf(dir: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = dir.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

async function walk(entry: FileSystemEntry, prefix: string, out: DroppedFile[]): Promise<void> {
  if (entry.isFile) {
    const file: DroppedFile = await fileOf(entry as FileSystemFileEntry);
    if (prefix) Object.defineProperty(file, 'relativePath', { value: `${prefix}${file.name}` });
    out.push(file);
  } else if (entry.isDirectory) {
    for (const child of await entriesOf(entry as FileSystemDirectoryEntry))
      await walk(child, `${prefix}${entry.name}/`, out);
  }
}

/** The files of a drop, folders walked; files the browser cannot read are skipped. */
export async function droppedFiles(data: DataTransfer): Promise<DroppedFile[]> {
  const entries = Array.from(data.items)
    .filter((i) => i.kind === 'file')
    .map((i) => i.webkitGetAsEntry?.() ?? null);
  if (entries.length === 0 || entries.some((e) => e === null)) return Array.from(data.files);
  const out: DroppedFile[] = [];
  for (const e of entries) await walk(e!, '', out).catch(() => undefined);
  return out;
}
