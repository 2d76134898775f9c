/**
 * Configured external converter for a suffix (DESIGN.md: "a configurable external converter command
 * can be plugged in per suffix"): `BIMDRIVE_EXTERNAL_CONVERTERS='{"rvt":"/opt/rvt2glb {input} {output}"}'`.
 * The command is split on whitespace (single or double quotes group a word) and run without a shell; `{input}` and `{output}` are replaced
 * by paths; it must write a GLB at `{output}`.
 * @returns GLB figures. @throws ConversionError with a readable reason (start failure: retryable).
 */
import { stat } from 'node:fs/promises';
import { glbInfo } from './glb-info.ts';
import { limitReason, spawnIsolated } from './run-isolated.ts';
import { externalConverters } from './registry.ts';
import { ConversionError, type ConvertRequest } from './types.ts';

export async function externalToGlb(req: ConvertRequest, outputPath: string) {
  const template = externalConverters()[req.suffix];
  if (!template) throw new ConversionError(`暂不支持转换 .${req.suffix} 文件`);
  const [command, ...args] = splitCommand(template).map((part) =>
    part.replaceAll('{input}', req.inputPath).replaceAll('{output}', outputPath),
  );
  if (!command) throw new ConversionError(`暂不支持转换 .${req.suffix} 文件`);
  const limits = { timeoutMs: req.timeoutMs, memoryMb: req.memoryMb };
  let exit;
  try {
    exit = await spawnIsolated(command!, args, limits);
  } catch {
    // ENOENT / EAGAIN: not the file's fault, retried with back-off.
    throw new ConversionError('外部转换程序暂时无法启动，稍后自动重试', true);
  }
  const limited = limitReason(exit, limits);
  if (limited) throw new ConversionError(limited);
  if (exit.code !== 0) throw new ConversionError(`外部转换程序失败（代码 ${exit.code ?? exit.signal}）`);
  if (!(await stat(outputPath).catch(() => null))) throw new ConversionError('外部转换程序没有生成 GLB 文件');
  return glbInfo(outputPath);
}

/**
 * Split a command template into words: whitespace separates, '…' and "…" group (quotes removed),
 * no escapes, no expansion. `a "b c" 'd'` → ['a', 'b c', 'd'].
 */
export function splitCommand(template: string): string[] {
  const words: string[] = [];
  for (const m of template.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) words.push(m[1] ?? m[2] ?? m[3]!);
  return words;
}
