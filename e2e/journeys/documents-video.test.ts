/**
 * Office documents and videos in a real browser (issue 14): the owner uploads every office type
 * (Word, Excel, PowerPoint from ../shared/testdata; doc/xls/ppt, WPS wps/et/dps, OpenDocument, RTF
 * saved again from them by LibreOffice; a Chinese docx and a CSV the test makes) and every video type
 * (AVI and MP4 from the test data; WMV, MKV, MOV, WebM, FLV re-encoded from them by ffmpeg), watches
 * them reach 转换完成 live, and opens each: office files show their PDF rendition in the pdf.js viewer
 * (a page is drawn, not blank; the Chinese docx's words are in the text layer), videos play
 * (currentTime advances, videoWidth > 0). A password-protected document shows 转换失败 with
 * 文档已加密 and a download button. Then a phone visitor (390×844) opens a share link of the Chinese
 * docx and one of the AVI with their extraction codes. Screenshots: e2e/artifacts/documents-video/.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { waitForInk, shot } from '../lib/browser.ts';
import { journey, journeyPage, scratchFolder } from '../lib/journey.ts';
import { closePreview, hideTransfers, openFailedPreview, openPreview } from '../lib/preview.ts';
import { DEMO, TESTDATA } from '../lib/server.ts';
import { closeShareDialog, shareBrowseOnly, visitOnPhone } from '../lib/share.ts';
import { openMyFiles, signInWithPassword } from '../lib/sign-in.ts';
import { makeChineseDocx, makeVideo, makeZip, saveAs } from '../../apps/server/src/test/document-fixtures.ts';

const J = 'documents-video';
const CN_DOCX = '施工组织设计.docx';
const CN_WORDS = ['施工组织设计', '钢筋混凝土'];
const ENCRYPTED = '加密文档.docx.odt';
const AVI = 'drone_survey.avi';
const LOG_WORD = '混凝土浇筑';
/** A site log in Chinese, written to disk as GBK (glibc iconv) by the second journey. */
const LOG = `2026-11-25 晴\n${LOG_WORD}：三层楼板，完成 86 立方米。\n`;

let work: string;
/** Files to upload: name → absolute path. */
const office: string[] = [];
const videos: string[] = [];

const scratch = scratchFolder('bimdrive-docs-');
const j = journey(async () => {
  work = await scratch.make();
  const put = async (name: string, bytes: Uint8Array) => {
    await writeFile(path.join(work, name), bytes);
    return path.join(work, name);
  };
  const docx = path.join(TESTDATA, 'office/BIM_Execution_Plan.docx');
  const xlsx = path.join(TESTDATA, 'office/chart-sheet.xlsx');
  const pptx = path.join(TESTDATA, 'office/ph-populated-placeholders.pptx');
  const saved = await saveAs([
    { source: docx, filter: 'MS Word 97', suffix: 'doc' },
    { source: xlsx, filter: 'MS Excel 97', suffix: 'xls' },
    { source: pptx, filter: 'MS PowerPoint 97', suffix: 'ppt' },
    { source: docx, filter: 'writer8', suffix: 'odt' },
    { source: xlsx, filter: 'calc8', suffix: 'ods' },
    { source: pptx, filter: 'impress8', suffix: 'odp' },
    { source: docx, filter: 'Rich Text Format', suffix: 'rtf' },
    { source: docx, filter: 'writer8', suffix: 'odt', password: 'bimdrive' },
  ]);
  const [doc, xls, ppt, odt, ods, odp, rtf, encrypted] = saved as [
    Buffer,
    Buffer,
    Buffer,
    Buffer,
    Buffer,
    Buffer,
    Buffer,
    Buffer,
  ];
  office.push(
    docx,
    xlsx,
    pptx,
    await put(
      CN_DOCX,
      await makeChineseDocx([CN_WORDS[0]!, `本工程位于滨江一号地块，${CN_WORDS[1]}框架结构。`]),
    ),
    await put('构件清单.csv', new TextEncoder().encode('构件,数量,单位\n钢梁,12,根\n楼板,3,块\n')),
    await put('执行计划.doc', doc),
    await put('图表.xls', xls),
    await put('演示.ppt', ppt),
    await put('执行计划.wps', doc), // WPS 文字 writes Word 97 binaries under .wps
    await put('图表.et', xls),
    await put('演示.dps', ppt),
    await put('执行计划.odt', odt),
    await put('图表.ods', ods),
    await put('演示.odp', odp),
    await put('执行计划.rtf', rtf),
    await put(ENCRYPTED, encrypted),
  );
  const avi = path.join(TESTDATA, 'video', AVI);
  videos.push(
    avi,
    path.join(TESTDATA, 'video/site_walkthrough.mp4'),
    await put('drone.wmv', await makeVideo(avi, 'wmv', ['-c:v', 'wmv2', '-c:a', 'wmav2'])),
    await put('drone.mkv', await makeVideo(avi, 'mkv', ['-c:v', 'libx264', '-preset', 'ultrafast'])),
    await put('drone.mov', await makeVideo(avi, 'mov', ['-c:v', 'mpeg4', '-c:a', 'aac'])),
    await put(
      'drone.webm',
      await makeVideo(avi, 'webm', [
        '-c:v',
        'libvpx-vp9',
        '-deadline',
        'realtime',
        '-cpu-used',
        '8',
        '-c:a',
        'libopus',
      ]),
    ),
    await put('drone.flv', await makeVideo(avi, 'flv', ['-c:v', 'flv1', '-c:a', 'mp3'])),
  );
  return {}; // the server as it comes: nothing above configures it
});

