/**
 * Client-side file and folder name check (spec 001 §5): names must not contain \ / : * ? " < > |,
 * with the exact message 文件名不能包含下列任何字符 \ / : * ? " < > |.
 */
import { FileNameSchema } from '@bimdrive/contracts';

/**
 * Validate a file or folder name with the shared schema.
 * @returns null when valid, otherwise the message to show.
 */
export function validateFileName(name: string): string | null {
  const result = FileNameSchema.safeParse(name);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}
