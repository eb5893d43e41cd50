'use strict';
// A page script's or a quarantined script's build from the background's session cache
// (background/transpile-cache.js): asked by the SHA-256 of its text, and the second time a text
// is seen, its text is sent to be transpiled there (to one asker only). The sandbox it runs in names the build's
// digest in its `configure`, and the kernel loads the build as it is only if its SHA-256 is that
// digest; anything else here (no answer, a short text, an answer of the wrong shape) gives
// null, and the sandbox transpiles the text itself, as without a cache.

/* global paranoidExtension, paranoidPolicy */
/* exported paranoidCachedBuild, paranoidBuildShape */

// Questions to the background under way from this frame (at most `pageScripts.cacheAskingMax`).
let paranoidCacheAsking = 0;

/** Whether `built` has the shape a prebuilt run needs. */
function paranoidBuildShape(built) {
  return built !== null && typeof built === 'object' && typeof built.code === 'string'
    && typeof built.digest === 'string' && /^[0-9a-f]{64}$/.test(built.digest)
    && (built.sourceMap === null || typeof built.sourceMap === 'string');
}

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
    const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
    const key = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
    let answer = await paranoidExtension.runtime.sendMessage({ type: 'paranoid:transpiled', key });
    if (answer?.send === true) answer = await paranoidExtension.runtime.sendMessage({ type: 'paranoid:transpiled', source: text });
    return paranoidBuildShape(answer?.built) ? answer.built : null;
  } catch {
    return null;
  } finally {
    paranoidCacheAsking--;
  }
}
