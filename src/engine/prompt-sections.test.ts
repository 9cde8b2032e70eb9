import { describe, expect, it } from 'vitest';
import { readSection, section } from './prompt-sections.ts';

describe('prompt sections', () => {
  it('round-trips named sections and leaves others apart', () => {
    const text = `Intro.\n${section('question', 'Where do I live?')}${section('memory', 'I live in Oslo.\nI like tea.')}`;
    expect(readSection(text, 'question')).toBe('Where do I live?');
    expect(readSection(text, 'MEMORY')).toBe('I live in Oslo.\nI like tea.');
    expect(readSection(text, 'missing')).toBeUndefined();
  });
});
