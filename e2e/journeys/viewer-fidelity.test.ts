/**
 * Rendering fidelity of the full 3D viewer (issue 13 "Rendering fidelity"): the 20-house
 * `fzk-haus-x20` (../shared/testdata/ifc-large) from the default camera, drawn by the full fragments
 * viewer and — for the same canvas size and the same opening view (first-view.ts) — by the still
 * preview's code (the preview GLB through render.html's `bimdriveRender`, as server snapshots are
 * made). Where the preview shows a light wall, the full viewer must not show orange or red-brown: the
 * level-of-detail "wires" of far windows and doors (thick screen-space lines in the frame's colour)
 * once covered the walls around every window. Both frames draw the same model at the same size (the
 * share of model pixels matches). Screenshots: e2e/artifacts/viewer-fidelity/.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { Page } from 'playwright-core';
import { ARTIFACTS, decodePicture } from '../lib/browser.ts';
import { journey, journeyPage, scratchFolder } from '../lib/journey.ts';
import { openPreview, waitConverted } from '../lib/preview.ts';
import { DEMO, TESTDATA } from '../lib/server.ts';
import { openMyFiles } from '../lib/sign-in.ts';
import { steady, until } from '../lib/waits.ts';

const J = 'viewer-fidelity';
const NAME = 'fzk-haus-x20.ifc';
const CANVAS = '[data-testid="viewer-canvas"]';
/** Largest share of the preview's wall pixels the full viewer may draw orange / red-brown (was ~6 %). */
const MAX_WARM_ON_WALLS = 0.03;

let work: string;

const scratch = scratchFolder('bimdrive-fidelity-');
const j = journey(async () => {
  work = await scratch.make();
  await pipeline(
    createReadStream(path.join(TESTDATA, 'ifc-large', `${NAME}.gz`)),
    createGunzip(),
    createWriteStream(path.join(work, NAME)),
  );
  return {}; // the server as it comes: nothing above configures it
});

/** The canvas once the viewer has stopped changing it (tiles stream in after the first frame). */
const settledCanvas = (page: Page): Promise<Buffer> =>
  steady(page.locator(CANVAS), { reads: 2, interval: 500, timeout: 60_000 });

/** The signed URL of the model's preview GLB (written just after the conversion). */
async function previewGlbUrl(page: Page, name: string): Promise<string> {
  const iuid = await page.evaluate(async (name) => {
    const headers = { authorization: `Bearer ${localStorage.getItem('token')}` };
    const list = (await (await fetch('/api/Home/MyDocumentList?rows=100', { headers })).json()) as {
      data: { list: Array<{ iuid: string; fileName: string }> };
    };
    return list.data.list.find((f) => f.fileName === name)!.iuid;
  }, name);
  const url = await until(
    () =>
      page.evaluate(async (iuid) => {
        const headers = { authorization: `Bearer ${localStorage.getItem('token')}` };
        const r = await fetch(`/api/Home/GetPreviewInfo?IUID=${iuid}`, { headers });
        return ((await r.json()) as { data: { previewGlbUrl: string | null } }).data.previewGlbUrl;
      }, iuid),
    (url) => Boolean(url),
    { timeout: 30_000, interval: 200, message: 'no preview GLB' },
  );
  return url!;
}

/** Figures of the comparison of two same-sized PNGs (base64); see `compare`'s body. */
interface Comparison {
  /** Share of the picture the model covers (differs from the background, the top-left pixel). */
  previewModel: number;
  fullModel: number;
  /** Preview pixels that show a light, grey wall. */
  walls: number;
  /** Share of those the full viewer draws orange / red-brown (roof tiles, window frames, doors). */
  warmOnWalls: number;
}

