/**
 * Configured external converter for a suffix (DESIGN.md: "a configurable external converter command
 * can be plugged in per suffix"): `BIMDRIVE_EXTERNAL_CONVERTERS='{"rvt":"/opt/rvt2glb {input} {output}"}'`.
 * The command is split on whitespace and run without a shell; `{input}` and `{output}` are replaced
 * by paths; it must write a GLB at `{output}`.
 * @returns GLB figures. @throws ConversionError with a readable reason.
 */
import { glbInfo } from './glb-info.ts';
import { limitReason, spawnIsolated } from './run-isolated.ts';
import { externalConverters } from './registry.ts';
import { ConversionError, type ConvertRequest } from './types.ts';

export async function externalToGlb(req: ConvertRequest, outputPath: string) {
  const template = externalConverters()[req.suffix];
  if (!template) throw new ConversionError(`暂不支持转换 .${req.suffix} 文件`);
  const [command, ...args] = template
    .trim()
    .split(/\s+/)
    .map((part) => part.replaceAll('{input}', req.inputPath).replaceAll('{output}', outputPath));
  const limits = { timeoutMs: req.timeoutMs, memoryMb: req.memoryMb };
  let exit;
  try {
    exit = await spawnIsolated(command!, args, limits);
  } catch {
    throw new ConversionError('外部转换程序无法启动，请联系管理员');
  }
  const limited = limitReason(exit, limits);
  if (limited) throw new ConversionError(limited);
  if (exit.code !== 0) throw new ConversionError(`外部转换程序失败（代码 ${exit.code ?? exit.signal}）`);
  return glbInfo(outputPath);
}
