/**
 * The embeddable viewer and /preview in a real browser (issue 13; 000 §2 /bimiframe, 001 §2
 * /preview): another site (a page on another origin, allowed by BIMIFRAME_ALLOWED_ORIGINS) embeds a
 * model's frame link without any session; the frame draws the model and says `bimdrive:ready`; the
 * site selects and isolates a wall by its IFC GlobalId and hears `bimdrive:result`; a click in the
 * frame reports `bimdrive:selected` with the wall's GlobalId; a drawing's frame draws in the simple
 * mode on a 390×844 phone. A site not allowed cannot frame it, and /preview?iuid= opens the file's
 * preview for its owner. Screenshots: e2e/artifacts/bimiframe/.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { canvasCoverage, shot } from '../lib/browser.ts';
import { journey, journeyPage } from '../lib/journey.ts';
import { DEMO, TESTDATA } from '../lib/server.ts';
import { waitConverted } from '../lib/preview.ts';
import { signInWithPassword } from '../lib/sign-in.ts';
import { until } from '../lib/waits.ts';

const J = 'bimiframe';
const WALL = 'SimpleWall.ifc';
const DRAWING = 'polylines.dxf';

/**
 * A site that embeds `?src=` in an iframe, logs every message it hears, notes the frame's load event
 * (`frameLoaded`, fired for an error page too), and can post commands.
 */
const HOST_PAGE = `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>OA</title>
<body style="margin:0"><h3 style="margin:4px">某建设集团 OA</h3>
<iframe id="f" style="width:100%;height:calc(100vh - 40px);border:0"></iframe>
<script>
  window.heard = [];
  addEventListener('message', (e) => window.heard.push({ origin: e.origin, data: e.data }));
  document.getElementById('f').addEventListener('load', () => (window.frameLoaded = true));
  document.getElementById('f').src = new URLSearchParams(location.search).get('src');
  window.send = (m) => document.getElementById('f').contentWindow.postMessage(m, '*');
</script>`;

