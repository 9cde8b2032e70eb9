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
