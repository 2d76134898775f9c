/**
 * IFC → fragments (spec 001 §4; DESIGN.md converters): runs `ifc-to-fragments.child.ts` in a child
 * process under the request's time and memory limits and writes `<outputDir>/model.frag`.
 * @returns the IFC schema of the file (elements are counted by the preview step, model-preview.ts).
 * @throws ConversionError with a readable reason: bad or truncated file, time or memory limit, crash
 * (not retried); the child process could not be started (retryable).
 */
import path from 'node:path';
import { forkIsolated, limitReason, memoryReason } from './run-isolated.ts';
import { ConversionError, type ConvertRequest } from './types.ts';

const CHILD = path.join(import.meta.dirname, 'ifc-to-fragments.child.ts');

type ChildMessage =
  | { type: 'progress'; percent: number }
  | { type: 'done'; stats: IfcFigures }
  | { type: 'failed'; reason: string; outOfMemory?: boolean };

/** What the child reports of the file it converted. */
export interface IfcFigures {
  [key: string]: unknown;
  schema: string;
}

export async function ifcToFragments(req: ConvertRequest, outputPath: string): Promise<IfcFigures> {
  let outcome: ChildMessage | null = null;
  const limits = { timeoutMs: req.timeoutMs, memoryMb: req.memoryMb };
  let exit;
  try {
    exit = await forkIsolated(CHILD, [req.inputPath, outputPath], {
      ...limits,
      onMessage: (m) => {
        const msg = m as ChildMessage;
        if (msg.type === 'progress') req.onProgress?.(msg.percent);
        else outcome = msg;
      },
    });
  } catch {
    // EAGAIN, ENOMEM…: the server could not start a process now; not the file's fault.
    throw new ConversionError('转换进程无法启动，稍后自动重试', true);
  }
  const limited = limitReason(exit, limits);
  if (limited) throw new ConversionError(limited);
  const result = outcome as ChildMessage | null;
  if (result?.type === 'done') return result.stats;
  if (result?.type === 'failed')
    throw new ConversionError(result.outOfMemory ? memoryReason(req.memoryMb) : result.reason);
  throw new ConversionError(
    exit.signal
      ? `转换进程异常退出（${exit.signal}），文件可能已损坏`
      : `转换进程异常退出（代码 ${exit.code}）：${exit.stderr.trim().split('\n').at(-1) ?? ''}`.slice(0, 300),
  );
}
