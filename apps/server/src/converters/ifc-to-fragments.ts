/**
 * IFC → fragments (spec 001 §4; DESIGN.md converters): runs `ifc-to-fragments.child.ts` in a child
 * process under the request's time and memory limits and writes `<outputDir>/model.frag`.
 * @returns the IFC schema of the file (elements are counted by the preview step, model-preview.ts).
 * @throws ConversionError with a readable reason: bad or truncated file, time or memory limit, crash
 * (not retried); the child process could not be started (retryable).
 */
import path from 'node:path';
import { forkConverter } from './run-isolated.ts';
import type { ConvertRequest } from './types.ts';

const CHILD = path.join(import.meta.dirname, 'ifc-to-fragments.child.ts');

/** What the child reports of the file it converted. */
export interface IfcFigures {
  [key: string]: unknown;
  schema: string;
}

export async function ifcToFragments(req: ConvertRequest, outputPath: string): Promise<IfcFigures> {
  return forkConverter<IfcFigures>(CHILD, [req.inputPath, outputPath], req, '文件');
}