/** Wait until the first PDF page is drawn; answers the share of inked pixels on it (0..1). */
async function pdfPageDrawn(page: Page): Promise<number> {
  const canvas = '[data-testid="pdf-page"][data-page="1"] canvas';
  return waitForInk(page, {
    ready: canvas,
    canvas,
    above: 0.002,
    readyTimeout: 30_000,
    message: 'the first PDF page is drawn',
  });
}

/** Wait until the preview's video plays: currentTime advances and it has a picture. */
async function videoPlays(page: Page): Promise<{ width: number; time: number }> {
  const video = page.locator('[data-testid="video-preview"]');
  await video.waitFor({ timeout: 30_000 });
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play().catch(() => undefined);
  });
  await page.waitForFunction(
    () => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="video-preview"]');
      return !!v && v.currentTime > 0.5 && v.videoWidth > 0;
    },
    undefined,
    { timeout: 30_000 },
  );
  return video.evaluate((v: HTMLVideoElement) => ({ width: v.videoWidth, time: v.currentTime }));
}

/** Share a row browse-only with a code and open the link in a fresh phone context (390×844). */
async function visitShare(page: Page, name: string) {
  const { link, pwd } = await shareBrowseOnly(page, name);
  await closeShareDialog(page);
  const { ctx: phone, page: visitor } = await visitOnPhone(j.browser, link, pwd);
  return { phone, visitor };
}

