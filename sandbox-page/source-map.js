'use strict';
// Maps a position in transpiled code back to the original script (source map v3, one source):
// errors reach the host at the line and column the author wrote. Runs in the frame, which never
// runs untrusted code, on maps the core wrote. A map is decoded once into an index (the output
// is minified, so one generated line can hold the whole script); each lookup is then a binary
// search, so a sandbox that throws many errors cannot make the frame re-read its map.

/**
 * @param {string} mappings the map's `mappings` field
 * @returns {(line: number, column: number) => ({ line: number, column: number } | null)}
 *   1-based generated position → 1-based original position
 */
// The frame scrubs its globals after loading this file: what the index needs is captured now.
globalThis.paranoidSourceMapIndex = ((Int8Array, Int32Array, Math, Error) => function sourceMapIndex(mappings) {
  const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const DIGIT = new Int8Array(128).fill(-1);
  for (let d = 0; d < B64.length; d++) DIGIT[B64.charCodeAt(d)] = d;
  // Segments with a source, flat: generated column, original line, original column.
  let cols = new Int32Array(1024), lines = new Int32Array(1024), ocols = new Int32Array(1024);
  let count = 0;
  const lineStart = [0]; // index of the first segment of each generated line (0-based lines)
  let generatedColumn = 0, originalLine = 0, originalColumn = 0;
  let i = 0;
  const value = () => {
    let result = 0, shift = 0, digit;
    do {
      const code = mappings.charCodeAt(i++);
      digit = code < 128 ? DIGIT[code] : -1;
      if (digit < 0) throw new Error('bad source map');
      result += (digit & 31) * 2 ** shift;
      shift += 5;
    } while (digit & 32);
    return result % 2 === 1 ? -Math.floor(result / 2) : result / 2;
  };
  const grow = () => {
    const more = (a) => { const b = new Int32Array(a.length * 2); b.set(a); return b; };
    cols = more(cols); lines = more(lines); ocols = more(ocols);
  };
  while (i < mappings.length) {
    const ch = mappings[i];
    if (ch === ';') { lineStart.push(count); generatedColumn = 0; i++; continue; }
    if (ch === ',') { i++; continue; }
    generatedColumn += value();
    if (i < mappings.length && mappings[i] !== ',' && mappings[i] !== ';') {
      value(); // source index: always 0
      originalLine += value();
      originalColumn += value();
      if (i < mappings.length && mappings[i] !== ',' && mappings[i] !== ';') value(); // name
      if (count === cols.length) grow();
      cols[count] = generatedColumn; lines[count] = originalLine; ocols[count] = originalColumn;
      count++;
    }
  }
  lineStart.push(count);
  return (line, column) => {
    if (line < 1 || line >= lineStart.length) return null;
    let lo = lineStart[line - 1], hi = lineStart[line] - 1, best = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (cols[mid] <= column - 1) { best = mid; lo = mid + 1; } else hi = mid - 1;
    }
    return best < 0 ? null : { line: lines[best] + 1, column: ocols[best] + 1 };
  };
})(globalThis.Int8Array, globalThis.Int32Array, globalThis.Math, globalThis.Error);
