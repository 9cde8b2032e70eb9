import { describe, expect, it } from 'vitest';
import { DatasetFormatError } from './eval-model.ts';
import { LOCOMO_SAMPLE } from './fixtures.test-support.ts';
import { parseLocomo } from './locomo.ts';

describe('LoCoMo loader', () => {
  const text = JSON.stringify([LOCOMO_SAMPLE]);

  it('reads sessions in order with times, speaker names and photos as text', () => {
    const { conversations, dataset } = parseLocomo(text, 'locomo.json');
    expect(dataset).toBe('locomo');
    const [conv] = conversations;
    expect(conv?.sessions.map((s) => s.id)).toEqual(['conv-x/S1', 'conv-x/S2']);
    expect(conv?.sessions[0]?.time).toBe('1:00 pm on 8 May, 2023');
    const turn = conv?.sessions[0]?.turns[1];
    expect(turn).toMatchObject({ id: 'conv-x/D1:2', speaker: 'user', speakerName: 'Ben' });
    expect(turn?.text).toContain('[shares a photo: a photo of a red bicycle]');
    expect(conv?.sessionSummaries?.get('conv-x/S1' as never)).toContain('puppy');
  });

  it('gives turn- and session-level gold, repairs malformed ids and leaves category 5 out', () => {
    const { conversations, notes } = parseLocomo(text, 'locomo.json');
    const questions = conversations[0]?.questions ?? [];
    expect(questions).toHaveLength(3);
    expect(questions[0]).toMatchObject({
      id: 'conv-x#0',
      answer: 'Miso',
      category: '4',
      evidenceTurns: ['conv-x/D1:1'],
      evidenceSessions: ['conv-x/S1'],
    });
    expect(questions[1]?.answer).toBe('2023');
    expect(questions[1]?.evidenceSessions).toEqual(['conv-x/S2', 'conv-x/S1']);
    expect(questions[2]?.evidenceTurns).toEqual(['conv-x/D2:2']);
    expect(notes).toEqual([
      '1 category-5 (adversarial) questions left out by default',
      '2 malformed evidence ids repaired',
      '1 evidence ids dropped (no such turn)',
    ]);
  });

  it('keeps category 5 when asked, answered by its adversarial answer', () => {
    const { conversations } = parseLocomo(text, 'locomo.json', { includeAdversarial: true });
    expect(conversations[0]?.questions.at(-1)).toMatchObject({ category: '5', answer: 'Miso' });
  });

  it('names the file, the sample and the field of malformed input', () => {
    const badTurn = structuredClone(LOCOMO_SAMPLE) as Record<string, unknown>;
    (badTurn.conversation as Record<string, unknown>).session_2 = [{ speaker: 'Ben', text: 'hi' }];
    expect(() => parseLocomo(JSON.stringify([badTurn]), 'bad.json')).toThrow(
      /bad\.json: record 0 \(sample conv-x, conversation\.session_2\): field 0\.dia_id/,
    );
    const noQa = { ...LOCOMO_SAMPLE, qa: [{ question: 'q', category: 'one' }] };
    expect(() => parseLocomo(JSON.stringify([LOCOMO_SAMPLE, noQa]), 'bad.json')).toThrow(
      /bad\.json: record 1: field qa\.0\.category/,
    );
    expect(() => parseLocomo('[{"sample_id": 1}', 'broken.json')).toThrow(DatasetFormatError);
    expect(() => parseLocomo('', 'empty.json')).toThrow(/empty\.json: file: .*empty/);
  });
});
