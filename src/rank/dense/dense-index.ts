import type { SymbolKind } from "../../index/types.js";
import { createDotKernel, type DotKernel } from "./dense-kernel.js";
import { decodeVectorInto, encodedDims } from "./dense-vector-codec.js";

/** What one row of the matrix stands for: a dense unit of a file. */
export interface DenseUnitRef {
  /** A symbol kind, or `header` for the file-header unit. */
  readonly kind: SymbolKind | "header";
  readonly name: string;
  readonly startLine: number;
  readonly endLine: number;
}

/** Every cached vector of the current tree in one contiguous int8 matrix, with what each row means. */
export interface DenseIndex {
  readonly kernel: DotKernel;
  /** Per-row scale restoring unit length (see dense-vector-codec). */
  readonly scales: Float32Array;
  /** Per-row index into `files`. */
  readonly rowFile: Int32Array;
  readonly files: readonly string[];
  readonly units: readonly DenseUnitRef[];
}

/** Fills a {@link DenseIndex} row by row; rows of one file need not be adjacent. */
export interface DenseIndexBuilder {
  /** Adds one encoded vector (dense-vector-codec format). Vectors of another dimension are ignored. */
  add(path: string, unit: DenseUnitRef, vector: Uint8Array): void;
  /** The index over the rows added so far (at most `capacity`). */
  finish(): DenseIndex;
}

/** Starts an index for up to `capacity` vectors of `dims` dimensions. */
export function createDenseIndexBuilder(capacity: number, dims: number, options: { readonly forceJavaScript?: boolean } = {}): DenseIndexBuilder {
  const kernel = createDotKernel(capacity, dims, options);
  const bytes = new Uint8Array(kernel.codes.buffer, kernel.codes.byteOffset, kernel.codes.byteLength);
  const scales = new Float32Array(capacity);
  const rowFile = new Int32Array(capacity);
  const files: string[] = [];
  const fileIds = new Map<string, number>();
  const units: DenseUnitRef[] = [];
  return {
    add(path, unit, vector) {
      const row = units.length;
      if (row >= capacity || encodedDims(vector) !== dims) return;
      let id = fileIds.get(path);
      if (id === undefined) {
        id = files.push(path) - 1;
        fileIds.set(path, id);
      }
      scales[row] = decodeVectorInto(vector, bytes, row * dims);
      rowFile[row] = id;
      units.push(unit);
    },
    finish() {
      // Unused capacity stays zero: rows with scale 0 score 0 and map to no unit, so they are skipped.
      return { kernel, scales, rowFile, files, units };
    },
  };
}
