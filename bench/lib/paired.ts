/**
 * Paired timing for the converter benchmarks (bench/office-video.ts, bench/drawings.ts): the product
 * and a bare run of the same work, `rounds` times each, alternating which goes first so neither
 * always meets a warm or a busy machine; medians in seconds.
 */
import path from 'node:path';
import { convertFile } from '../../apps/server/src/converters/convert-file.ts';

/** Median of a non-empty list. */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Wall time of one call in seconds. */
export async function seconds(f: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await f();
  return (performance.now() - t) / 1000;
}

/** Median seconds of `product` and `bare` over `rounds` alternating rounds, and their ratio. */
export async function pairedMedians(
  rounds: number,
  product: () => Promise<unknown>,
  bare: () => Promise<unknown>,
): Promise<{ product: number; bare: number; ratio: number }> {
  const pa: number[] = [];
  const pb: number[] = [];
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      pa.push(await seconds(product));
      pb.push(await seconds(bare));
    } else {
      pb.push(await seconds(bare));
      pa.push(await seconds(product));
    }
  }
  return { product: median(pa), bare: median(pb), ratio: median(pa) / median(pb) };
}

/** The product's converter on one file into a fresh folder under `work`. @throws on failure. */
export async function convertOnce(
  work: string,
  input: string,
  suffix: string,
  limits: { timeoutMs: number; memoryMb: number },
): Promise<void> {
  const r = await convertFile({
    inputPath: input,
    suffix,
    outputDir: path.join(work, `p-${Math.random()}`),
    ...limits,
  });
  if (!r.ok) throw new Error(`${input}: ${r.reason}`);
}
