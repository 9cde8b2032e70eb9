/** Argument helpers shared by the CLI commands. */
import { parseArgs, type ParseArgsConfig } from 'node:util';

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export type Options = NonNullable<ParseArgsConfig['options']>;

export function parse<O extends Options>(argv: string[], options: O) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: false, strict: true }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** A number option, optionally within [min, max]. */
export function numberOption(
  value: string | undefined,
  name: string,
  fallback: number,
  range: { min: number; max: number } = { min: -Infinity, max: Infinity },
): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < range.min || n > range.max) {
    const bounds = Number.isFinite(range.min) ? ` between ${range.min} and ${range.max}` : '';
    throw new UsageError(`--${name} must be a number${bounds}, got "${value}"`);
  }
  return n;
}

/** The raw value of `--name` in argv (`--name v` or `--name=v`), before full parsing. */
export function argValue(argv: readonly string[], name: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === `--${name}`) return argv[i + 1];
    if (arg.startsWith(`--${name}=`)) return arg.slice(name.length + 3);
  }
  return undefined;
}

/** Options every `grove eval` route accepts. */
export const EVAL_RUN_OPTIONS = {
  dataset: { type: 'string' },
  file: { type: 'string' },
  method: { type: 'string' },
  embedder: { type: 'string' },
  llm: { type: 'string' },
  limit: { type: 'string' },
  json: { type: 'boolean' },
} as const;

export function intOption(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n)) throw new UsageError(`--${name} must be an integer, got "${value}"`);
  return n;
}

export function choice<T extends string>(
  value: string | undefined,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T {
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`--${name} must be one of ${allowed.join(', ')}; got "${value}"`);
  }
  return value as T;
}

export function required(value: string | undefined, name: string): string {
  if (value === undefined || value === '') throw new UsageError(`--${name} is required`);
  return value;
}
