'use strict';
// SHA-256 in hex, the one way the extension names a text by its content: a userscript's id, a
// build's inputs and parts, the session cache's keys. The core's `paranoid_sha256` gives the
// same digest of the same text, which is what lets the kernel recognise a build.

/* exported paranoidHex, paranoidSha256Hex */

/** `bytes` as lower-case hexadecimal, two digits a byte. */
function paranoidHex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The SHA-256 of `text`'s UTF-8, in hex. */
async function paranoidSha256Hex(text) {
  return paranoidHex(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))));
}
