'use strict';
// SHA-256 in hex, the one way the extension names a text by its content: a userscript's id, a
// build's inputs and parts, the session cache's keys. The core's `paranoid_sha256` gives the
// same digest of the same text, which is what lets the kernel recognise a build.

/* exported paranoidSha256Hex */

/** The SHA-256 of `text`'s UTF-8, in lower-case hex, two digits a byte. */
async function paranoidSha256Hex(text) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}
