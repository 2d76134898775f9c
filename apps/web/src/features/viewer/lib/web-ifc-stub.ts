/**
 * Stand-in for `web-ifc` in the web build (issue 17 "Weight and speed"). `@thatopen/components` and
 * `@thatopen/fragments` import web-ifc for their IFC loaders (`IfcLoader`, `IfcImporter`), which the
 * browser never runs: the server converts IFC to `.frag` (converters/ifc-to-fragments.ts) and the
 * viewer only loads that. web-ifc's browser API is 3.4 MB of JavaScript — two thirds of the 3D viewer's
 * chunk — which every visitor downloaded, parsed and compiled before the first interactive frame.
 *
 * At module level the two libraries only read IFC type codes (numbers) into lookup sets of their IFC
 * loaders; with this stub those read `undefined`, which nothing in the viewer consults. Anything that
 * constructs `IfcAPI` throws a clear error instead of loading WebAssembly.
 */

/** Always throws: IFC is parsed on the server, never in the browser. */
export class IfcAPI {
  constructor() {
    throw new Error('web-ifc is not bundled in the web app: IFC is converted on the server');
  }
}

/** web-ifc's log levels (read when an IfcLoader's settings are built). */
export const LogLevel = {
  LOG_LEVEL_DEBUG: 1,
  LOG_LEVEL_WARN: 3,
  LOG_LEVEL_ERROR: 4,
  LOG_LEVEL_OFF: 6,
} as const;
