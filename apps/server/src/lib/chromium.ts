/**
 * Headless Chromium as this product runs it (DESIGN.md "the machine"): Debian's `chromium` package at
 * `CHROMIUM_PATH` (default /usr/bin/chromium) with the flags below; WebGL through SwiftShader. Used by
 * the thumbnail renderer (modules/thumbnails/snapshot-renderer.ts) and by the e2e journeys and
 * benchmarks (e2e/lib/browser.ts), so both draw with the same browser.
 */

/** Chromium's binary: `CHROMIUM_PATH`, or Debian's. */
export const chromiumPath = (): string => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Launch flags: no sandbox, GPU, QUIC or background traffic; WebGL on SwiftShader. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];
