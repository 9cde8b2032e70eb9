/**
 * The task dialogue's data (MAP in the chat): the state machine's state (task-flow.ts moves it),
 * the confirmation card under a reply, and how a model-written task reply was checked.
 */
import type { SlotStatus } from '../engine/task-memory/index.ts';
import type { TaskKind } from '../engine/task-memory/task-catalogue.ts';
import type { RecalledSlot } from '../storage/task-memory-store.ts';

export type TaskPhase = 'asking' | 'confirming' | 'done' | 'gave-up';

export interface TaskState {
  readonly kind: TaskKind;
  readonly values: Readonly<Record<string, string>>;
  /** Slots whose value came from memory, with the memory that supplied it. */
  readonly sources: Readonly<Record<string, RecalledSlot>>;
  readonly phase: TaskPhase;
  /** The slot the last question asked about. */
  readonly asking: string | null;
  /** Slot questions asked so far (the proactive loop's turns). */
  readonly questions: number;
  readonly maxQuestions: number;
  /** Slots the user corrected with the inline control (their memory was updated). */
  readonly corrected: readonly string[];
}

/** What the confirmation under a reply shows. */
export interface TaskCard {
  readonly messageId: string;
  readonly kindLabel: string;
  readonly slots: readonly {
    readonly name: string;
    readonly label: string;
    readonly value: string;
    readonly source?: RecalledSlot;
    /** The user corrected it inline (and the memory that supplied it, if any, was updated). */
    readonly corrected: boolean;
  }[];
  /** Only the latest confirmation of an open task can be corrected. */
  readonly open: boolean;
  /** Why memory supplied nothing, when it could not be read. */
  readonly note?: string;
}

/** Why the template reply stands instead of the model's. */
export type TemplateReason = 'slots' | 'no-question' | 'empty' | 'error' | 'stopped';

export interface CheckedSlot {
  readonly name: string;
  readonly label: string;
  /** The value the state machine holds. */
  readonly value: string;
  readonly status: SlotStatus;
}

export interface TaskReplyCheck {
  /** Who wrote the reply shown: the model (checked) or the template. */
  readonly source: 'model' | 'template';
  readonly reason?: TemplateReason;
  /** Each known slot against the model's reply (empty when the model wrote nothing to check). */
  readonly slots: readonly CheckedSlot[];
  /** The model's reply when it was not shown. */
  readonly rejected?: string;
  readonly error?: string;
  /** One line for the message's details ("Reply checked: 1 slot missing (time), template used"). */
  readonly summary: string;
}