/** Serve HOST_PAGE on a port of its own (another origin than the product). */
async function hostSite(): Promise<{ server: Server; origin: string }> {
  const server = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end(HOST_PAGE),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let allowed: { server: Server; origin: string };
let other: { server: Server; origin: string };

const j = journey(async () => {
  allowed = await hostSite();
  other = await hostSite();
  return { BIMIFRAME_ALLOWED_ORIGINS: allowed.origin };
});
after(async () => {
  allowed?.server.close();
  other?.server.close();
});

/** Wait until the host page has heard a message of `type` (and `pred`); answers its data. */
async function heard(page: Page, type: string, pred = 'true'): Promise<Record<string, unknown>> {
  const handle = await page.waitForFunction(
    ([t, p]) => {
      const hit = (window as unknown as { heard: { data: { type?: string } }[] }).heard.find(
        (m) => m.data?.type === t && new Function('d', `return ${p}`)(m.data),
      );
      return hit?.data ?? null;
    },
    [type, pred] as const,
    { timeout: 120_000 },
  );
  return (await handle.jsonValue()) as Record<string, unknown>;
}

/** The product's frame inside the host page. */
async function productFrame(page: Page): Promise<Frame> {
  await page.waitForFunction(() => document.querySelector('iframe')?.src.includes('/bimiframe'));
  const frame = await until(() => page.frames().find((x) => x.url().includes('/bimiframe')), Boolean, {
    timeout: 30_000,
    message: 'the product frame never navigated',
  });
  return frame!;
}

test('another site embeds a model and a drawing, drives them with postMessage; /preview opens a file', async () => {
  const ifcText = await readFile(path.join(TESTDATA, 'ifc', WALL), 'utf8');
  const wallGuid = /IFCWALLSTANDARDCASE\('([^']+)'/.exec(ifcText)![1]!;
  // The owner uploads a model and a drawing and makes frame links.
  const ownerCtx = await j.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  const owner = await ownerCtx.newPage();
  await signInWithPassword(owner, j.server.url, DEMO.phone, DEMO.password);
  await owner.goto(`${j.server.url}/myDocument`);
  await owner.setInputFiles('[data-testid="upload-input"]', [
    path.join(TESTDATA, 'ifc', WALL),
    path.join(TESTDATA, 'dxf', DRAWING),
  ]);
  await waitConverted(owner, [WALL, DRAWING], 180_000);
  const links = await owner.evaluate(
    async ([a, b]) => {
      const token = localStorage.getItem('token');
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const list = await (await fetch('/api/Home/MyDocumentList?rows=50', { headers })).json();
      const id = (n: string) => list.data.list.find((f: { fileName: string }) => f.fileName === n).iuid;
      const link = async (IUID: string, viewMode: string) =>
        (
          await (
            await fetch('/api/Home/BimIframeLink', {
              method: 'POST',
              headers,
              body: JSON.stringify({ IUID, hours: 1, viewMode }),
            })
          ).json()
        ).data.url as string;
      return { model: await link(id(a), 'full'), drawing: await link(id(b), 'simple'), modelId: id(a) };
    },
    [WALL, DRAWING] as const,
  );

  // /preview?iuid= opens the file's preview for its owner; closing it leaves for 我的文件.
  await owner.goto(`${j.server.url}/preview?iuid=${links.modelId}`);
  await owner.locator('[data-testid="preview-overlay"]').waitFor();
  await owner.locator('[data-testid="model-viewer"][data-first-frame="1"]').waitFor({ timeout: 120_000 });
  await shot(owner, J, '01-preview-route');
  await owner
    .locator('[data-testid="preview-overlay"]')
    .getByRole('button', { name: '关闭', exact: true })
    .click();
  await owner.waitForURL((u) => u.pathname === '/myDocument');

  // The allowed site, in a browser with no session at all.
  const { ctx: siteCtx, page: site } = await journeyPage(j.browser);
  await site.goto(`${allowed.origin}/?src=${encodeURIComponent(links.model)}`);
  const ready = await heard(site, 'bimdrive:ready');
  assert.equal(ready.fileName, WALL);
  assert.equal(ready.kind, 'fragments');
  const frame = await productFrame(site);
  await frame.locator('[data-testid="model-viewer"][data-first-frame="1"]').waitFor();
  assert.equal(await frame.getByRole('button', { name: /下\s*载/ }).count(), 0, 'browse only');
  const coverage = await canvasCoverage(site, 'iframe');
  assert.ok(coverage > 0.02, `the wall covers ${(coverage * 100).toFixed(1)}% of the frame`);

  // The site selects the wall by its GlobalId: it is highlighted and its properties show.
  await site.evaluate(
    (id) =>
      (window as unknown as { send: (m: unknown) => void }).send({ type: 'bimdrive:select', ids: [id] }),
    wallGuid,
  );
  assert.equal((await heard(site, 'bimdrive:result', "d.command === 'bimdrive:select'")).found, 1);
  await frame.locator('[data-testid="viewer-properties"]').getByText(wallGuid).waitFor({ timeout: 30_000 });
  await site.evaluate(() =>
    (window as unknown as { send: (m: unknown) => void }).send({
      type: 'bimdrive:isolate',
      ids: ['nope', 'nothing'],
    }),
  );
  assert.equal((await heard(site, 'bimdrive:result', "d.command === 'bimdrive:isolate'")).found, 0);
  await site.evaluate(() =>
    (window as unknown as { send: (m: unknown) => void }).send({ type: 'bimdrive:drop', ids: [] }),
  );
  await heard(site, 'bimdrive:error');
  await shot(site, J, '02-embedded-selected');

  // A click on the model inside the frame reports the picked element's GlobalId (the wall or its door).
  await site.evaluate(() => ((window as unknown as { heard: unknown[] }).heard.length = 0));
  const box = (await frame.locator('[data-testid="viewer-canvas"]').boundingBox())!;
  await site.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const picked = await heard(site, 'bimdrive:selected', 'd.id !== null');
  assert.ok(ifcText.includes(`('${String(picked.id)}'`), `${String(picked.id)} is a GlobalId of ${WALL}`);

  // A drawing's frame in the simple mode, on a phone.
  const phone = await j.browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const phonePage = await phone.newPage();
  await phonePage.goto(`${allowed.origin}/?src=${encodeURIComponent(links.drawing)}`);
  assert.equal((await heard(phonePage, 'bimdrive:ready')).kind, 'drawing');
  const drawingFrame = await productFrame(phonePage);
  await drawingFrame.locator('[data-testid="drawing-preview"][data-state="done"]').waitFor();
  assert.ok((await canvasCoverage(phonePage, 'iframe')) > 0.001, 'the drawing is drawn');
  await shot(phonePage, J, '03-drawing-phone');

  // A site not allowed cannot frame the viewer: Chromium refuses the frame (frame-ancestors).
  const otherPage = await siteCtx.newPage();
  await otherPage.goto(`${other.origin}/?src=${encodeURIComponent(links.model)}`);
  await otherPage.waitForFunction(
    () => (window as unknown as { frameLoaded?: boolean }).frameLoaded,
    undefined,
    {
      timeout: 30_000,
    },
  );
  // Chromium refused it: the frame's load event came with its error page in place of the product.
  const child = otherPage.mainFrame().childFrames()[0];
  assert.match(child?.url() ?? '', /^chrome-error:/, 'the frame holds the error page');
  const blocked = otherPage.frames().find((f) => f.url().includes('/bimiframe'));
  assert.equal(
    blocked ? await blocked.locator('[data-testid="bimiframe"]').count() : 0,
    0,
    'the frame must not render for a site that is not allowed',
  );
  assert.equal(await otherPage.evaluate(() => (window as unknown as { heard: unknown[] }).heard.length), 0);

  await phone.close();
  await siteCtx.close();
  await ownerCtx.close();
});
