/**
 * glTF 2.0 validation with the Khronos glTF Validator (npm `gltf-validator`, Apache-2.0; issue 13 "GLB/
 * glTF input is validated before it is passed through"). A GLB whose buffers lie about their length,
 * whose accessors point outside their buffers or whose JSON breaks the schema is refused with the
 * validator's first error instead of ending 转换完成 and failing in the viewer.
 */
import { createRequire } from 'node:module';
import { ConversionError } from './types.ts';

/** One finding of the validator (severity 0 error, 1 warning, 2 info, 3 hint). */
export interface GltfIssue {
  code: string;
  message: string;
  severity: number;
  pointer?: string;
}

interface Report {
  issues: { numErrors: number; numWarnings: number; messages: GltfIssue[] };
}

interface Validator {
  validateBytes(
    data: Uint8Array,
    opts?: { maxIssues?: number; externalResourceFunction?: (uri: string) => Promise<Uint8Array> },
  ): Promise<Report>;
}

const validator = createRequire(import.meta.url)('gltf-validator') as Validator;

/**
 * Validate a GLB (or self-contained glTF) held in memory.
 * @returns the errors found (empty when valid); external resources are reported missing.
 * @throws ConversionError when the bytes are not glTF at all.
 */
export async function gltfErrors(bytes: Uint8Array): Promise<GltfIssue[]> {
  try {
    const report = await validator.validateBytes(bytes, {
      maxIssues: 50,
      externalResourceFunction: (uri) => Promise.reject(new Error(`external resource ${uri}`)),
    });
    return report.issues.messages.filter((m) => m.severity === 0);
  } catch (err) {
    throw new ConversionError(`模型文件无法解析：${String((err as Error)?.message ?? err).slice(0, 160)}`);
  }
}

/** Refuse a GLB with validation errors, naming the first one. @throws ConversionError. */
export async function assertValidGlb(bytes: Uint8Array): Promise<void> {
  const errors = await gltfErrors(bytes);
  const first = errors[0];
  if (first)
    throw new ConversionError(
      `GLB 文件无效（${errors.length} 处错误）：${first.message}${first.pointer ? `（${first.pointer}）` : ''}`.slice(
        0,
        240,
      ),
    );
}
