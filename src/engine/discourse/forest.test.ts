import { describe, expect, it } from 'vitest';
import {
  DiscourseStateError,
  addRound,
  branchTip,
  emptyDiscourse,
  forkBranch,
  getNode,
  leaves,
  openTree,
  pathTo,
  switchBranch,
} from './forest.ts';

const round = (user: string) => ({ user, assistant: '', summary: user, embedding: [1, 0] });

describe('discourse forest operations', () => {
  it('adds rounds, forks and switches branches without mutating the input', () => {
    let state = openTree(emptyDiscourse());
    for (const u of ['a', 'b', 'c']) state = addRound(state, round(u)).state;
    const before = state;
    state = forkBranch(state, 'n1');
    expect(before.trees[0]?.activeBranchId).toBe('b1');
    expect(branchTip(state, 'b2')).toBe('n1');
    state = addRound(state, round('d')).state;
    expect(pathTo(state, 'n4').map((n) => n.id)).toEqual(['n1', 'n4']);
    expect(leaves(state, 't1').map((n) => n.id)).toEqual(['n3', 'n4']);
    state = switchBranch(state, 'b1');
    expect(state.trees[0]).toMatchObject({
      activeBranchId: 'b1',
      currentNodeId: 'n3',
      rootId: 'n1',
    });
    expect(state.branches.b2).toMatchObject({ forkNodeId: 'n1', nodeIds: ['n4'] });
  });

  it('names the missing id and refuses a round before any tree exists', () => {
    expect(() => getNode(emptyDiscourse(), 'n7')).toThrow(DiscourseStateError);
    expect(() => getNode(emptyDiscourse(), 'n7')).toThrow(
      /Node n7 is not in this conversation's forest/,
    );
    expect(() => addRound(emptyDiscourse(), round('x'))).toThrow(
      /route the turn before committing/,
    );
  });
});
