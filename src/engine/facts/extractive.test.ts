import { describe, expect, it } from 'vitest';
import { AbortError } from '../errors.ts';
import { extractAllExtractive, extractiveSessionFacts, isFactCandidate } from './extractive.ts';
import { hikingSession, session } from './fixtures.test-support.ts';
import { requestText } from './request-facts.ts';

describe('extractive facts', () => {
  it("keeps the user's statements, one fact per sentence, with provenance to the turn", () => {
    const result = extractiveSessionFacts(hikingSession);
    expect(result).toMatchObject({ sessionId: 's1', status: 'ok', attempts: 0 });
    expect(result.facts.map((f) => [f.id, f.text, f.category, f.sources[0]?.turnIds])).toEqual([
      ['s1/e0', 'I love hiking in the mountains.', 'other', ['s1-t3']],
      ['s1/e1', 'My dog Rex comes along.', 'other', ['s1-t3']],
      ['s1/e2', 'Mostly near Oslo, where I live.', 'other', ['s1-t5']],
    ]);
    expect(result.facts[0]?.sources[0]?.time).toBe('2024-05-01T10:00:00Z');
  });

  it('drops greetings, acknowledgements, questions and short fragments', () => {
    expect(isFactCandidate('Thanks so much, that sounds great!')).toBe(false);
    expect(isFactCandidate('Hello!')).toBe(false);
    expect(isFactCandidate('Hey Mel!')).toBe(false);
    expect(isFactCandidate('Ok.')).toBe(false);
    expect(isFactCandidate('Yes, exactly.')).toBe(false);
    expect(isFactCandidate('What is the capital of Peru?')).toBe(false);
    expect(isFactCandidate('Any tips for my knee surgery next week?')).toBe(false);
    expect(isFactCandidate('That plate is awesome!')).toBe(false);
    expect(isFactCandidate("I'm vegan.")).toBe(true);
    expect(isFactCandidate('The weather in Bergen is awful.')).toBe(true);
  });

  it("keeps a self-introduction: the user's own name is a fact, a greeting with a name is not", () => {
    expect(isFactCandidate("Hi, I'm Sam")).toBe(true);
    expect(isFactCandidate('Please call me Sam.')).toBe(true);
    expect(isFactCandidate('My name is Ana.')).toBe(true);
    expect(isFactCandidate('Hi Sam!')).toBe(false);
    const s = session('s9', [['user', "Hi, I'm Sam. Nice to meet you!"]]);
    expect(extractiveSessionFacts(s).facts.map((f) => f.text)).toEqual([
      "Hi, I'm Sam. Nice to meet you!",
    ]);
  });

  it('joins a sentence opening on a pronoun to the one it refers to, else drops it', () => {
    const s = session('s5', [
      ['user', 'I started baking sourdough. It was sweet at first but now it is every week.'],
      ['assistant', 'Nice.'],
      ['user', 'It keeps going.'],
    ]);
    expect(extractiveSessionFacts(s).facts.map((f) => [f.text, f.sources[0]?.turnIds])).toEqual([
      ['I started baking sourdough. It was sweet at first but now it is every week.', ['s5-t1']],
    ]);
  });

  it("gives an answer the question it answers as its lead-in, with both turns' provenance", () => {
    const s = session('s6', [
      ['user', 'Mel: How was the support group?'],
      ['user', 'Caroline: It was so powerful.'],
    ]);
    expect(extractiveSessionFacts(s).facts.map((f) => [f.text, f.sources[0]?.turnIds])).toEqual([
      ['Mel: How was the support group? Caroline: It was so powerful.', ['s6-t1', 's6-t2']],
    ]);
  });

  it('folds a repeated sentence into one fact with both turns, and ignores the assistant', () => {
    const s = session('s2', [
      ['user', 'I am allergic to peanuts.'],
      ['assistant', 'I am an assistant and I love facts.'],
      ['user', 'Again. I am allergic to peanuts.'],
    ]);
    const result = extractiveSessionFacts(s);
    expect(result.facts.map((f) => [f.text, f.sources[0]?.turnIds])).toEqual([
      ['I am allergic to peanuts.', ['s2-t1', 's2-t3']],
    ]);
  });

  it('is empty when nothing qualifies', () => {
    const s = session('s3', [
      ['user', 'Hi!'],
      ['assistant', 'Hello, I am here to help you today.'],
      ['user', 'Thanks, bye.'],
    ]);
    expect(extractiveSessionFacts(s)).toEqual({
      sessionId: 's3',
      status: 'empty',
      facts: [],
      attempts: 0,
    });
  });

  it('runs over many sessions with progress, and honours abort', async () => {
    const done: number[] = [];
    const outcomes = await extractAllExtractive([hikingSession, session('s4', [])], {
      onProgress: (p) => done.push(p.done),
    });
    expect(outcomes.map((o) => o.status)).toEqual(['ok', 'empty']);
    expect(done).toEqual([1, 2]);
    const controller = new AbortController();
    controller.abort();
    await expect(
      extractAllExtractive([hikingSession], { signal: controller.signal }),
    ).rejects.toBeInstanceOf(AbortError);
  });
});

describe('request facts: a session where the user only asked keeps a trace', () => {
  it('keeps what the user asked, marked as a request, with provenance to the turn', () => {
    const s = session('s9', [
      ['user', 'Hi there!'],
      ['assistant', 'Hello! How can I help?'],
      ['user', 'How do I get more people to find my posts through search?'],
      ['assistant', 'Use clear titles and descriptions.'],
      ['user', 'What should I write in my meta description? Thanks!'],
    ]);
    const result = extractiveSessionFacts(s);
    expect(result.status).toBe('ok');
    expect(result.facts.map((f) => [f.text, f.category, f.sources[0]?.turnIds])).toEqual([
      ['Asked how to get more people to find their posts through search', 'request', ['s9-t3']],
      ['Asked what to write in their meta description', 'request', ['s9-t5']],
    ]);
  });

  it('keeps the content words of any other question, and names a benchmark speaker', () => {
    expect(requestText('Is it safe to feed bees sugar syrup in June?')).toBe(
      'Asked about safe, feed, bees, sugar, syrup, june',
    );
    expect(requestText('Ana: How can I fix my bike chain?')).toBe(
      'Ana asked how to fix their bike chain',
    );
  });

  it('greetings, small talk and acknowledgements still give nothing', () => {
    const s = session('s10', [
      ['user', 'Hey! How are you?'],
      ['assistant', 'Good, you?'],
      ['user', "What's up? Thanks, ok."],
    ]);
    expect(extractiveSessionFacts(s)).toMatchObject({ status: 'empty', facts: [] });
  });

  it('a session with a statement keeps its statements only', () => {
    const s = session('s11', [
      ['user', 'I moved to Denver for a job at a bike shop. How do I find a climbing gym?'],
    ]);
    expect(extractiveSessionFacts(s).facts.map((f) => [f.text, f.category])).toEqual([
      ['I moved to Denver for a job at a bike shop.', 'other'],
    ]);
  });
});