/** Compare the full viewer's frame with the preview's, pixel by pixel, in a page. */
async function compare(page: Page, full: Buffer, preview: string): Promise<Comparison> {
  const pictures = [
    await decodePicture(page, full),
    await decodePicture(page, Buffer.from(preview, 'base64')),
  ];
  try {
    return await page.evaluate(
      ([f, p]) => {
        if (f.width !== p.width || f.height !== p.height)
          throw new Error(`sizes differ: ${f.width}×${f.height} vs ${p.width}×${p.height}`);
        const [a, b] = [f.data, p.data];
        const bg = [b[0]!, b[1]!, b[2]!];
        const offBg = (d: Uint8ClampedArray, i: number) =>
          Math.abs(d[i]! - bg[0]!) + Math.abs(d[i + 1]! - bg[1]!) + Math.abs(d[i + 2]! - bg[2]!);
        let previewModel = 0;
        let fullModel = 0;
        let walls = 0;
        let warm = 0;
        for (let i = 0; i < b.length; i += 4) {
          if (offBg(b, i) > 30) previewModel++;
          if (offBg(a, i) > 30) fullModel++;
          const lo = Math.min(b[i]!, b[i + 1]!, b[i + 2]!);
          const hi = Math.max(b[i]!, b[i + 1]!, b[i + 2]!);
          if (lo > 150 && hi - lo < 30 && offBg(b, i) > 15) {
            walls++;
            if (a[i]! - a[i + 2]! > 60) warm++;
          }
        }
        const n = b.length / 4;
        return { previewModel: previewModel / n, fullModel: fullModel / n, walls, warmOnWalls: warm / walls };
      },
      [pictures[0]!, pictures[1]!] as const,
    );
  } finally {
    for (const picture of pictures) await picture.dispose();
  }
}

test('the full viewer draws the 20 houses as the still preview does: no orange over the walls around windows', async () => {
  const { ctx, page } = await journeyPage(j.browser, { viewport: { width: 1440, height: 900 } });
  await openMyFiles(page, j.server.url, DEMO);
  await page.setInputFiles('[data-testid="upload-input"]', path.join(work, NAME));
  await waitConverted(page, [NAME], 600_000);

  // The full viewer at its opening view.
  await openPreview(page, NAME);
  await page.locator('[data-testid="model-viewer"][data-first-frame="1"]').waitFor({ timeout: 300_000 });
  const full = await settledCanvas(page);
  const { width, height } = (await page.locator(CANVAS).boundingBox())!;

  // The preview GLB drawn by the still frame's code at the same size, from the same opening view.
  const url = await previewGlbUrl(page, NAME);
  const render = await ctx.newPage();
  await render.goto(`${j.server.url}/render.html`);
  await render.waitForFunction(() => document.documentElement.dataset.ready === '1');
  const dataUrl = await render.evaluate(
    (req) =>
      (
        window as unknown as {
          bimdriveRender: (r: {
            kind: 'model';
            url: string;
            width: number;
            height: number;
          }) => Promise<string>;
        }
      ).bimdriveRender(req),
    { kind: 'model' as const, url, width: Math.round(width), height: Math.round(height) },
  );
  const preview = dataUrl.slice(dataUrl.indexOf(',') + 1);

  await mkdir(path.join(ARTIFACTS, J), { recursive: true });
  await writeFile(path.join(ARTIFACTS, J, '01-full-viewer.png'), full);
  await writeFile(path.join(ARTIFACTS, J, '02-preview.png'), Buffer.from(preview, 'base64'));

  const c = await compare(render, full, preview);
  console.log(
    `[${J}] model pixels: full ${(c.fullModel * 100).toFixed(1)}%, preview ${(c.previewModel * 100).toFixed(1)}%;` +
      ` orange on ${c.walls} wall pixels: ${(c.warmOnWalls * 100).toFixed(2)}%`,
  );
  assert.ok(c.previewModel > 0.05, `the preview shows the houses (${(c.previewModel * 100).toFixed(1)}%)`);
  assert.ok(
    Math.abs(c.fullModel - c.previewModel) < c.previewModel * 0.1,
    `same model, same view: ${(c.fullModel * 100).toFixed(1)}% vs ${(c.previewModel * 100).toFixed(1)}%`,
  );
  assert.ok(c.walls > 5000, `the preview shows walls (${c.walls} px)`);
  assert.ok(
    c.warmOnWalls < MAX_WARM_ON_WALLS,
    `orange / red-brown over the walls: ${(c.warmOnWalls * 100).toFixed(2)}% of the wall pixels`,
  );
  await ctx.close();
});
