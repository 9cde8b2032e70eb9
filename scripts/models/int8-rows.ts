/** Per-row symmetric int8 quantisation: row ≈ scale · q, q ∈ [-127, 127]. */

export interface Int8Rows {
  readonly values: Int8Array;
  readonly scales: Float32Array;
}

/** Quantises each row of a row-major matrix, multiplying row r by `rowWeights[r]` first. */
export function quantizeRows(
  matrix: Float64Array,
  dimension: number,
  rowWeights?: Float64Array,
): Int8Rows {
  const rows = matrix.length / dimension;
  const values = new Int8Array(matrix.length);
  const scales = new Float32Array(rows);
  for (let r = 0; r < rows; r++) {
    const o = r * dimension;
    let maxAbs = 0;
    for (let i = 0; i < dimension; i++) maxAbs = Math.max(maxAbs, Math.abs(matrix[o + i]!));
    if (maxAbs === 0) continue;
    const step = maxAbs / 127;
    for (let i = 0; i < dimension; i++) values[o + i] = Math.round(matrix[o + i]! / step);
    scales[r] = step * (rowWeights?.[r] ?? 1);
  }
  return { values, scales };
}

/** Row r as floats: what the ONNX graph computes for token id r. */
export function dequantizeRow(rows: Int8Rows, dimension: number, r: number): Float32Array {
  const out = new Float32Array(dimension);
  const scale = rows.scales[r] ?? 0;
  for (let i = 0; i < dimension; i++) out[i] = Math.fround(rows.values[r * dimension + i]! * scale);
  return out;
}
