/**
 * The 3D viewer's 测量 tool (issue 13 "measure (distance, angle, area; snapping to vertices and
 * edges)"): while a mode is on, canvas clicks place points (snapped by `ViewerEngine.snapPick`) instead
 * of picking elements; a marker under the pointer shows what a click would snap to.
 *
 * 距离: two points → their distance; 角度: three points → the angle at the second; 面积: three or more
 * points, finished by clicking the first point again or by `finish()` → the polygon's area. Results
 * stay drawn (lines on top of the model, a label in the overlay element) until `clear()`; a new
 * measurement starts after each result. Labels are `[data-testid="measure-label"]` in `overlay`,
 * moved with the camera every frame. `onChange` reports the mode, the points placed so far and the
 * number of results. Arithmetic and formats: measure.ts.
 */
import * as THREE from 'three';
import { measureLabel, POINTS_NEEDED, type MeasureMode } from './measure.ts';
import type { SnapHit, SnapKind } from './snap.ts';
import type { ViewerEngine } from './viewer-engine.ts';

/** What the tool reports to the toolbar and the hint bar. */
export interface MeasureState {
  mode: MeasureMode | null;
  /** Points of the measurement in progress. */
  placed: number;
  /** Finished measurements on screen. */
  results: number;
}

const LINE_COLOR = '#ff4d4f';
const SNAP_COLORS: Record<SnapKind, string> = { vertex: '#52c41a', edge: '#fa8c16', face: '#1677ff' };
/** Screen px within which a click on the first point closes an area polygon. */
const CLOSE_PX = 12;

/** One measurement's drawing: its points, line and label. */
interface Drawn {
  points: THREE.Vector3[];
  object: THREE.Group;
  label: HTMLDivElement | null;
  anchor: THREE.Vector3 | null;
}

/** The 测量 tool of one engine; see the module docstring. */
export class MeasureTool {
  private readonly engine: ViewerEngine;
  private readonly overlay: HTMLElement;
  private readonly group = new THREE.Group();
  private readonly marker: THREE.Points;
  private mode: MeasureMode | null = null;
  private current: Drawn | null = null;
  private readonly results: Drawn[] = [];
  private hoverBusy = false;
  private hoverNext: { x: number; y: number } | null = null;
  onChange: ((state: MeasureState) => void) | null = null;

  constructor(engine: ViewerEngine, overlay: HTMLElement) {
    this.engine = engine;
    this.overlay = overlay;
    this.group.renderOrder = 10;
    this.marker = new THREE.Points(
      new THREE.BufferGeometry().setAttribute('position', new THREE.Float32BufferAttribute([0, 0, 0], 3)),
      new THREE.PointsMaterial({ size: 12, sizeAttenuation: false, depthTest: false, transparent: true }),
    );
    this.marker.visible = false;
    this.marker.renderOrder = 11;
    engine.world.scene.three.add(this.group, this.marker);
    engine.world.renderer?.onAfterUpdate.add(this.placeLabels);
    engine.canvas.addEventListener('pointermove', this.onMove);
  }

  /** Mode, points placed and results now. */
  get state(): MeasureState {
    return { mode: this.mode, placed: this.current?.points.length ?? 0, results: this.results.length };
  }

  /** Start measuring in `mode` (null: stop; results stay). Clicks go to the tool while a mode is on. */
  setMode(mode: MeasureMode | null): void {
    this.discardCurrent();
    this.mode = mode;
    this.engine.clickHandler = mode ? (x, y) => void this.click(x, y) : null;
    this.engine.canvas.style.cursor = mode ? 'crosshair' : '';
    if (!mode) this.marker.visible = false;
    this.changed();
  }

  /** Close the area polygon in progress (3 points or more). */
  finish(): void {
    if (this.mode === 'area' && this.current && this.current.points.length >= POINTS_NEEDED.area)
      this.complete();
  }

  /** Remove every measurement (清除测量); the mode stays. */
  clear(): void {
    this.discardCurrent();
    for (const r of this.results.splice(0)) disposeDrawn(r);
    this.changed();
  }

  /** Remove everything the tool added to the scene, the overlay and the canvas. */
  dispose(): void {
    this.clear();
    this.engine.clickHandler = null;
    this.engine.canvas.removeEventListener('pointermove', this.onMove);
    this.engine.world.renderer?.onAfterUpdate.remove(this.placeLabels);
    this.group.removeFromParent();
    this.marker.removeFromParent();
    this.marker.geometry.dispose();
    (this.marker.material as THREE.Material).dispose();
  }

