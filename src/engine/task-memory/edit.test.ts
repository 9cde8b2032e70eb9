import { describe, expect, it } from 'vitest';
import { TaskQaNotFoundError, correctSlot, deleteQa, editQa } from './edit.ts';
import { extractTaskMemory } from './extractive.ts';
import { catalogueFixture, songSession } from './fixtures.test-support.ts';
import { findIntent } from './sgd-schema.ts';

const slots = findIntent(catalogueFixture(), 'PlayMedia')?.slots ?? [];
const device = slots.find((s) => s.name === 'playback_device');
const unit = extractTaskMemory(songSession, { slots });

describe('task memory edits', () => {
  it('replaces the pairs of a corrected slot with the new value, keeping the rest', () => {
    if (!device) throw new Error('fixture lacks playback_device');
    const corrected = correctSlot(unit, device, ' Kitchen speaker ');
    const pairs = corrected.qa.filter((q) => q.slot === 'playback_device');
    expect(pairs).toEqual([
      expect.objectContaining({ answer: 'Kitchen speaker', question: device.question }),
    ]);
    expect(new Set(corrected.qa.map((q) => q.id)).size).toBe(corrected.qa.length);
    expect(corrected.qa.filter((q) => q.slot !== 'playback_device')).toEqual(
      unit.qa.filter((q) => q.slot !== 'playback_device'),
    );
    expect(unit.qa.some((q) => q.answer === 'Kitchen speaker')).toBe(false);
  });

  it('edits and deletes one pair, and names a missing one', () => {
    const first = unit.qa[0]?.id ?? '';
    expect(editQa(unit, first, { answer: 'TV' }).qa[0]?.answer).toBe('TV');
    expect(editQa(unit, first, { question: 'Where? ' }).qa[0]?.question).toBe('Where?');
    expect(deleteQa(unit, first).qa.map((q) => q.id)).not.toContain(first);
    expect(() => deleteQa(unit, 'nope')).toThrow(TaskQaNotFoundError);
    expect(() => editQa(unit, 'nope', {})).toThrow(/no QA pair nope/);
  });
});
