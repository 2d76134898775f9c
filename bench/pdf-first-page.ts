/**
 * PDF first-page benchmark (issue 14 "Office and PDF", spec 001 §2 "PDF: a bundled PDF viewer"): a
 * 300-page PDF (made here by LibreOffice from a generated document, like an office rendition, with
 * Chinese text) and the 3-page A-101_Floor_Plans.pdf are uploaded; then, in headless Chromium, the
 * time from clicking 预览 to the first page painted in the viewer, and from the viewer's own start
 * (`bimdrive:pdf-open`) to that paint (`bimdrive:pdf-first-page`). Times are user-timing marks in the
 * page, relative to its navigation start; the click is marked by a capturing listener. Median of
 * BENCH_RUNS (default 5) openings each. Goal: the 300-page PDF's first page in well under 1 s, about
 * as fast as the 3-page one (the viewer measures only page 1 before laying the pages out).
 * Run: `node bench/pdf-first-page.ts`. Needs `soffice` and `pdfinfo` on PATH.
 */
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/lib/browser.ts';
import { DEMO, ROOT, startServer, TESTDATA } from '../e2e/lib/server.ts';
import { signInWithPassword } from '../e2e/lib/sign-in.ts';
import { signIn, uploadFile } from './lib/product.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PAGES = 300;
const WORK = path.join(ROOT, 'bench/.work');
const run = promisify(execFile);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** A flat ODT with one heading and 18 lines per page, a page break before each heading → PDF. */
async function makeLongPdf(): Promise<string> {
  await mkdir(WORK, { recursive: true });
  const body: string[] = [];
  for (let p = 1; p <= PAGES; p++) {
    body.push(
      `<text:h text:style-name="${p > 1 ? 'H1' : 'H0'}" text:outline-level="1">第 ${p} 页 建筑施工图设计说明</text:h>`,
    );
    for (let k = 1; k <= 18; k++)
      body.push(
        `<text:p>第${p}页第${k}行：本工程为钢筋混凝土框架结构，抗震设防烈度七度。Line ${k}.</text:p>`,
      );
  }
  const fodt = `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
<office:automatic-styles>
<style:style style:name="H0" style:family="paragraph"><style:text-properties fo:font-size="18pt" fo:font-weight="bold"/></style:style>
<style:style style:name="H1" style:family="paragraph"><style:paragraph-properties fo:break-before="page"/><style:text-properties fo:font-size="18pt" fo:font-weight="bold"/></style:style>
</office:automatic-styles>
<office:body><office:text>${body.join('')}</office:text></office:body></office:document>`;
  const src = path.join(WORK, 'pdf-300-pages.fodt');
  await writeFile(src, fodt);
  await run('soffice', ['--headless', '--convert-to', 'pdf', '--outdir', WORK, src], { timeout: 300_000 });
  const pdf = src.replace(/\.fodt$/, '.pdf');
  const info = (await run('pdfinfo', [pdf])).stdout;
  const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
  if (pages !== PAGES) throw new Error(`generated PDF has ${pages} pages, not ${PAGES}`);
  return pdf;
}

/** Open the preview of `name` RUNS times; answers click→paint and viewer-start→paint times (ms). */
async function measure(browser: Browser, url: string, name: string) {
  const click: number[] = [];
  const viewer: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await ctx.newPage();
    await signInWithPassword(page, url, DEMO.phone, DEMO.password);
    const row = page.locator(`[data-row-name="${name}"]`).first();
    await row.waitFor({ timeout: 30_000 });
    await page.evaluate(() =>
      document.addEventListener('click', () => performance.mark('bench:click'), {
        capture: true,
        once: true,
      }),
    );
    await row.getByRole('button', { name: '预览' }).click();
    await page.locator('[data-testid="pdf-page"][data-rendered="1"]').first().waitFor({ timeout: 60_000 });
    const marks = await page.evaluate(() =>
      Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime])),
    );
    const painted = marks['bimdrive:pdf-first-page']!;
    click.push(painted - marks['bench:click']!);
    viewer.push(painted - marks['bimdrive:pdf-open']!);
    await ctx.close();
  }
  return { click, viewer };
}

const longPdf = await makeLongPdf();
const shortName = 'A-101_Floor_Plans.pdf';
const server = await startServer();
const browser = await launchBrowser();
try {
  const token = await signIn(server.url, DEMO.phone, DEMO.password);
  await uploadFile(server.url, token, longPdf);
  await uploadFile(server.url, token, path.join(TESTDATA, 'office', shortName));
  const long = await measure(browser, server.url, path.basename(longPdf));
  const short = await measure(browser, server.url, shortName);
  const fmt = (xs: number[]) =>
    `median ${median(xs).toFixed(0)} ms  (${xs.map((x) => x.toFixed(0)).join(', ')})`;
  console.log(`PDF first page, ${RUNS} openings each`);
  console.log(`  ${PAGES}-page PDF  click 预览 → page 1 painted   ${fmt(long.click)}`);
  console.log(`  ${PAGES}-page PDF  viewer start → page 1 painted ${fmt(long.viewer)}`);
  console.log(`  3-page PDF    click 预览 → page 1 painted   ${fmt(short.click)}`);
  console.log(`  3-page PDF    viewer start → page 1 painted ${fmt(short.viewer)}`);
  console.log(
    `  ratio 300-page / 3-page (click → paint) ${(median(long.click) / median(short.click)).toFixed(2)} (goal ≈ 1; 300-page < 1000 ms)`,
  );
} finally {
  await browser.close();
  await server.stop();
}
