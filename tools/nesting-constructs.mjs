// Sources nested n deep, one per construct that makes the transpiler recurse. Used by
// `calibrate-nesting.mjs` (where does the engine's stack give out?) and by the tests of the
// nesting guard (is every one of them refused before that?).
'use strict';

const rep = (s, n) => s.repeat(n);
/** name → (n) → source nested n deep */
export const constructs = {
  parens: (n) => `x=${rep('(', n)}1${rep(')', n)};`,
  arrays: (n) => `x=${rep('[', n)}1${rep(']', n)};`,
  objects: (n) => `x=${rep('{a:', n)}1${rep('}', n)};`,
  iifes: (n) => `x=${rep('(function(){return ', n)}1${rep('})()', n)};`,
  arrows: (n) => `x=${rep('a=>', n)}1;`,
  assignments: (n) => `${rep('a=', n)}1;`,
  conditionals: (n) => `x=${rep('a?a:', n)}1;`,
  unary: (n) => `x=${rep('!', n)}1;`,
  typeofs: (n) => `x=${rep('typeof ', n)}1;`,
  news: (n) => `x=${rep('new ', n)}X;`,
  ifs: (n) => `${rep('if(a)', n)}x();`,
  blocks: (n) => `${rep('{', n)}${rep('}', n)}`,
  functions: (n) => `${rep('function f(){', n)}${rep('}', n)}`,
  classes: (n) => `${rep('class A{m(){', n)}${rep('}}', n)}`,
  templates: (n) => `x=${rep('`${', n)}1${rep('}`', n)};`,
  spreads: (n) => `x=${rep('[...', n)}a${rep(']', n)};`,
  patterns: (n) => `var ${rep('[', n)}a${rep(']', n)}=b;`,
  staircase: (n) => `x=${rep('(a||b&&c|d^e&f==g<h<<i+j*k**', n)}1${rep(')', n)};`,
  binaryChain: (n) => `x=1${rep('+1', n)};`,
  memberChain: (n) => `x=a${rep('.a', n)};`,
  // Inside `with`, where the rewrite wraps every captured name in lookups.
  withBinaryChain: (n) => `with(o){x=1${rep('+y', n)}}`,
  withCalls: (n) => `with(o){${rep('f(', n)}1${rep(')', n)}}`,
  withCallChain: (n) => `with(o){x=f${rep('()', n)}}`,
  withMemberChain: (n) => `with(o){x=a${rep('.a', n)}}`,
  withAssignments: (n) => `with(o){${rep('a=', n)}1}`,
  withParens: (n) => `with(o)with(o)with(o)with(o)with(o)with(o)with(o)with(o){x=${rep('(', n)}y${rep(')', n)}}`,
  callChain: (n) => `x=f${rep('()', n)};`,
};

