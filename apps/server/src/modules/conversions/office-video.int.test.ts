/**
 * Office documents and videos through the real pipeline (issue 14): upload → conversion job → the
 * preview's PDF rendition (LibreOffice) or MP4 rendition / poster (ffmpeg), served through the
 * signed-file and GetVideoFile routes with Range; password-protected documents and corrupt videos
 * fail with their reasons; another user reaches none of it by changing ids.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, type BridgeOfficeLinkValue, type PreviewInfoValue } from '@bimdrive/contracts';
import {
  call,
  TESTDATA,
  testDbKind,
  tusCreateVersion,
  tusPatch,
  uploadBytes,
  uploadTestFile,
  waitForStatus,
} from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';
import { makeChineseDocx, makeEncrypted, makeVideo } from '../../test/document-fixtures.ts';
import { files, fileVersions } from '../../db/schema/files.ts';
import { queueMissingRenditions } from './conversion.worker.ts';
import { officePool } from '../../converters/office/office-pool.ts';

const run = promisify(execFile);

describe(`office and video conversions (${testDbKind})`, () => {
  const [t, u, other] = useTestApp({ users: ['测试用户', '别人'] });
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bimdrive-office-test-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const preview = async (iuid: string, token = u.token) =>
    (await call<PreviewInfoValue>(t, 'GET', Api.preview, { token, query: { IUID: iuid } })).body;

  /** Download a URL of the preview into the scratch folder; answers the local path. */
  async function save(url: string, name: string): Promise<string> {
    const res = await fetch(`${t.baseUrl}${url}`);
    expect(res.status).toBe(200);
    const file = path.join(dir, name);
    await writeFile(file, new Uint8Array(await res.arrayBuffer()));
    return file;
  }

  const pdfText = async (file: string) => (await run('pdftotext', ['-layout', file, '-'])).stdout;
  const pdfPages = async (file: string) =>
    Number(/^Pages:\s+(\d+)/m.exec((await run('pdfinfo', [file])).stdout)?.[1]);

  it('renders Word, Excel and PowerPoint files of the test data as PDF renditions', async () => {
    const cases = [
      { rel: 'office/BIM_Execution_Plan.docx', word: 'BIM' },
      { rel: 'office/COBie_style_Duplex.xlsx', word: 'Duplex' },
      { rel: 'office/ph-populated-placeholders.pptx', word: '' },
    ];
    for (const c of cases) {
      const iuid = await uploadTestFile(t, u.token, c.rel);
      const row = await waitForStatus(t, u.token, iuid);
      expect(row.statusMsg, c.rel).toBe('');
      expect(row.statusType, c.rel).toBe(3);
      const info = await preview(iuid);
      expect(info.data.previewKind).toBe('office');
      expect(info.data.viewUrl).toMatch(/^\/api\/files\/signed\?t=/);
      const res = await fetch(`${t.baseUrl}${info.data.viewUrl}`, { method: 'HEAD' });
      expect(res.headers.get('content-type')).toBe('application/pdf');
      const pdf = await save(info.data.viewUrl!, `${path.basename(c.rel)}.pdf`);
      expect(await pdfPages(pdf)).toBeGreaterThan(0);
      if (c.word) expect(await pdfText(pdf)).toContain(c.word);
    }
  });

  it('prints every sheet of a workbook one page wide', async () => {
    const iuid = await uploadTestFile(t, u.token, 'office/COBie_style_Duplex.xlsx');
    await waitForStatus(t, u.token, iuid);
    const pdf = await save((await preview(iuid)).data.viewUrl!, 'cobie.pdf');
    // The Facility sheet's header row stays on one line: its last column (AreaUnits) is not pushed to
    // a page of its own, as a plain LibreOffice export of this workbook does.
    const lines = (await pdfText(pdf)).split('\n');
    expect(lines.some((l) => l.includes('SiteName') && l.includes('AreaUnits'))).toBe(true);
    const bare = path.join(dir, 'bare');
    await run(
      'soffice',
      [
        '--headless',
        '--convert-to',
        'pdf',
        '--outdir',
        bare,
        path.join(TESTDATA, 'office/COBie_style_Duplex.xlsx'),
      ],
      {
        env: { ...process.env, HOME: dir },
        timeout: 120_000,
      },
    );
    expect(await pdfPages(pdf)).toBeLessThan(await pdfPages(path.join(bare, 'COBie_style_Duplex.pdf')));
  });

  it('shows Chinese text with real glyphs (a docx and a UTF-8 CSV the test makes)', async () => {
    const docx = await makeChineseDocx(['施工组织设计', '本工程位于滨江一号地块，钢筋混凝土框架结构。']);
    const iuid = await uploadBytes(t, u.token, '施工组织设计.docx', docx);
    expect((await waitForStatus(t, u.token, iuid)).statusType).toBe(3);
    const pdf = await save((await preview(iuid)).data.viewUrl!, 'cn.pdf');
    const text = await pdfText(pdf);
    expect(text).toContain('施工组织设计');
    expect(text).toContain('钢筋混凝土');
    // The glyphs come from an embedded CJK font, not a fallback box font.
    expect((await run('pdffonts', [pdf])).stdout).toMatch(/CJK|Noto|WenQuanYi|Droid|SimSun/i);

    const csv = Buffer.from('构件,数量,单位\n钢梁,12,根\n楼板,3,块\n', 'utf8');
    const csvId = await uploadBytes(t, u.token, '构件清单.csv', csv);
    expect((await waitForStatus(t, u.token, csvId)).statusType).toBe(3);
    const csvPdf = await save((await preview(csvId)).data.viewUrl!, 'csv.pdf');
    expect(await pdfText(csvPdf)).toMatch(/钢梁\s+12\s+根/);
  });

  it('fails password-protected documents with 文档已加密 and keeps them downloadable', async () => {
    const odt = await makeEncrypted(path.join(TESTDATA, 'office/having-images.docx'), 'writer8', 'odt');
    const doc = await makeEncrypted(path.join(TESTDATA, 'office/having-images.docx'), 'MS Word 97', 'doc');
    const xls = await makeEncrypted(
      path.join(TESTDATA, 'office/COBie_style_Duplex.xlsx'),
      'MS Excel 97',
      'xls',
    );
    for (const [name, bytes] of [
      ['加密.odt', odt],
      ['加密.doc', doc],
      ['加密.xls', xls],
    ] as const) {
      const iuid = await uploadBytes(t, u.token, name, bytes);
      const row = await waitForStatus(t, u.token, iuid);
      expect(row.statusType, name).toBe(4);
      expect(row.statusMsg, name).toContain('文档已加密');
      const info = await preview(iuid);
      expect(info.data.viewUrl).toBeNull();
      const original = await fetch(`${t.baseUrl}${info.data.originalUrl}`);
      expect(new Uint8Array(await original.arrayBuffer())).toEqual(new Uint8Array(bytes));
    }
  });

  it('replaces an office process that runs over its time limit, and the next document converts', async () => {
    const input = path.join(TESTDATA, 'office/BIM_Execution_Plan.docx');
    const slow = await officePool().convert({
      input,
      output: path.join(dir, 'slow.pdf'),
      timeoutMs: 30,
      memoryMb: 3072,
    });
    expect(slow).toEqual({ ok: false, error: 'timeout' });
    const next = await officePool().convert({
      input,
      output: path.join(dir, 'next.pdf'),
      timeoutMs: 120_000,
      memoryMb: 3072,
    });
    expect(next).toEqual({ ok: true });
    expect(await pdfText(path.join(dir, 'next.pdf'))).toContain('BIM');
  });

  it('replaces an office process that crashed between documents', async () => {
    const input = path.join(TESTDATA, 'office/having-images.docx');
    const job = (name: string) => ({
      input,
      output: path.join(dir, name),
      timeoutMs: 120_000,
      memoryMb: 3072,
    });
    expect(await officePool().convert(job('a.pdf'))).toEqual({ ok: true });
    const [pid] = officePool().processIds();
    expect(pid).toBeGreaterThan(0);
    process.kill(-pid!, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 500));
    expect(await officePool().convert(job('b.pdf'))).toEqual({ ok: true });
    expect(officePool().processIds()[0]).not.toBe(pid);
  });

  it('fails a file that is not what its suffix says, without touching other files', async () => {
    const iuid = await uploadBytes(
      t,
      u.token,
      '假文档.docx',
      new TextEncoder().encode('这不是一个 Word 文档'),
    );
    const row = await waitForStatus(t, u.token, iuid);
    expect(row.statusType).toBe(4);
    expect(row.statusMsg).toContain('不是有效的 .docx');
  });

  it('transcodes AVI, WMV, MKV and an HEVC MP4 to H.264/AAC MP4 with the moov atom first, and a poster', async () => {
    const avi = path.join(TESTDATA, 'video/drone_survey.avi');
    const made: [string, Uint8Array][] = [
      ['drone_survey.avi', new Uint8Array(await readFile(avi))],
      ['drone.wmv', await makeVideo(avi, 'wmv', ['-c:v', 'wmv2', '-c:a', 'wmav2'])],
      [
        'drone.mkv',
        await makeVideo(avi, 'mkv', ['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'libopus']),
      ],
      // An MP4 browsers cannot decode (HEVC) is transcoded too.
      [
        'drone-hevc.mp4',
        await makeVideo(avi, 'mp4', ['-c:v', 'libx265', '-preset', 'ultrafast', '-c:a', 'aac']),
      ],
    ];
    for (const [name, bytes] of made) {
      const iuid = await uploadBytes(t, u.token, name, bytes);
      const row = await waitForStatus(t, u.token, iuid);
      expect(row.statusMsg, name).toBe('');
      expect(row.statusType, name).toBe(3);
      const info = (await preview(iuid)).data;
      expect(info.previewKind).toBe('video');
      expect(info.viewUrl).toMatch(/^\/api\/home\/GetVideoFile\?fileUrl=/);
      const mp4 = await save(info.viewUrl!, `${name}.mp4`);
      const probe = JSON.parse(
        (await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', mp4])).stdout,
      ) as { streams: { codec_type: string; codec_name: string; width?: number }[] };
      expect(probe.streams.find((s) => s.codec_type === 'video')?.codec_name).toBe('h264');
      expect(probe.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
      expect(probe.streams.find((s) => s.codec_type === 'video')?.width).toBe(640);
      const head = Buffer.from(await readFile(mp4));
      expect(head.indexOf('moov')).toBeGreaterThan(0);
      expect(head.indexOf('moov')).toBeLessThan(head.indexOf('mdat'));
      expect(info.posterUrl).toBeTruthy();
      const poster = await fetch(`${t.baseUrl}${info.posterUrl}`);
      expect(poster.headers.get('content-type')).toBe('image/jpeg');
      const jpeg = new Uint8Array(await poster.arrayBuffer());
      expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
    }
  });

  it('plays a browser-ready MP4 as it is, with Range for seeking, and gives it a poster', async () => {
    const iuid = await uploadTestFile(t, u.token, 'video/site_walkthrough.mp4');
    const row = await waitForStatus(t, u.token, iuid);
    expect(row.statusType).toBe(3);
    const info = (await preview(iuid)).data;
    expect(info.viewUrl).toMatch(/GetVideoFile/);
    const part = await fetch(`${t.baseUrl}${info.viewUrl}`, { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 1000-1999/1326828');
    const original = Buffer.from(await readFile(path.join(TESTDATA, 'video/site_walkthrough.mp4')));
    expect(Buffer.from(await part.arrayBuffer())).toEqual(original.subarray(1000, 2000));
    expect(info.posterUrl).toBeTruthy();
  });

  it('fails a corrupt video with a reason', async () => {
    const bytes = new Uint8Array(await readFile(path.join(TESTDATA, 'video/drone_survey.avi'))).slice(
      0,
      4096,
    );
    bytes.fill(0x5a, 0, 64); // no container header any more
    const iuid = await uploadBytes(t, u.token, '损坏.mov', bytes);
    const row = await waitForStatus(t, u.token, iuid);
    expect(row.statusType).toBe(4);
    expect(row.statusMsg).toMatch(/^视频文件/);
    expect((await preview(iuid)).data.viewUrl).toBeNull();
  });

  it('queues renditions for office files and videos kept before renditions existed', async () => {
    const iuid = await uploadTestFile(t, u.token, 'office/chart-sheet.xlsx');
    await waitForStatus(t, u.token, iuid);
    // As an older installation left it: status 0, nothing derived.
    await t.built.ctx.db
      .update(files)
      .set({ statusType: 0, derivedKind: null, derivedKey: null })
      .where(eq(files.id, iuid));
    expect((await preview(iuid)).data.viewUrl).toBeNull();
    expect(await queueMissingRenditions(t.built.ctx)).toBe(1);
    expect(await queueMissingRenditions(t.built.ctx)).toBe(0); // claimed once
    expect((await waitForStatus(t, u.token, iuid)).statusType).toBe(3);
    expect((await preview(iuid)).data.viewUrl).toBeTruthy();
  });

  it('queues them for older versions too, each converted in its own version', async () => {
    const iuid = await uploadTestFile(t, u.token, 'office/chart-sheet.xlsx');
    await waitForStatus(t, u.token, iuid);
    const bytes = new Uint8Array(await readFile(path.join(TESTDATA, 'office/COBie_style_Duplex.xlsx')));
    const created = await tusCreateVersion(t, u.token, bytes.length, {
      filename: 'chart-sheet.xlsx',
      versionOf: iuid,
    });
    expect(created.status).toBe(201);
    expect((await tusPatch(t, u.token, created.headers.get('location')!, 0, bytes)).status).toBe(204);
    await waitForStatus(t, u.token, iuid);
    // Version 1 as an older installation left it.
    await t.built.ctx.db
      .update(fileVersions)
      .set({ statusType: 0, derivedKind: null, derivedKey: null })
      .where(and(eq(fileVersions.fileId, iuid), eq(fileVersions.number, 1)));
    const v1 = async () =>
      (
        await call<PreviewInfoValue>(t, 'GET', Api.preview, {
          token: u.token,
          query: { IUID: iuid, version: '1' },
        })
      ).body.data;
    expect((await v1()).viewUrl).toBeNull();
    expect(await queueMissingRenditions(t.built.ctx)).toBe(1); // version 1 only; version 2 is converted
    for (let i = 0; i < 200 && (await v1()).statusType !== 3; i++)
      await new Promise((r) => setTimeout(r, 300));
    const pdf = await save((await v1()).viewUrl!, 'v1.pdf');
    expect(await pdfText(pdf)).not.toContain('Duplex'); // the chart sheet, not version 2's workbook
  });

  it('shows a presentation over the size threshold as page pictures (GetUploadPictureFile)', async () => {
    process.env.PRESENTATION_IMAGE_MB = '0.1'; // 100 KB instead of 100 MB for the test
    try {
      const iuid = await uploadTestFile(t, u.token, 'office/ph-populated-placeholders.pptx');
      await waitForStatus(t, u.token, iuid);
      const info = (await preview(iuid)).data;
      expect(info.viewUrl).toBeNull();
      expect(info.pageCount).toBe(9);
      expect(info.pageImageUrl).toMatch(/^\/api\/home\/GetUploadPictureFile\?t=/);
      const page = await fetch(`${t.baseUrl}${info.pageImageUrl}&page=2`);
      expect(page.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(await page.arrayBuffer())).metadata();
      expect(meta.width).toBe(1600);
      expect(meta.height).toBeGreaterThan(800);
      expect((await fetch(`${t.baseUrl}${info.pageImageUrl}&page=10`)).status).toBe(400);
      // A small document of another kind keeps the PDF viewer.
      const docx = await uploadTestFile(t, u.token, 'office/having-images.docx');
      await waitForStatus(t, u.token, docx);
      expect((await preview(docx)).data.pageImageUrl).toBeNull();
    } finally {
      delete process.env.PRESENTATION_IMAGE_MB;
    }
  });

  it('opens a document from a signed /bridgeOffice link without a session, browse only', async () => {
    const iuid = await uploadTestFile(t, u.token, 'office/BIM_Execution_Plan.docx');
    await waitForStatus(t, u.token, iuid);
    const made = await call<BridgeOfficeLinkValue>(t, 'POST', Api.bridgeOfficeLink, {
      token: u.token,
      body: { IUID: iuid, hours: 1 },
    });
    expect(made.body.code).toBe(1);
    const link = new URL(made.body.data.url);
    expect(link.pathname).toBe('/bridgeOffice');
    const tok = link.searchParams.get('t')!;
    const open = await call<PreviewInfoValue>(t, 'GET', Api.bridgeOfficePreview, { query: { t: tok } });
    expect(open.body.data.previewKind).toBe('office');
    expect(open.body.data.originalUrl).toBeNull();
    expect(open.body.data.canDownload).toBe(false);
    expect((await fetch(`${t.baseUrl}${open.body.data.viewUrl}`)).headers.get('content-type')).toBe(
      'application/pdf',
    );
    // The bridge token is no file ticket, and a forged one opens nothing.
    expect((await fetch(`${t.baseUrl}${Api.signedFile}?t=${encodeURIComponent(tok)}`)).status).toBe(404);
    expect((await call(t, 'GET', Api.bridgeOfficePreview, { query: { t: `${tok}x` } })).status).toBe(403);
    // Another user cannot make a link to this file, and a video gets none.
    const theirs = await call(t, 'POST', Api.bridgeOfficeLink, { token: other.token, body: { IUID: iuid } });
    expect(theirs.status).toBe(404);
    const video = await uploadTestFile(t, u.token, 'video/site_walkthrough.mp4');
    expect(
      (await call(t, 'POST', Api.bridgeOfficeLink, { token: u.token, body: { IUID: video } })).status,
    ).toBe(400);
  });

  it('answers /api/wps/genarate with 功能暂停 unless an external viewer is configured', async () => {
    const iuid = await uploadTestFile(t, u.token, 'office/having-images.docx');
    const paused = await call(t, 'POST', Api.wpsGenerate, { token: u.token, body: { fileId: iuid } });
    expect(paused.status).toBe(501);
    expect(paused.body.msg).toBe('功能暂停，服务端未支持');
    t.built.ctx.config.wpsViewerUrl = 'https://wps.example.com/view?src={url}';
    try {
      const r = await call<{ wpsUrl: string }>(t, 'POST', Api.wpsGenerate, {
        token: u.token,
        body: { fileId: iuid },
      });
      const src = new URL(r.body.data.wpsUrl).searchParams.get('src')!;
      expect(src.startsWith(`${t.baseUrl}${Api.signedFile}?t=`)).toBe(true);
      const bytes = new Uint8Array(await (await fetch(src)).arrayBuffer());
      expect(bytes).toEqual(new Uint8Array(await readFile(path.join(TESTDATA, 'office/having-images.docx'))));
      const theirs = await call(t, 'POST', Api.wpsGenerate, { token: other.token, body: { fileId: iuid } });
      expect(theirs.status).toBe(404);
    } finally {
      t.built.ctx.config.wpsViewerUrl = null;
    }
  });

  it('gives another user nothing of these files by their ids, and refuses forged video tickets', async () => {
    const iuid = await uploadTestFile(t, u.token, 'office/having-images.docx');
    await waitForStatus(t, u.token, iuid);
    const theirs = await call(t, 'GET', Api.preview, { token: other.token, query: { IUID: iuid } });
    expect(theirs.status).toBe(404);
    const forged = await fetch(`${t.baseUrl}${Api.videoFile}?fileUrl=${encodeURIComponent('not-a-ticket')}`);
    expect(forged.status).toBe(403);
  });
});
