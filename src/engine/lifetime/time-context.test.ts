import { describe, expect, it } from 'vitest';
import { asFactId, asSessionId, asTurnId, type Fact, type FactId } from '../types.ts';
import { timeAwareItems } from './time-context.ts';
import { memoryLine } from './memory-line.ts';
import { lineageOf, markReplaced, undoSupersede, LineageError } from './lineage.ts';

const fact = (id: string, text: string, validFrom: string, more: Partial<Fact> = {}): Fact => ({
  id: asFactId(id),
  text,
  category: 'other',
  sources: [{ sessionId: asSessionId(`s-${id}`), turnIds: [asTurnId(`t-${id}`)] }],
  validFrom,
  ...more,
});

const boston = fact('boston', 'I live in Boston', '2022-01', {
  validTo: '2023-11',
  supersededBy: asFactId('denver'),
});
const denver = fact('denver', 'I moved to Denver for a job at a bike shop', '2023-11', {
  validTo: '2024-05',
  supersededBy: asFactId('seattle'),
});
const seattle = fact('seattle', 'Actually I moved again, to Seattle, in May', '2024-05');
const peanuts = fact('peanuts', "I'm allergic to peanuts", '2023-11');
const tom = fact('tom', 'My friend Tom just moved to Austin', '2024-02');
const facts = new Map<FactId, Fact>([boston, denver, seattle, peanuts, tom].map((f) => [f.id, f]));
const item = (f: Fact) => ({
  id: f.id,
  text: f.text,
  sessionIds: f.sources.map((s) => s.sessionId),
  factIds: [f.id],
});
const retrieved = [peanuts, tom, denver].map(item);
const texts = (question: string) => timeAwareItems(question, retrieved, { facts }).map((i) => i.id);

describe('retrieval that knows time', () => {
  it('puts the current fact first for a question about now, the replaced ones after, dated', () => {
    const items = timeAwareItems('Where do I live now?', retrieved, { facts });
    expect(items.map((i) => i.id)).toEqual(['seattle', 'denver', 'boston']);
    expect(items.map((i) => memoryLine(i))).toEqual([
      '- [2024-05 → now] Actually I moved again, to Seattle, in May',
      '- [2023-11 → 2024-05, replaced] I moved to Denver for a job at a bike shop',
      '- [2022-01 → 2023-11, replaced] I live in Boston',
    ]);
  });

  it('keeps other memories after the lineage, but never another person on the same attribute', () => {
    expect(texts('Where do I live?')).toEqual(['seattle', 'denver', 'boston', 'peanuts']);
  });

  it('reaches the value that held at a date, and the one before an event', () => {
    expect(texts('Where was I living in June 2023?')[0]).toBe('boston');
    expect(texts('Where was I living in March 2024?')[0]).toBe('denver');
    expect(texts('Where did I live before my latest move?')[0]).toBe('denver');
    expect(texts('Where did I live before the bike shop job?')[0]).toBe('boston');
  });

  it('leaves third-person questions and questions on no attribute in the retriever’s order', () => {
    expect(texts('Where does Tom live?')).toEqual(['peanuts', 'tom', 'denver']);
    expect(texts('What should I cook tonight?')).toEqual(['peanuts', 'tom', 'denver']);
  });

  it('follows a lineage both ways, undoes a supersede and marks one by hand', () => {
    expect(lineageOf(facts, asFactId('denver')).map((f) => f.id)).toEqual([
      'boston',
      'denver',
      'seattle',
    ]);
    const undone = undoSupersede(facts, asFactId('denver'));
    expect(undone).toMatchObject({ id: 'denver', validFrom: '2023-11' });
    expect(undone.supersededBy).toBeUndefined();
    expect(undone.validTo).toBeUndefined();
    const marked = markReplaced(facts, asFactId('peanuts'), asFactId('seattle'));
    expect(marked).toMatchObject({
      supersededBy: 'seattle',
      supersededHow: 'user',
      validTo: '2024-05',
    });
    expect(() => markReplaced(facts, asFactId('seattle'), asFactId('boston'))).toThrow(
      LineageError,
    );
    expect(() => undoSupersede(facts, asFactId('seattle'))).toThrow(LineageError);
  });
});

describe('dates on every memory', () => {
  it("gives a LoCoMo fact its session's day, and a session item its session's date", () => {
    const said = {
      ...fact('c', 'Caroline: I went to a LGBTQ support group yesterday.', '2023-05-08'),
      validFrom: undefined,
      sources: [
        {
          sessionId: asSessionId('conv-26/S1'),
          turnIds: [asTurnId('t1')],
          time: '1:56 pm on 8 May, 2023',
        },
      ],
    } as unknown as Fact;
    const [one] = timeAwareItems('When did Caroline go to the support group?', [item(said)], {
      facts: new Map([[said.id, said]]),
    });
    expect(memoryLine(one!)).toBe(
      '- [2023-05-08] Caroline: I went to a LGBTQ support group yesterday.',
    );
    const session = {
      id: 'conv-26/S1',
      text: 'whole session',
      sessionIds: [asSessionId('conv-26/S1')],
    };
    const [dated] = timeAwareItems('When?', [session], {
      facts: new Map(),
      sessionTimes: new Map([[asSessionId('conv-26/S1'), '1:56 pm on 8 May, 2023']]),
    });
    expect(memoryLine(dated!)).toBe('- [2023-05-08] whole session');
  });
});
