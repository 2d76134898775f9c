/**
 * Folder-zip benchmark (issue 5 "A benchmark: zip download of a 2 GB folder (MB/s and peak RSS of the
 * server)"). Starts the product, builds a folder of `BENCH_ZIP_GB` GiB (default 2) in 我的文件 —
 * large files made by repeating a real video of ../shared/testdata (stored in the zip) in two
 * subfolders, plus real IFC files (deflated) in a third — then downloads it through
 * `GET /api/home/CompressFileFolder` and prints MB/s and the server's memory: its peak RSS (VmHWM of
 * /proc/<pid>/status, reset just before the download through /proc/<pid>/clear_refs when allowed)
 * and the highest VmRSS sampled every 100 ms during the download; then, as the baseline, the same large
 * files downloaded as plain files through signed GetossFile URLs. It also checks the archive's end
 * (entry count; the ZIP64 end record when the archive passes 4 GiB). Not a timed test: it prints.
 * Run: `node bench/folder-zip.ts` (env BENCH_ZIP_GB=4.5 to cross the ZIP64 threshold,
 * BENCH_ZIP_FILE_MB=256 for the size of each large file).
 */
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO, startServer, TESTDATA } from '../e2e/lib/server.ts';
import { WORK } from './lib/large-ifc.ts';
import { createFolder, signIn, uploadFile, waitForConversion } from './lib/product.ts';

const GIB = 1024 ** 3;
const MIB = 1024 ** 2;
const totalBytes = Math.round(Number(process.env.BENCH_ZIP_GB ?? '2') * GIB);
const fileBytes = Number(process.env.BENCH_ZIP_FILE_MB ?? '256') * MIB;

/** A local file of `size` bytes made of a real video repeated (written once into bench/.work). */
async function repeatedFile(size: number): Promise<string> {
  const out = path.join(WORK, `zip-bench-${size}.mp4`);
  if ((await stat(out).catch(() => null))?.size === size) return out;
  await mkdir(WORK, { recursive: true });
  const seed = await readFile(path.join(TESTDATA, 'video/perf_1080p_30s.mp4'));
  const ws = createWriteStream(out);
  let written = 0;
  while (written < size) {
    const chunk = seed.subarray(0, Math.min(seed.length, size - written));
    if (!ws.write(chunk)) await new Promise<void>((r) => ws.once('drain', () => r()));
    written += chunk.length;
  }
  await new Promise<void>((resolve, reject) =>
    ws.end((err?: Error | null) => (err ? reject(err) : resolve())),
  );
  return out;
}

/** Memory figures of a process in MiB (VmRSS now, VmHWM peak). */
async function memoryOf(pid: number): Promise<{ rss: number; hwm: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kib('VmRSS') / 1024, hwm: kib('VmHWM') / 1024 };
}

const server = await startServer({ PERSONAL_QUOTA_BYTES: String(totalBytes * 2 + 10 * GIB) });
try {
  const token = await signIn(server.url, DEMO.phone, DEMO.password);
  const top = await createFolder(server.url, token, '', '基准测试文件夹');
  const subA = await createFolder(server.url, token, top, '视频A');
  const subB = await createFolder(server.url, token, subA, '视频B');
  const models = await createFolder(server.url, token, top, '模型');
  await createFolder(server.url, token, top, '空文件夹');

  const ifcs = ['AC20-FZK-Haus.ifc', 'Duplex_Electrical_20121207.ifc', 'test.ifc'];
  let built = 0;
  const ifcIds: string[] = [];
  for (const name of ifcs) {
    const p = path.join(TESTDATA, 'ifc', name);
    ifcIds.push(await uploadFile(server.url, token, p, { folderId: models }));
    built += (await stat(p)).size;
  }
  const big = await repeatedFile(fileBytes);
  const t0 = performance.now();
  const bigIds: string[] = [];
  let n = 0;
  while (built < totalBytes) {
    const size = Math.min(fileBytes, totalBytes - built);
    const file = size === fileBytes ? big : await repeatedFile(size);
    bigIds.push(
      await uploadFile(server.url, token, file, { folderId: n % 2 ? subB : subA, name: `录像-${n + 1}.mp4` }),
    );
    built += size;
    n += 1;
  }
  const uploadS = (performance.now() - t0) / 1000;
  console.log(
    `folder built: ${(built / GIB).toFixed(2)} GiB in ${n + ifcs.length} files (upload ${uploadS.toFixed(1)} s)`,
  );

  // The IFCs' conversions settle first, so the download has the server to itself.
  for (const id of ifcIds) await waitForConversion(server.url, token, id);

  // Reset the server's peak RSS so VmHWM is the download's own peak (needs the right to write clear_refs).
  const reset = await writeFile(`/proc/${server.pid}/clear_refs`, '5')
    .then(() => true)
    .catch(() => false);
  const before = await memoryOf(server.pid);
  let sampled = before.rss;
  const sampler = setInterval(() => {
    void memoryOf(server.pid)
      .then((m) => (sampled = Math.max(sampled, m.rss)))
      .catch(() => undefined);
  }, 100);

  const start = performance.now();
  const res = await fetch(`${server.url}/api/home/CompressFileFolder?iuid=${top}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.status !== 200) throw new Error(`zip: HTTP ${res.status} ${await res.text()}`);
  let received = 0;
  let tail = Buffer.alloc(0);
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    received += chunk.length;
    tail = Buffer.concat([tail, chunk]);
    if (tail.length > 256 * 1024) tail = tail.subarray(tail.length - 128 * 1024);
  }
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  const after = await memoryOf(server.pid);

  // The archive's end: end-of-central-directory record (and ZIP64's when needed).
  const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const zip64 = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x06, 0x06])) >= 0;
  const entries = eocd >= 0 ? tail.readUInt16LE(eocd + 10) : -1;
  const entriesLabel = entries === 0xffff && zip64 ? 'in ZIP64 record' : String(entries);

  console.log(
    `zip: ${(received / GIB).toFixed(2)} GiB in ${seconds.toFixed(1)} s = ${(received / MIB / seconds).toFixed(0)} MB/s`,
  );
  console.log(
    `  Content-Length: ${res.headers.get('content-length') ?? '(chunked)'}; entries ${entriesLabel}; ZIP64 ${zip64 ? 'yes' : 'no'}${received > 4 * GIB ? ' (needed)' : ''}`,
  );
  console.log(
    `server memory: RSS before ${before.rss.toFixed(0)} MiB, highest sampled during the download ${sampled.toFixed(0)} MiB, ` +
      `peak (VmHWM${reset ? ', reset before the download' : ', since start'}) ${after.hwm.toFixed(0)} MiB`,
  );
  // Baseline: the large files downloaded one by one as plain files (signed GetossFile URLs), i.e. the
  // same bytes through the product's ordinary download path on this machine, now.
  const b0 = performance.now();
  let plain = 0;
  for (const id of bigIds) {
    const signed = await fetch(`${server.url}/api/Home/GetossFile?IUID=${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const res = await fetch(`${server.url}${((await signed.json()) as { data: string }).data}`);
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) plain += chunk.length;
  }
  const plainMBs = plain / MIB / ((performance.now() - b0) / 1000);
  console.log(
    `baseline: the same files as plain downloads ${plainMBs.toFixed(0)} MB/s (zip/plain ${(received / MIB / seconds / plainMBs).toFixed(2)})`,
  );
  if (received > 4 * GIB && !zip64) throw new Error('an archive over 4 GiB without a ZIP64 end record');
} finally {
  await server.stop();
  await rm(path.join(WORK, `zip-bench-${fileBytes}.mp4`), { force: true });
}
