/**
 * Shapes shared by the converters (spec 001 §4 conversion statuses; DESIGN.md converters).
 */
/** One conversion: an original on local disk → a derived file (model, PDF, video, poster) in `outputDir`. */
export interface ConvertRequest {
  /** Absolute path of the stored original. */
  inputPath: string;
  /** The user's file name, for names inside the derived model (optional). */
  fileName?: string;
  /** Lower-case suffix without the dot (`ifc`, `obj`, …). */
  suffix: string;
  /** Folder for the derived file; created when missing, emptied on failure. */
  outputDir: string;
  /** Wall-clock limit in milliseconds; the converter process is killed after it. */
  timeoutMs: number;
  /** Resident-memory limit of the converter process in MiB; it is killed above it. */
  memoryMb: number;
  /** Progress 0–100 while the converter works. */
  onProgress?: (percent: number) => void;
  /**
   * The model's sibling files (same space and folder) for multi-file models (.gltf + .bin, .obj +
   * .mtl, textures; issue 13). Without it the model is converted alone, nothing checked.
   */
  companions?: CompanionSource;
}

/** Where a model's sibling files are read from (injected by the worker; companion-files.ts stages what it answers). */
export interface CompanionSource {
  /**
   * Local paths of the siblings with these names (case-insensitive), keyed by lower-case name;
   * names not found are absent. @param names file names without folders.
   */
  find(names: string[]): Promise<Map<string, string>>;
  /** Local paths of every image sibling (TEXTURE_SUFFIXES), keyed by lower-case name. */
  images(): Promise<Map<string, string>>;
}

/** Figures of a derived model, stored on the file row (`files.stats`). */
export interface ModelStats {
  [key: string]: unknown;
  /** Input size in bytes. */
  bytesIn: number;
  /** Output size in bytes. */
  bytesOut: number;
  /** Conversion wall time in seconds. */
  seconds: number;
}

/**
 * What a conversion derived (stored as `derivedKind`): a fragments or GLB model, a PDF rendition of an
 * office document, an MP4 rendition of a video, only a poster frame for a video that plays as it is,
 * or the ASCII DXF of a 2D drawing (DWG or DXF, issue 13).
 */
export type DerivedKind = 'fragments' | 'glb' | 'pdf' | 'mp4' | 'poster' | 'dxf';

export type ConvertResult =
  | { ok: true; kind: DerivedKind; outputPath: string; outputBytes: number; stats: ModelStats }
  /** `reason` is Simplified Chinese for the user; `retryable` marks transient failures. */
  | { ok: false; reason: string; retryable: boolean };

/** A converter's failure with a user-readable reason (thrown inside converters, mapped to ConvertResult). */
export class ConversionError extends Error {
  readonly retryable: boolean;
  constructor(reason: string, retryable = false) {
    super(reason);
    this.retryable = retryable;
  }
}
