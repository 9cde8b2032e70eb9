/**
 * The explorer worker's own errors, apart from its logic so the page can rebuild them by class
 * (explorer-client.ts) without loading the parsers and the engine.
 */

export class NoDatasetError extends Error {
  override readonly name = 'NoDatasetError';
  constructor(what: string) {
    super(`${what}: load a dataset (or the built-in example) first.`);
  }
}

export class UnknownDatasetError extends Error {
  override readonly name = 'UnknownDatasetError';
  constructor(file: string) {
    super(
      `${file}: not a dataset the explorer knows. Drop an IMPLEXCONV file (JSON, JSON Lines or the ` +
        "hub's parquet), a LoCoMo JSON file, or a Grove conversation export.",
    );
  }
}

export class JudgeUnavailableError extends Error {
  override readonly name = 'JudgeUnavailableError';
  constructor() {
    super(
      'The LLM judge needs a loaded LLM: load a model in Settings, or pick the no-LLM judge (hybrid: embedding + keywords).',
    );
  }
}
