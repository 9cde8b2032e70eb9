import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIdsFor(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('the engine stays pure (lint)', () => {
  const forbidden = [
    "import { useState } from 'react';",
    "import Dexie from 'dexie';",
    "import { CreateMLCEngine } from '@mlc-ai/web-llm';",
    "import { pipeline } from '@huggingface/transformers';",
    "import { createStore } from 'zustand/vanilla';",
    "import * as d3 from 'd3';",
    "import { select } from 'd3-selection';",
    "import { db } from '../../storage/db.ts';",
  ];

  it.each(forbidden)('rejects `%s` inside src/engine', async (code) => {
    expect(
      await ruleIdsFor(`${code}\nexport const x = 1;\n`, 'src/engine/tree/example.ts'),
    ).toContain('no-restricted-imports');
  });

  it('rejects browser globals inside src/engine', async () => {
    const ids = await ruleIdsFor(
      'export const w = window.innerWidth;\n',
      'src/engine/tree/example.ts',
    );
    expect(ids).toContain('no-restricted-globals');
  });

  it('allows the same imports outside the engine, and pure imports inside it', async () => {
    expect(
      await ruleIdsFor(
        "import { useState } from 'react';\nexport const s = useState;\n",
        'src/ui/example.ts',
      ),
    ).toEqual([]);
    expect(
      await ruleIdsFor(
        "import { z } from 'zod';\nexport const s = z.string();\n",
        'src/engine/tree/example.ts',
      ),
    ).toEqual([]);
  });
});
