/**
 * The engine's transcendental functions: exp, log, pow and cos, ported from fdlibm (the
 * algorithms V8's Math.exp, Math.log, Math.pow and Math.cos used up to Node 20), written in
 * plain double arithmetic (+ − × ÷ and bit moves, all exact in IEEE 754), so that they give the
 * same bits on every JavaScript engine.
 *
 * Why not Math.*: ECMAScript leaves these functions' results implementation-approximated, and
 * engines differ in the last bit (Node 20 uses fdlibm, Chromium 156 on Debian glibc's libm).
 * The tree build (seeded UMAP, a Gaussian mixture) amplifies one bit into a different tree: the
 * explorer in the browser and `grove eval` in Node built different trees from the same file and
 * seed (issue 13, point 5). Everything in src/engine that must agree across engines uses these;
 * lint forbids the Math ones there.
 */
export { cos, MathRangeError } from './cos.ts';
export { exp } from './exp.ts';
export { log } from './log.ts';
export { pow } from './pow.ts';