/** Horizontal overflow of a page in CSS pixels (≤ 0: nothing to scroll sideways). */
const overflowOf = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('every office and video type converts and opens; shares open on a phone', async () => {
  const { ctx, page } = await journeyPage(j.browser, { viewport: { width: 1440, height: 900 } });
  await openMyFiles(page, j.server.url, DEMO, '?rows=50');
  await page.setInputFiles('[data-testid="upload-input"]', [...office, ...videos]);

  const names = [...office, ...videos].map((f) => path.basename(f));
  for (const name of names) {
    const want = name === ENCRYPTED ? '转换失败' : '转换完成';
    await page
      .locator(`[data-testid="status-${name}"]`)
      .filter({ hasText: want })
      .waitFor({ timeout: 240_000 });
  }
  await hideTransfers(page);
  await shot(page, J, '01-converted');

  for (const file of office) {
    const name = path.basename(file);
    if (name === ENCRYPTED) continue;
    await openPreview(page, name);
    const coverage = await pdfPageDrawn(page);
    assert.ok(coverage > 0.002, `${name}: page 1 is drawn (${(coverage * 100).toFixed(2)}% ink)`);
    if (name === CN_DOCX) {
      const layer = page.locator('[data-testid="pdf-page"][data-page="1"] [data-testid="pdf-text-layer"]');
      await layer.filter({ hasText: CN_WORDS[0]! }).waitFor({ timeout: 15_000 });
      const text = (await layer.innerText()).replace(/\s+/g, '');
      for (const w of CN_WORDS) assert.ok(text.includes(w), `${w} in the text layer: ${text}`);
      await shot(page, J, '02-chinese-docx');
    }
    if (name === 'ph-populated-placeholders.pptx') await shot(page, J, '03-pptx');
    if (name === '图表.xls') await shot(page, J, '04-xls');
    await closePreview(page);
  }

  await openFailedPreview(page, ENCRYPTED, '文档已加密');
  await shot(page, J, '05-encrypted');
  await closePreview(page);

  for (const file of videos) {
    const name = path.basename(file);
    await openPreview(page, name);
    const played = await videoPlays(page);
    assert.ok(played.width > 0 && played.time > 0.5, `${name} plays: ${JSON.stringify(played)}`);
    if (name === AVI) await shot(page, J, '06-avi-playing');
    await closePreview(page);
  }

  // Share the Chinese docx and the AVI browse-only; a phone visitor opens each with its code.
  for (const name of [CN_DOCX, AVI]) {
    const { phone, visitor } = await visitShare(page, name);
    if (name === CN_DOCX) {
      const coverage = await pdfPageDrawn(visitor);
      assert.ok(coverage > 0.002, `visitor sees the page (${(coverage * 100).toFixed(2)}% ink)`);
      const layer = visitor.locator('[data-testid="pdf-page"][data-page="1"] [data-testid="pdf-text-layer"]');
      await layer.filter({ hasText: CN_WORDS[0]! }).waitFor({ timeout: 15_000 });
      const overflow = await overflowOf(visitor);
      assert.ok(overflow <= 0, `no horizontal scrolling on a phone (${overflow}px)`);
      await shot(visitor, J, '07-visitor-docx');
    } else {
      const played = await videoPlays(visitor);
      assert.ok(played.width > 0, `visitor's video plays: ${JSON.stringify(played)}`);
      await shot(visitor, J, '08-visitor-avi');
    }
    assert.equal(
      await visitor.getByRole('button', { name: /下\s*载/ }).count(),
      0,
      'browse-only: no download',
    );
    await phone.close();
  }

  // A signed /bridgeOffice link (for the chat app) opens the document with no session at all.
  const bridge = await page.evaluate(async (name) => {
    const headers = { authorization: `Bearer ${localStorage.getItem('token')}` };
    const list = await (await fetch('/api/Home/MyDocumentList?rows=100', { headers })).json();
    const iuid = (list as { data: { list: { iuid: string; fileName: string }[] } }).data.list.find(
      (f) => f.fileName === name,
    )!.iuid;
    const r = await fetch('/api/Home/BridgeOfficeLink', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ IUID: iuid, hours: 1 }),
    });
    return ((await r.json()) as { data: { url: string } }).data.url;
  }, CN_DOCX);
  const chat = await j.browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    locale: 'zh-CN',
  });
  const reader = await chat.newPage();
  await reader.goto(bridge);
  await reader.locator('[data-testid="bridge-office"]').waitFor();
  const ink = await pdfPageDrawn(reader);
  assert.ok(ink > 0.002, `the bridge page shows the document (${(ink * 100).toFixed(2)}% ink)`);
  assert.match(reader.url(), /\/bridgeOffice\?t=/, 'no redirect to /login');
  await shot(reader, J, '09-bridge-office');
  await reader.goto(`${bridge}x`);
  await reader.locator('[data-testid="bridge-office-invalid"]').waitFor();
  await chat.close();
  await ctx.close();
});

