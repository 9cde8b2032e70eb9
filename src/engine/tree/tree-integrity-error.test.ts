import { describe, expect, it } from 'vitest';
import { embeddedFactsOf } from '../pipeline.ts';
import { asFactId, asNodeId, type Fact, type MemoryTree } from '../types.ts';
import { treeLookup } from './cohesion.ts';
import { nodeOf } from './subtree.ts';
import { TreeIntegrityError } from './tree-integrity-error.ts';

describe('a tree whose references do not resolve', () => {
  const fact = { id: asFactId('lost') } as Fact;
  const broken = {
    nodes: new Map(),
    levels: [],
    facts: new Map([[fact.id, fact]]),
  } as unknown as MemoryTree;

  it('is reported as a TreeIntegrityError wherever it is read', () => {
    expect(() => nodeOf(broken, asNodeId('ghost'))).toThrow(TreeIntegrityError);
    expect(() => treeLookup(broken)(asNodeId('ghost'))).toThrow(TreeIntegrityError);
    expect(() => embeddedFactsOf(broken)).toThrow(TreeIntegrityError);
    expect(() => nodeOf(broken, asNodeId('ghost'))).toThrow('Memory tree is inconsistent');
  });
});
