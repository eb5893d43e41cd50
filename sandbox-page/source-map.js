'use strict';
// Maps a position in transpiled code back to the original script (source map v3, one source):
// errors reach the host at the line and column the author wrote. Runs in the frame, which never
// runs untrusted code, on maps the core wrote.

/**
 * @param {string} mappings the map's `mappings` field
 * @param {number} line 1-based line in the generated code
 * @param {number} column 1-based column in the generated code
 * @returns {{ line: number, column: number } | null} 1-based original position
 */
globalThis.paranoidOriginalPosition = function originalPosition(mappings, line, column) {
  const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let generatedLine = 1;
  let generatedColumn = 0, originalLine = 0, originalColumn = 0;
  let best = null;
  let i = 0;
  const value = () => {
    let result = 0, shift = 0, digit;
    do {
      digit = B64.indexOf(mappings[i++]);
      if (digit < 0) throw new Error('bad source map');
      result += (digit & 31) << shift;
      shift += 5;
    } while (digit & 32);
    return result & 1 ? -(result >>> 1) : result >>> 1;
  };
  while (i < mappings.length && generatedLine <= line) {
    const ch = mappings[i];
    if (ch === ';') { generatedLine++; generatedColumn = 0; i++; continue; }
    if (ch === ',') { i++; continue; }
    generatedColumn += value();
    let hasSource = false;
    if (i < mappings.length && mappings[i] !== ',' && mappings[i] !== ';') {
      value(); // source index: always 0
      originalLine += value();
      originalColumn += value();
      hasSource = true;
      if (i < mappings.length && mappings[i] !== ',' && mappings[i] !== ';') value(); // name
    }
    if (hasSource && generatedLine === line && generatedColumn <= column - 1) {
      best = { line: originalLine + 1, column: originalColumn + 1 };
    }
  }
  return best;
};
