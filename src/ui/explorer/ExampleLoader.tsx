/** Where a benchmark example comes from: the built-in one (one click), a file picker, or a drop. */
import { useId, useState } from 'react';

interface Props {
  readonly busy: boolean;
  readonly onExample: () => void;
  readonly onFile: (file: File) => void;
}

export function ExampleLoader({ busy, onExample, onFile }: Props) {
  const inputId = useId();
  const [over, setOver] = useState(false);
  return (
    <section
      className={`explorer-loader${over ? ' drop-over' : ''}`}
      aria-label="Load a benchmark example"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const file = e.dataTransfer.files[0];
        if (file && !busy) onFile(file);
      }}
    >
      <button type="button" className="primary" onClick={onExample} disabled={busy}>
        Load the built-in example
      </button>
      <span className="or">or</span>
      <label htmlFor={inputId} className="file-label">
        Open a benchmark file
      </label>
      <input
        id={inputId}
        type="file"
        accept=".json,.jsonl,.parquet,application/json"
        disabled={busy}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          if (file) onFile(file);
          e.currentTarget.value = '';
        }}
      />
      <p className="hint">
        IMPLEXCONV (JSON array, hub rows, JSON Lines or the hub&apos;s parquet files) and LoCoMo
        JSON — or drop a file here. Files are read in this tab only.
      </p>
    </section>
  );
}
