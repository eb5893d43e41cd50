'use strict';
// `@include /regex/` against JavaScript's own reading (docs/userscripts.md, rust-meta's
// `include_regex`). The managers test the expression on the whole URL with `RegExp`; Paranoid
// matches it part by part so that a host never matches the path. The property: Paranoid never
// runs a script where `RegExp` would not (it may run it on fewer pages, never on more), and
// for a rule written plainly (`^scheme://host/path`) on a plain URL the two agree exactly.
// Through the meta wasm's `paranoid_runs_on`, as the background asks it.

import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const WASM = process.env.PARANOID_META_WASM || new URL('../../target/wasm/paranoid_meta.wasm', import.meta.url).pathname;

let exports;
before(async () => {
  exports = (await WebAssembly.instantiate(readFileSync(WASM), {})).instance.exports;
});

/** Whether a script with this one `@include` runs on `url`, as the background would be told. */
function runsOn(rule, url) {
  const input = new TextEncoder().encode(JSON.stringify({ url, scripts: [{ include: [rule] }] }));
  const at = exports.paranoid_input(input.length);
  new Uint8Array(exports.memory.buffer, at, input.length).set(input);
  const length = exports.paranoid_runs_on(input.length);
  const answer = JSON.parse(new TextDecoder().decode(new Uint8Array(exports.memory.buffer, exports.paranoid_output(), length)));
  assert.equal(answer.ok, true, JSON.stringify(answer));
  return answer.runs[0];
}

/** `url` without its user name and password: the page the browser shows is the host's. */
const withoutUser = (url) => { const u = new URL(url); u.username = ''; u.password = ''; return u.href; };

/** What a manager does: `new RegExp(body, flags).test(url)`. */
function managerRuns(rule, url) {
  const end = rule.lastIndexOf('/');
  return new RegExp(rule.slice(1, end), rule.slice(end + 1)).test(url);
}

// Plain rules: anchored, a literal `://`, the path after the host's `/`, no group reaching over it.
const PLAIN = [
  String.raw`/^https?:\/\/example\.com\//`,
  String.raw`/^https?:\/\/(www\.)?example\.com\/.*$/`,
  String.raw`/^https:\/\/[a-z]+\.example\.com\/app\/\d+$/`,
  String.raw`/^https:\/\/example\.com\/search\?q=[^&]+/`,
  String.raw`/^HTTPS:\/\/EXAMPLE\.COM\/A/i`,
  String.raw`/^https:\/\/example\.com\/(a|b)+?c/`,
  String.raw`/^http:\/\/127\.0\.0\.1:\d+\/app\//`,
  String.raw`/^https:\/\/example\.com\/$/`,
  String.raw`/^https:\/\/example\.com\/search(\?|$)/`,
  String.raw`/^(https?:)?\/\/(www\.)?example\.com\/a($|\/)/`,
];
// Rules a manager reads more widely than Paranoid: unanchored, host with `.*`, no path.
const LOOSE = [
  String.raw`/https?:\/\/example\.com\//`,
  String.raw`/^https?:\/\/.*example\.com\//`,
  String.raw`/^https:\/\/example\.com/`,
  String.raw`/.*:\/\/.*\/.*/`,
  String.raw`/^https:\/\/(example\.com|other\.com\/x)/`,
  String.raw`/s:\/\/[^\/]*example[^\/]*\//`,
  String.raw`/^https:\/\/\bexample\b\.com\/\bp/`,
];

const HOSTS = ['example.com', 'www.example.com', 'a.example.com', 'EXAMPLE.com', 'example.com.evil.test', 'evil.test', 'other.com', '127.0.0.1:8080', 'example.com:8443'];
const PATHS = ['/', '/a', '/A', '/a/b', '/search', '/app/42', '/app/x', '/search?q=cats', '/search?q=', '/abac', '/p', '/pq', '/x',
  '/?next=https://example.com/', '/https://example.com/', '/x.example.com/', '/redirect?u=http://www.example.com/a'];
const URLS = [];
for (const scheme of ['https', 'http', 'ftp']) {
  for (const host of HOSTS) for (const path of PATHS) URLS.push(new URL(`${scheme}://${host}${path}`).href);
}
// Hosts hidden behind user names, which a whole-URL match reads as the host.
URLS.push('https://example.com@evil.test/', 'https://example.com:pw@evil.test/', 'https://user@example.com/a');

describe('@include regular expressions, against RegExp on the whole URL', () => {
  it(`never run where RegExp would not (${PLAIN.length + LOOSE.length} rules × ${URLS.length} URLs)`, () => {
    let wider = 0;
    for (const rule of [...PLAIN, ...LOOSE]) {
      for (const url of URLS) {
        const ours = runsOn(rule, url);
        // A user name is never the host, so it is not part of what either should look at.
        const theirs = managerRuns(rule, withoutUser(url));
        assert.ok(!ours || theirs, `${rule} runs on ${url}, where RegExp does not match`);
        if (theirs && !ours) wider += 1;
      }
    }
    // The point of reading by part: the managers' reading is wider somewhere.
    assert.ok(wider > 0);
  });

  it('agree exactly with RegExp for plain rules on URLs without a user name', () => {
    for (const rule of PLAIN) {
      for (const url of URLS.filter((u) => !new URL(u).username)) {
        assert.equal(runsOn(rule, url), managerRuns(rule, url), `${rule} on ${url}`);
      }
    }
  });

  it('never find the host in the path, query or user name', () => {
    const [unanchored, dotStar, noPath] = LOOSE;
    for (const [rule, url] of [
      [unanchored, 'https://evil.test/?next=https://example.com/'],
      [unanchored, 'https://evil.test/https://example.com/'],
      [dotStar, 'https://evil.test/x.example.com/'],
      [noPath, 'https://example.com.evil.test/'],
      [noPath, 'https://example.com@evil.test/'],
    ]) {
      assert.equal(managerRuns(rule, url), true, `the managers run ${rule} on ${url}`);
      assert.equal(runsOn(rule, url), false, `${rule} on ${url}`);
    }
  });
});
