/**
 * Worker thread of rar-archive.ts: runs node-unrar-js (the official UnRAR library compiled to
 * WebAssembly; wrapper MIT, UnRAR source under the UnRAR licence — extraction only) off the API
 * thread. `list` answers the headers; `extract` writes ONE entry to `outFile`, whatever its stored
 * name (the name never becomes a path).
 */
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { createExtractorFromFile } from 'node-unrar-js';

/** Work order of the worker. */
export type RarJob =
  | { op: 'list'; file: string; limit: number }
  | { op: 'extract'; file: string; name: string; outFile: string };

async function run(job: RarJob): Promise<unknown> {
  if (job.op === 'list') {
    const ex = await createExtractorFromFile({ filepath: job.file });
    const headers = [];
    let total = 0;
    for (const h of ex.getFileList().fileHeaders) {
      if (total < job.limit)
        headers.push({
          name: h.name,
          isFolder: h.flags.directory,
          encrypted: h.flags.encrypted,
          size: h.unpSize,
          compressedSize: h.packSize,
          time: h.time,
        });
      total += 1;
    }
    return { headers, total };
  }
  const ex = await createExtractorFromFile({
    filepath: job.file,
    targetPath: path.dirname(job.outFile),
    filenameTransform: () => path.basename(job.outFile),
  });
  const { files } = ex.extract({ files: (h) => h.name === job.name && !h.flags.directory });
  let n = 0;
  for (const f of files) if (f.fileHeader.name === job.name) n += 1;
  return { extracted: n };
}

run(workerData as RarJob).then(
  (result) => parentPort?.postMessage({ ok: true, result }),
  (err: unknown) =>
    parentPort?.postMessage({ ok: false, error: err instanceof Error ? err.message : String(err) }),
);
