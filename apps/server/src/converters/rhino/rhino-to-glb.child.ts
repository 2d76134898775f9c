/**
 * Child-process entry of the 3DM converter (rhino-to-glb.ts): `node rhino-to-glb.child.ts <input>
 * <output.glb> <root name>`. Reads the Rhino file with rhino3dm (WebAssembly), builds the scene
 * (rhino-scene.ts) and writes it as a GLB (scene-glb.ts). Reports over IPC:
 *   { type: 'progress', percent } … then { type: 'done', stats } or { type: 'failed', reason, outOfMemory? }.
 * Reasons are Simplified Chinese for the user (001 §4 转换失败).
 */
import { open, readFile, writeFile } from 'node:fs/promises';
import rhino3dm from 'rhino3dm';
import { NO_RENDER_MESH_REASON, NOTHING_TO_SHOW_REASON, rhinoScene, type RhinoDoc } from './rhino-scene.ts';
import { sceneToGlb } from './scene-glb.ts';

const [inputPath, outputPath, rootName] = process.argv.slice(2) as [string, string, string];
const send = (m: unknown) => process.send?.(m);

/** A failure with a reason for the user. */
class Unreadable extends Error {}

/** Every 3DM starts with this 24-byte text (then the version, padded to 32 bytes). */
const MAGIC = '3D Geometry File Format ';

async function run(): Promise<Record<string, unknown>> {
  const fh = await open(inputPath, 'r');
  const head = Buffer.alloc(32);
  await fh.read(head, 0, 32, 0);
  await fh.close();
  if (head.subarray(0, 24).toString('latin1') !== MAGIC)
    throw new Unreadable('不是有效的 3DM 文件（缺少 Rhino 文件头）');
  const version = Number(head.subarray(24, 32).toString('latin1').trim()) || 0;
  const rhino = await rhino3dm();
  send({ type: 'progress', percent: 15 });
  const bytes = new Uint8Array(await readFile(inputPath));
  const doc = rhino.File3dm.fromByteArray(bytes) as unknown as RhinoDoc | null;
  if (!doc) throw new Unreadable(`3DM 文件已损坏或版本不受支持（文件版本 ${version || '未知'}），无法读取`);
  send({ type: 'progress', percent: 45 });
  const { scene, figures, triangles } = rhinoScene(rhino, doc, rootName);
  if (triangles === 0)
    throw new Unreadable(figures.withoutRenderMesh > 0 ? NO_RENDER_MESH_REASON : NOTHING_TO_SHOW_REASON);
  send({ type: 'progress', percent: 75 });
  await writeFile(outputPath, await sceneToGlb(scene));
  return { ...figures, rhinoVersion: version };
}

run().then(
  (stats) => send({ type: 'done', stats }),
  (err: unknown) => {
    const message = err instanceof Error ? err.message : String(err);
    send({
      type: 'failed',
      reason: err instanceof Unreadable ? err.message : `3DM 文件无法转换：${message.slice(0, 160)}`,
      outOfMemory: /out of memory|Aborted\(OOM\)|Array buffer allocation failed/i.test(message),
    });
  },
);
