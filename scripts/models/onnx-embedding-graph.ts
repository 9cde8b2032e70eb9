/**
 * The bundled embedder's ONNX graph, written with onnx-proto (no Python needed):
 *
 *   input_ids [batch, sequence] int64
 *     → Gather(table int8 [vocab, dim])  → Cast(float) ─┐
 *     → Gather(scales float [vocab])     → Unsqueeze(-1) → Mul → last_hidden_state [batch, sequence, dim]
 *
 * Mean pooling and L2 normalisation are done by the transformers.js feature-extraction pipeline
 * (`pooling: 'mean', normalize: true`), which masks padding with the tokenizer's attention mask.
 */
import onnxProto from 'onnx-proto';
import type { Int8Rows } from './int8-rows.ts';

const { onnx } = onnxProto;
type ITensorProto = onnxProto.onnx.ITensorProto;
type IValueInfoProto = onnxProto.onnx.IValueInfoProto;

/** Opset 17: Gather-13, Cast-13, Unsqueeze-13 (axes as input), Mul-14. */
const OPSET = 17;
const IR_VERSION = 8;

export interface EmbeddingGraphSpec {
  readonly rows: Int8Rows;
  readonly vocabSize: number;
  readonly dimension: number;
  /** Recorded in the model's doc string and metadata. */
  readonly description: string;
}

function bytesOf(view: ArrayBufferView): Uint8Array {
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
}

/** Little-endian bytes, whatever the host's endianness (ONNX raw_data is little-endian). */
function float32Bytes(values: Float32Array): Uint8Array {
  const out = new DataView(new ArrayBuffer(values.length * 4));
  values.forEach((v, i) => out.setFloat32(i * 4, v, true));
  return new Uint8Array(out.buffer);
}

function tensor(name: string, dataType: number, dims: number[], rawData: Uint8Array): ITensorProto {
  return { name, dataType, dims, rawData };
}

function valueInfo(name: string, elemType: number, dims: (number | string)[]): IValueInfoProto {
  return {
    name,
    type: {
      tensorType: {
        elemType,
        shape: {
          dim: dims.map((d) => (typeof d === 'number' ? { dimValue: d } : { dimParam: d })),
        },
      },
    },
  };
}

/** Serialises the graph to ONNX protobuf bytes (deterministic for the same input). */
export function buildEmbeddingGraph(spec: EmbeddingGraphSpec): Uint8Array {
  const { rows, vocabSize, dimension } = spec;
  if (rows.values.length !== vocabSize * dimension || rows.scales.length !== vocabSize) {
    throw new RangeError(
      `table holds ${rows.values.length} values and ${rows.scales.length} scales; ` +
        `expected ${vocabSize}×${dimension} and ${vocabSize}`,
    );
  }
  const T = onnx.TensorProto.DataType;
  const A = onnx.AttributeProto.AttributeType;
  const axes = new DataView(new ArrayBuffer(8));
  axes.setBigInt64(0, -1n, true);
  const graph = {
    name: 'glove_lookup',
    node: [
      {
        name: 'gather_rows',
        opType: 'Gather',
        input: ['embeddings_int8', 'input_ids'],
        output: ['token_int8'],
        attribute: [{ name: 'axis', type: A.INT, i: 0 }],
      },
      {
        name: 'to_float',
        opType: 'Cast',
        input: ['token_int8'],
        output: ['token_float'],
        attribute: [{ name: 'to', type: A.INT, i: T.FLOAT }],
      },
      {
        name: 'gather_scales',
        opType: 'Gather',
        input: ['row_scales', 'input_ids'],
        output: ['token_scale'],
        attribute: [{ name: 'axis', type: A.INT, i: 0 }],
      },
      {
        name: 'scale_column',
        opType: 'Unsqueeze',
        input: ['token_scale', 'last_axis'],
        output: ['token_scale_column'],
      },
      {
        name: 'dequantize',
        opType: 'Mul',
        input: ['token_float', 'token_scale_column'],
        output: ['last_hidden_state'],
      },
    ],
    initializer: [
      tensor('embeddings_int8', T.INT8, [vocabSize, dimension], bytesOf(rows.values)),
      tensor('row_scales', T.FLOAT, [vocabSize], float32Bytes(rows.scales)),
      tensor('last_axis', T.INT64, [1], new Uint8Array(axes.buffer)),
    ],
    input: [valueInfo('input_ids', T.INT64, ['batch_size', 'sequence_length'])],
    output: [valueInfo('last_hidden_state', T.FLOAT, ['batch_size', 'sequence_length', dimension])],
  };
  const model = onnx.ModelProto.create({
    irVersion: IR_VERSION,
    opsetImport: [{ domain: '', version: OPSET }],
    producerName: 'grove/scripts/models/build-bundled-embedder.ts',
    producerVersion: '1',
    docString: spec.description,
    graph,
  });
  return onnx.ModelProto.encode(model).finish();
}
