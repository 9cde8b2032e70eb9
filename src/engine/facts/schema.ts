/** The JSON shape the fact-extraction prompt asks for, and the tolerant normalisation before validation. */
import { z } from 'zod';
import { FACT_CATEGORIES } from '../types.ts';

export const extractedFactSchema = z.object({
  /** One self-contained, third-person sentence about the user. */
  text: z.string().trim().min(1),
  category: z.enum(FACT_CATEGORIES),
  /** Ids of the turns the fact comes from, as written in the prompt's `[id]` prefixes. */
  turns: z.array(z.union([z.string(), z.number()])),
});

export const extractionSchema = z.object({
  facts: z.array(extractedFactSchema),
});

export type ExtractedFact = z.output<typeof extractedFactSchema>;
export type ExtractionOutput = z.output<typeof extractionSchema>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Forgives harmless deviations small models make, so they are not retried: a bare array instead
 * of `{ facts }`, a category in another case, a missing `turns` list (treated as "unknown"), a
 * single turn id instead of a list. Anything else is left for validation to report.
 */
export function normaliseExtraction(json: unknown): unknown {
  const root = Array.isArray(json) ? { facts: json } : json;
  if (!isRecord(root) || !Array.isArray(root['facts'])) return root;
  return {
    ...root,
    facts: root['facts'].map((fact: unknown) => {
      if (!isRecord(fact)) return fact;
      const category = fact['category'];
      const turns = fact['turns'];
      return {
        ...fact,
        ...(typeof category === 'string' ? { category: category.trim().toLowerCase() } : {}),
        turns:
          turns === undefined || turns === null
            ? []
            : typeof turns === 'string' || typeof turns === 'number'
              ? [turns]
              : turns,
      };
    }),
  };
}
