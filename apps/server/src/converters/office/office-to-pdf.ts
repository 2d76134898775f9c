/**
 * Office documents → a PDF rendition (issue 14 "Office and PDF"; spec 001 §2 office viewer, §9 office
 * suffixes): Word, Excel, PowerPoint, WPS (wps/et/dps), OpenDocument, RTF and CSV, converted by the
 * warm LibreOffice of office-pool.ts under the request's memory limit and a time limit of
 * `OFFICE_TIMEOUT_SECONDS` (default 300, at most the request's).
 * @returns figures `{ pages }` (page count read back with poppler's `pdfinfo`, null when unknown).
 * @throws ConversionError with a readable reason: 文档已加密 (password-protected), not a valid file of
 * its type, unreadable, export failure, time/memory limit, crash (none retried); office not available
 * on this worker (retried).
 */
import { execFile } from 'node:child_process';
import { mkdir, rename, rm, stat, symlink } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { memoryReason } from '../run-isolated.ts';
import { ConversionError, type ConvertRequest } from '../types.ts';
import { officePool } from './office-pool.ts';
import { sniffOffice } from './office-sniff.ts';

const run = promisify(execFile);

/** The user-readable reason for a password-protected document (issue 14). */
export const ENCRYPTED_REASON = '文档已加密，无法在线预览，请下载后使用本地软件打开';

/** Page count of a PDF with poppler's pdfinfo, or null when it cannot tell. */
export async function pdfPageCount(file: string): Promise<number | null> {
  try {
    const { stdout } = await run('pdfinfo', [file], { timeout: 30_000 });
    const m = /^Pages:\s+(\d+)/m.exec(stdout);
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

export async function officeToPdf(
  req: ConvertRequest,
  outputPath: string,
): Promise<{ pages: number | null }> {
  const verdict = await sniffOffice(req.inputPath, req.suffix);
  if (verdict === 'encrypted') throw new ConversionError(ENCRYPTED_REASON);
  if (verdict === 'invalid') throw new ConversionError(`文件已损坏或不是有效的 .${req.suffix} 文档`);
  req.onProgress?.(5);
  // A hung office process holds every office job behind it: its own, shorter limit.
  const timeoutMs = Math.min(req.timeoutMs, (Number(process.env.OFFICE_TIMEOUT_SECONDS) || 300) * 1000);
  // soffice picks its import filter by content and name: give it the user's suffix.
  const scratch = path.join(req.outputDir, '.input');
  await rm(scratch, { recursive: true, force: true });
  await mkdir(scratch);
  const linked = path.join(scratch, `document.${req.suffix}`);
  await symlink(req.inputPath, linked);
  const tmp = path.join(scratch, 'rendition.pdf');
  try {
    req.onProgress?.(10);
    const outcome = await officePool().convert({
      input: linked,
      output: tmp,
      filter: req.suffix === 'csv' ? 'csv' : 'auto',
      timeoutMs,
      memoryMb: req.memoryMb,
    });
    if (!outcome.ok) {
      switch (outcome.error) {
        case 'unavailable':
          throw new ConversionError('文档转换服务（LibreOffice）暂不可用，稍后自动重试', true);
        case 'timeout':
          throw new ConversionError(
            `转换超时（超过 ${Math.max(1, Math.round(timeoutMs / 1000))} 秒），请检查文件或联系管理员`,
          );
        case 'memory':
          throw new ConversionError(memoryReason(req.memoryMb));
        case 'unreadable':
          throw new ConversionError('文档无法打开，文件可能已损坏或格式不受支持');
        case 'export':
          throw new ConversionError(`文档导出 PDF 失败：${outcome.detail ?? '未知原因'}`.slice(0, 200));
        default:
          throw new ConversionError('文档转换进程异常退出，文件可能已损坏');
      }
    }
    if (!(await stat(tmp).catch(() => null))) throw new ConversionError('文档转换没有生成 PDF');
    req.onProgress?.(95);
    await rename(tmp, outputPath);
    return { pages: await pdfPageCount(outputPath) };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
