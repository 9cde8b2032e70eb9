import { describe, expect, it } from 'vitest';
import { UsageError } from './args.ts';
import { modelsFrom } from './models.ts';

describe('--llm openai:URL#model', () => {
  it('builds the HTTP port and labels it as leaving the device', () => {
    const models = modelsFrom({ llm: 'openai:http://127.0.0.1:8080#qwen2.5-7b' });
    expect(models.llm?.id).toBe('openai:http://127.0.0.1:8080#qwen2.5-7b');
    expect(models.labels.llm).toMatch(
      /LEAVES THIS DEVICE.*http:\/\/127\.0\.0\.1:8080\/v1\/chat\/completions/,
    );
  });

  it('rejects a spec without a URL or a model', () => {
    expect(() => modelsFrom({ llm: 'openai:http://127.0.0.1:8080' })).toThrow(UsageError);
    expect(() => modelsFrom({ llm: 'openai:nope#m' })).toThrow(UsageError);
  });

  it('keeps the existing choices', () => {
    expect(modelsFrom({ llm: 'none' }).llm).toBeUndefined();
    expect(modelsFrom({ llm: 'scripted' }).llm).toBeDefined();
  });
});
