/** What the server asks the snapshot page (main.ts) to draw. */
export interface RenderRequest {
  /** `model`: a GLB (a preview GLB or a converted model); `drawing`: an ASCII DXF. */
  kind: 'model' | 'drawing';
  /** URL of the file, answered by the server's request interception. */
  url: string;
  /** Picture size in CSS px (device pixel ratio 1). */
  width: number;
  height: number;
}
