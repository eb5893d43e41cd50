'use strict';
// What one transpiled text looks like wherever it is kept or sent (a userscript's stored build,
// the background's session cache): the code, its SHA-256, and its source map or null. Whoever
// reads one from storage or a message checks it with this before the sandbox is told to load
// it; the kernel still loads it only if its own digest of the code is one it was named.

/* exported paranoidIsBuildPart */

/** Whether `part` is `{ code: string, digest: 64 hex digits, sourceMap: string | null }`. */
function paranoidIsBuildPart(part) {
  return part !== null && typeof part === 'object' && typeof part.code === 'string'
    && typeof part.digest === 'string' && /^[0-9a-f]{64}$/.test(part.digest)
    && (part.sourceMap === null || typeof part.sourceMap === 'string');
}