test('a PDF, a GBK text, an image and a zip open as the owner and through share links on a phone', async () => {
  const gbk = path.join(work, '施工日志.txt');
  await writeFile(gbk, execFileSync('iconv', ['-f', 'UTF-8', '-t', 'GBK'], { input: LOG }));
  const zipPath = path.join(work, '交付资料.zip');
  await writeFile(
    zipPath,
    await makeZip([
      ['说明/图纸说明.txt', Buffer.from(`${LOG_WORD}：本压缩包含墙体截图和平面图。\n`, 'utf8')],
      [
        'images/SimpleWall_Screenshot_1.png',
        await readFile(path.join(TESTDATA, 'images/SimpleWall_Screenshot_1.png')),
      ],
      ['docs/A-101_Floor_Plans.pdf', await readFile(path.join(TESTDATA, 'office/A-101_Floor_Plans.pdf'))],
    ]),
  );
  const files = [
    path.join(TESTDATA, 'office/A-101_Floor_Plans.pdf'),
    gbk,
    path.join(TESTDATA, 'images/SimpleWall_Screenshot_1.png'),
    zipPath,
  ];
  const { ctx, page } = await journeyPage(j.browser, { viewport: { width: 1440, height: 900 } });
  await signInWithPassword(page, j.server.url, DEMO.phone, DEMO.password);
  await page.goto(`${j.server.url}/myDocument?rows=50`);
  await page.setInputFiles('[data-testid="upload-input"]', files);
  for (const f of files)
    // The file table's row (the transfer panel lists the upload under the same name).
    await page
      .getByTestId('file-table')
      .locator(`[data-row-name="${path.basename(f)}"]`)
      .waitFor({ timeout: 60_000 });

  // Owner: the PDF draws, the text reads in its own encoding, the image loads and turns, the zip lists.
  await openPreview(page, 'A-101_Floor_Plans.pdf');
  assert.ok((await pdfPageDrawn(page)) > 0.002, 'the PDF page is drawn');
  await closePreview(page);
  await openPreview(page, '施工日志.txt');
  await page.locator('[data-testid="text-preview"]').filter({ hasText: LOG_WORD }).waitFor();
  assert.match(await page.locator('[data-testid="text-encoding"]').innerText(), /GB/);
  await shot(page, J, '10-gbk-text');
  await closePreview(page);
  await openPreview(page, 'SimpleWall_Screenshot_1.png');
  const img = page.locator('[data-testid="image-preview"]');
  await page.waitForFunction(
    () => (document.querySelector<HTMLImageElement>('[data-testid="image-preview"]')?.naturalWidth ?? 0) > 0,
  );
  const before = await img.boundingBox();
  await page.getByTestId('image-rotate').click();
  await page.locator('[data-testid="image-preview"][style*="rotate(90deg)"]').waitFor(); // the turn is applied
  const after = await img.boundingBox();
  assert.ok(before && after && Math.abs(before.width - after.width) > 5, 'rotating turns the picture');
  await closePreview(page);
  await openPreview(page, '交付资料.zip');
  const entries = page.locator('[data-testid="archive-entry"]');
  await entries.first().waitFor();
  for (const p of ['说明/图纸说明.txt', 'images/SimpleWall_Screenshot_1.png', 'docs/A-101_Floor_Plans.pdf'])
    await page.locator(`[data-testid="archive-entry"][data-path="${p}"]`).waitFor();
  await page
    .locator('[data-testid="archive-entry"][data-path="images/SimpleWall_Screenshot_1.png"]')
    .getByRole('button', { name: /预览/ })
    .click();
  await page.waitForFunction(
    () =>
      (document.querySelector<HTMLImageElement>(
        '[data-testid="archive-entry-view"] [data-testid="image-preview"]',
      )?.naturalWidth ?? 0) > 0,
  );
  await shot(page, J, '11-zip-entry');
  await closePreview(page);

  // Visitors on a phone, one share link each.
  for (const name of [
    'A-101_Floor_Plans.pdf',
    '施工日志.txt',
    'SimpleWall_Screenshot_1.png',
    '交付资料.zip',
  ]) {
    const { phone, visitor } = await visitShare(page, name);
    if (name.endsWith('.pdf')) assert.ok((await pdfPageDrawn(visitor)) > 0.002, 'visitor sees the PDF page');
    else if (name.endsWith('.txt'))
      await visitor.locator('[data-testid="text-preview"]').filter({ hasText: LOG_WORD }).waitFor();
    else if (name.endsWith('.png'))
      await visitor.waitForFunction(
        () =>
          (document.querySelector<HTMLImageElement>('[data-testid="image-preview"]')?.naturalWidth ?? 0) > 0,
      );
    else
      await visitor
        .locator('[data-testid="archive-entry"][data-path="docs/A-101_Floor_Plans.pdf"]')
        .waitFor();
    const overflow = await overflowOf(visitor);
    assert.ok(overflow <= 0, `${name}: no horizontal scrolling on a phone (${overflow}px)`);
    await shot(visitor, J, `12-visitor-${path.extname(name).slice(1)}`);
    await phone.close();
  }
  await ctx.close();
});
