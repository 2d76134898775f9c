/**
 * The 3D viewer's 剖切 tool (issue 13 "section planes … at least one movable plane per axis and a
 * section box"), on @thatopen/components' Clipper: clipping planes that clip every material of the
 * world (fragments and GLB alike, through the renderer's global clipping planes), each drawn as a
 * translucent plane with an arrow to drag it along its normal.
 *
 * `addPlane(axis)` puts a plane through the model's centre across `x`, `y` (three.js up: a plan cut)
 * or `z`, keeping the lower / nearer half; `setBox(true)` puts six planes on the model's box faces,
 * pointing inwards (a section box whose faces are dragged in); `clear()` removes every plane.
 * `onChange` fires with the counts after each change. Errors: none; before a model is loaded the
 * calls do nothing.
 */
import * as OBC from '@thatopen/components';
import * as THREE from 'three';
import type { ViewerEngine } from './viewer-engine.ts';

/** An axis of the model's world (three.js: y up). */
export type SectionAxis = 'x' | 'y' | 'z';

/** What the tool holds: planes across an axis, and whether the section box is on. */
export interface SectionState {
  planes: number;
  box: boolean;
}

const AXES: Record<SectionAxis, THREE.Vector3> = {
  x: new THREE.Vector3(1, 0, 0),
  y: new THREE.Vector3(0, 1, 0),
  z: new THREE.Vector3(0, 0, 1),
};

/** Clipping planes over one engine's world; see the module docstring. */
export class SectionTool {
  private readonly clipper: OBC.Clipper;
  private readonly engine: ViewerEngine;
  private readonly axisPlanes = new Set<string>();
  private readonly boxPlanes = new Set<string>();
  onChange: ((state: SectionState) => void) | null = null;

  constructor(engine: ViewerEngine) {
    this.engine = engine;
    this.clipper = engine.components.get(OBC.Clipper);
    this.clipper.enabled = true;
    this.clipper.setup({ color: new THREE.Color('#1677ff'), opacity: 0.12 });
  }

  /** Planes and box now. */
  get state(): SectionState {
    return { planes: this.axisPlanes.size, box: this.boxPlanes.size > 0 };
  }

  /** A plane across `axis` through the model's centre, clipping away the upper / farther half. */
  async addPlane(axis: SectionAxis): Promise<void> {
    const box = await this.engine.modelBox();
    if (box.isEmpty() || this.engine.isDisposed) return;
    const id = this.clipper.createFromNormalAndCoplanarPoint(
      this.engine.world,
      AXES[axis].clone().negate(),
      box.getCenter(new THREE.Vector3()),
    );
    this.axisPlanes.add(id);
    this.changed();
  }

  /** Switch the section box on (six inward planes on the model's box faces) or off. */
  async setBox(on: boolean): Promise<void> {
    if (!on) {
      this.remove(this.boxPlanes);
      return this.changed();
    }
    if (this.boxPlanes.size) return;
    const box = await this.engine.modelBox();
    if (box.isEmpty() || this.engine.isDisposed) return;
    // A hair outside the model, so switching the box on clips nothing until a face is dragged in.
    const margin = box.getSize(new THREE.Vector3()).length() * 0.002;
    box.expandByScalar(margin);
    for (const axis of Object.values(AXES)) {
      this.boxPlanes.add(
        this.clipper.createFromNormalAndCoplanarPoint(this.engine.world, axis.clone(), box.min),
      );
      this.boxPlanes.add(
        this.clipper.createFromNormalAndCoplanarPoint(this.engine.world, axis.clone().negate(), box.max),
      );
    }
    this.changed();
  }

  /** Remove every plane (清除剖切). */
  clear(): void {
    this.remove(this.axisPlanes);
    this.remove(this.boxPlanes);
    this.changed();
  }

  private remove(ids: Set<string>): void {
    for (const id of ids) this.clipper.list.delete(id);
    ids.clear();
  }

  private changed(): void {
    this.engine.requestRender();
    this.onChange?.(this.state);
  }
}