  /** A click at a client point: place a (snapped) point, finish when the mode has enough. */
  async click(clientX: number, clientY: number): Promise<void> {
    const mode = this.mode;
    if (!mode) return;
    const hit = await this.engine.snapPick(clientX, clientY);
    if (!hit || this.mode !== mode) return;
    this.current ??= { points: [], object: new THREE.Group(), label: null, anchor: null };
    const points = this.current.points;
    if (mode === 'area' && points.length >= POINTS_NEEDED.area) {
      const rect = this.engine.canvas.getBoundingClientRect();
      const first = this.engine.toScreen(points[0]!);
      if (first.distanceTo(new THREE.Vector2(clientX - rect.left, clientY - rect.top)) <= CLOSE_PX)
        return this.complete();
    }
    points.push(hit.point);
    this.redraw(this.current, mode === 'area' && points.length >= 3);
    if (mode !== 'area' && points.length === POINTS_NEEDED[mode]) this.complete();
    else this.changed();
  }

  private complete(): void {
    const drawn = this.current!;
    this.current = null;
    const mode = this.mode!;
    this.redraw(drawn, mode === 'area');
    const label = document.createElement('div');
    label.dataset.testid = 'measure-label';
    label.dataset.mode = mode;
    label.textContent = measureLabel(mode, drawn.points);
    Object.assign(label.style, {
      position: 'absolute',
      transform: 'translate(-50%, -130%)',
      padding: '2px 6px',
      borderRadius: '4px',
      background: 'rgba(0,0,0,0.75)',
      color: '#fff',
      font: '12px/18px system-ui, sans-serif',
      whiteSpace: 'nowrap',
      pointerEvents: 'none',
    });
    this.overlay.appendChild(label);
    drawn.label = label;
    drawn.anchor = anchorOf(mode, drawn.points);
    this.results.push(drawn);
    this.placeLabels();
    this.changed();
  }

  /** Draw a measurement's points and its line (closed for an area). */
  private redraw(drawn: Drawn, closed: boolean): void {
    for (const child of [...drawn.object.children]) {
      child.removeFromParent();
      (child as THREE.Line).geometry.dispose();
      ((child as THREE.Line).material as THREE.Material).dispose();
    }
    const path = closed ? [...drawn.points, drawn.points[0]!] : drawn.points;
    const line = new THREE.Line(
      new THREE.BufferGeometry().setFromPoints(path),
      new THREE.LineBasicMaterial({ color: LINE_COLOR, depthTest: false, transparent: true }),
    );
    const dots = new THREE.Points(
      new THREE.BufferGeometry().setFromPoints(drawn.points),
      new THREE.PointsMaterial({
        color: LINE_COLOR,
        size: 7,
        sizeAttenuation: false,
        depthTest: false,
        transparent: true,
      }),
    );
    line.renderOrder = dots.renderOrder = 10;
    drawn.object.add(line, dots);
    if (!drawn.object.parent) this.group.add(drawn.object);
  }

  private discardCurrent(): void {
    if (this.current) disposeDrawn(this.current);
    this.current = null;
  }

  private changed(): void {
    this.engine.requestRender();
    this.onChange?.(this.state);
  }

  /** Keep each label over its anchor (hidden behind the camera). */
  private readonly placeLabels = (): void => {
    for (const r of this.results) {
      if (!r.label || !r.anchor) continue;
      const visible = this.engine.inFront(r.anchor);
      r.label.style.display = visible ? '' : 'none';
      if (!visible) continue;
      const p = this.engine.toScreen(r.anchor);
      r.label.style.left = `${p.x}px`;
      r.label.style.top = `${p.y}px`;
    }
  };

  /** Show what a click would snap to, one snapping raycast at a time. */
  private readonly onMove = (e: PointerEvent): void => {
    if (!this.mode || e.pointerType === 'touch') return;
    this.hoverNext = { x: e.clientX, y: e.clientY };
    if (!this.hoverBusy) void this.hover();
  };

  private async hover(): Promise<void> {
    this.hoverBusy = true;
    try {
      while (this.hoverNext && this.mode) {
        const { x, y } = this.hoverNext;
        this.hoverNext = null;
        this.showMarker(await this.engine.snapPick(x, y));
      }
    } finally {
      this.hoverBusy = false;
    }
  }

  private showMarker(hit: SnapHit | null): void {
    this.engine.requestRender();
    this.marker.visible = !!hit && !!this.mode;
    this.engine.canvas.dataset.snap = hit?.snap ?? '';
    if (!hit) return;
    this.marker.position.copy(hit.point);
    (this.marker.material as THREE.PointsMaterial).color.set(SNAP_COLORS[hit.snap]);
  }
}

/** Remove a measurement's drawing and label. */
function disposeDrawn(drawn: Drawn): void {
  drawn.object.removeFromParent();
  drawn.object.traverse((o) => {
    const m = o as THREE.Line;
    m.geometry?.dispose();
    (m.material as THREE.Material | undefined)?.dispose();
  });
  drawn.label?.remove();
}

/** Where a result's label sits: a distance's middle, an angle's vertex, an area's centroid. */
function anchorOf(mode: MeasureMode, points: readonly THREE.Vector3[]): THREE.Vector3 {
  if (mode === 'distance') return points[0]!.clone().lerp(points[1]!, 0.5);
  if (mode === 'angle') return points[1]!.clone();
  return points.reduce((sum, p) => sum.add(p), new THREE.Vector3()).divideScalar(points.length);
}
