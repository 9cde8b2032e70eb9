/** The building blocks of Grove's built-in IMPLEXCONV-style example (written for this project). */

/** One exchange: what the user said, what the assistant answered. */
export type Exchange = readonly [user: string, assistant: string];

export type SessionRole = 'trait' | 'supportive' | 'opposed' | 'distractor' | 'noise';

export interface ExampleSession {
  /** Stable id used by the questions below; the output uses positions in the final order. */
  readonly id: string;
  /** Which persona case it belongs to (noise sessions have none). */
  readonly case?: string;
  readonly role: SessionRole;
  readonly exchanges: readonly Exchange[];
}

export interface ExampleQuestion {
  readonly case: string;
  readonly reasoning: 'supportive' | 'opposed';
  /** The persona trait, "This person ..." as in the paper. */
  readonly trait: string;
  /** The implicit scenario sessions that support or oppose the trait. */
  readonly scenario: string;
  readonly question: string;
  readonly answer: string;
  /** Session ids holding the evidence: the trait session and the scenario sessions. */
  readonly evidence: readonly string[];
}
