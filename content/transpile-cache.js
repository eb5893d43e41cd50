'use strict';
// A page script's or a quarantined script's build from the background's session cache
// (background/transpile-cache.js): asked by the SHA-256 of its text, and the second time a text
// is seen, its text is sent to be transpiled there (to one asker only). The sandbox it runs in names the build's
// digest in its `configure`, and the kernel loads the build as it is only if its SHA-256 is that
// digest; anything else here (no answer, a short text, an answer of the wrong shape) gives
// null, and the sandbox transpiles the text itself, as without a cache.

/* global paranoidExtension, paranoidPolicy, paranoidSha256Hex, paranoidIsBuildPart */
/* exported paranoidCachedBuild, paranoidRunBuild */

// Questions to the background under way from this frame (at most `pageScripts.cacheAskingMax`).
let paranoidCacheAsking = 0;

/**
 * @param {string} text
 * @returns {Promise<{ code: string, digest: string, sourceMap: string | null } | null>}
 */
async function paranoidCachedBuild(text) {
  const limits = paranoidPolicy().pageScripts;
  if (typeof text !== 'string' || text.length < limits.cacheMinChars || text.length > limits.maxBytes || text.length > limits.cacheCharsPerMinute) return null;
  // `crypto.subtle` is only in secure contexts: an http page's texts are not cached (sending
  // each text whole, each time, would be the background's work). A few questions at a time:
  // a page of many tags does not flood the background.
  if (!globalThis.crypto?.subtle || paranoidCacheAsking >= limits.cacheAskingMax) return null;
  paranoidCacheAsking++;
  try {
    const key = await paranoidSha256Hex(text);
    let answer = await paranoidExtension.runtime.sendMessage({ type: 'paranoid:transpiled', key });
    if (answer?.send === true) answer = await paranoidExtension.runtime.sendMessage({ type: 'paranoid:transpiled', source: text });
    return paranoidIsBuildPart(answer?.built) ? answer.built : null;
  } catch {
    return null;
  } finally {
    paranoidCacheAsking--;
  }
}

/**
 * Runs `text` in `sandbox`: its build as it is when there is one (the sandbox's `configure`
 * named its digest), with the text for the source map's and `toString`'s sake; else the text.
 * @param {object} sandbox an `openSandbox` handle
 * @param {{ code: string, sourceMap: string | null } | null} built
 */
function paranoidRunBuild(sandbox, text, built, filename) {
  return built === null
    ? sandbox.run(text, filename)
    : sandbox.run(built.code, filename, { prebuilt: true, sourceMap: built.sourceMap, original: text });
}
