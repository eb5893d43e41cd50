'use strict';
// Reads a fetched script's text for the content script (a page's `src`) and the background (a
// quarantined script): never more than the limit, even from a response that lies about its
// length or never ends, and only UTF-8. The bytes themselves for a download whose hash is
// checked (a userscript's `@require`).

/* exported paranoidReadText, paranoidReadBytes, paranoidDecodeUtf8 */

/**
 * The body's bytes, at most `limit` of them.
 * @param {Response} response
 * @param {number} limit in bytes
 * @returns {Promise<Uint8Array>}
 * @throws {Error} `over the limit of N bytes`
 */
async function paranoidReadBytes(response, limit) {
  const overLimit = () => new Error(`over the limit of ${limit} bytes`);
  if (Number(response.headers.get('content-length')) > limit) throw overLimit();
  const reader = response.body.getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) { reader.cancel(); throw overLimit(); }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) { bytes.set(chunk, at); at += chunk.byteLength; }
  return bytes;
}

/**
 * @param {Response} response
 * @param {number} limit in bytes
 * @returns {Promise<string>}
 * @throws {Error} `over the limit of N bytes`, or `not UTF-8 text`
 */
async function paranoidReadText(response, limit) {
  return paranoidDecodeUtf8(await paranoidReadBytes(response, limit));
}

/** @param {Uint8Array} bytes */
function paranoidDecodeUtf8(bytes) {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Error('not UTF-8 text');
  }
}
