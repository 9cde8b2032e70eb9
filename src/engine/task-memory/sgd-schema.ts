/**
 * SGD service schemas (google-research-datasets/dstc8-schema-guided-dialogue `schema.json`): the
 * intents of each service and the slots each intent takes. Task memory uses them to know which
 * slots a task has and how to ask for each ("Name of the song" → "What is the name of the song?").
 */
import { z } from 'zod';
import type { TaskSlot } from './types.ts';

const slotSchema = z.object({
  name: z.string().min(1),
  description: z.string(),
  is_categorical: z.boolean().optional(),
  possible_values: z.array(z.string()).optional(),
});

const intentSchema = z.object({
  name: z.string().min(1),
  description: z.string(),
  required_slots: z.array(z.string()).optional(),
  optional_slots: z.record(z.string(), z.string()).optional(),
});

const serviceSchema = z.object({
  service_name: z.string().min(1),
  description: z.string().optional(),
  slots: z.array(slotSchema),
  intents: z.array(intentSchema),
});

export const sgdSchemaFile = z.array(serviceSchema);

export interface SgdIntent {
  /** `PlaySong` */
  readonly name: string;
  /** `Music_1` */
  readonly service: string;
  readonly description: string;
  /** Required slots first, then optional ones, in schema order. */
  readonly slots: readonly TaskSlot[];
}

/** Intents by name (first service wins on a clash, as files are read in order). */
export type SgdCatalogue = ReadonlyMap<string, readonly SgdIntent[]>;

/** A schema file does not match the SGD format; the message names the file and the field. */
export class SgdSchemaError extends Error {
  override readonly name = 'SgdSchemaError';
}

/** "Name of the song" → "What is the name of the song?" */
export function slotQuestion(description: string, name: string): string {
  const text = description.trim().replace(/[.?!]+$/, '') || name.replace(/_/g, ' ');
  const lowered = text.charAt(0).toLowerCase() + text.slice(1);
  return `What is the ${lowered.replace(/^(?:the|a|an) /, '')}?`;
}

/** Reads one or more schema files (parsed JSON) into a catalogue of intents. */
export function sgdCatalogue(
  files: readonly { readonly file: string; readonly json: unknown }[],
): SgdCatalogue {
  const out = new Map<string, SgdIntent[]>();
  const seen = new Set<string>();
  for (const { file, json } of files) {
    const parsed = sgdSchemaFile.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new SgdSchemaError(
        `${file}: field ${issue?.path.map(String).join('.') || '(file)'}: ${issue?.message ?? 'invalid'}. ` +
          'Pass an SGD schema.json (a list of services with slots and intents).',
      );
    }
    for (const service of parsed.data) {
      if (seen.has(service.service_name)) continue;
      seen.add(service.service_name);
      const slots = new Map(service.slots.map((s) => [s.name, s]));
      for (const intent of service.intents) {
        const names = [
          ...(intent.required_slots ?? []),
          ...Object.keys(intent.optional_slots ?? {}),
        ];
        const taskSlots = [...new Set(names)].flatMap((name): TaskSlot[] => {
          const slot = slots.get(name);
          if (!slot) return [];
          const values = slot.is_categorical ? (slot.possible_values ?? []) : [];
          return [
            {
              name,
              question: slotQuestion(slot.description, name),
              ...(values.length > 0 ? { values } : {}),
            },
          ];
        });
        const list = out.get(intent.name) ?? [];
        list.push({
          name: intent.name,
          service: service.service_name,
          description: intent.description,
          slots: taskSlots,
        });
        out.set(intent.name, list);
      }
    }
  }
  return out;
}

/**
 * The intent named `intent`, preferring a service whose name starts with `service`
 * (MS-TOD writes `Music`, SGD `Music_1`); undefined when the catalogue lacks it.
 */
export function findIntent(
  catalogue: SgdCatalogue,
  intent: string,
  service?: string,
): SgdIntent | undefined {
  const list = catalogue.get(intent) ?? [];
  if (service !== undefined) {
    const match = list.find((i) => i.service === service || i.service.startsWith(`${service}_`));
    if (match) return match;
  }
  return list[0];
}
