/**
 * 3D support check (spec 001 §2: the model viewer shows "when 3D graphics are supported"; otherwise the
 * header bar and a message appear).
 */

let cached: boolean | null = null;

/** Whether this browser can create a WebGL2 or WebGL context (checked once, then cached). */
export function hasWebGL(): boolean {
  if (cached !== null) return cached;
  try {
    const canvas = document.createElement('canvas');
    const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    cached = gl !== null;
    gl?.getExtension('WEBGL_lose_context')?.loseContext();
  } catch {
    cached = false;
  }
  return cached;
}
