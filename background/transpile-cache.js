'use strict';
// The session's transpiled page scripts and quarantined scripts: a text a sandbox would
// transpile on every page load is transpiled here once, by the same core, and handed out by
// the SHA-256 of the text, so that the next page load runs it `prebuilt` (the content script
// names the output's digest in the sandbox's `configure`; the kernel loads the output as it is
// only if its SHA-256 is that digest).
// Threat:
// 1. Only what this core's vetting transpiler wrote here is ever handed out: an entry is made
//    from the text the background holds (sent by the content script, or fetched by the
//    background for a quarantine), hashed here; a content script's `key` only looks up. A key
//    that names another text's entry gets that text's vetted output, which is what that text
//    would have run as. The key also names the language level (the sandbox's default only).
// 2. Whether a text was seen before is a fact about the user's browsing: a page could time its
//    own script's start to learn that another site had loaded the same library. Everything is
//    kept per partition: the top frame's origin and the frame's, the tab's private mode and
//    container, from what the browser says of the sender, never the message (no tab URL, no
//    cache). A partition's entries, sightings and budgets are its own. Shared, and so visible
//    in aggregate to any page: the background's own bound on work a minute (and its busy time),
//    and whole partitions dropped, the least recently used, past `cachePartitions`; neither
//    says which site, or which text.
// 3. The background serves every tab: a page must not keep it busy. A text is transpiled here
//    only the second time its partition sees it; then one content script is asked for it, and
//    other tags asking meanwhile get nothing; never again once the core refused it. Texts
//    received and transpiled count against the partition's characters a minute and against
//    the background's, builds handed out against the partition's; past them the sandbox
//    transpiles, as without a cache. Bounds: the policy's
//    `pageScripts.cache*`. The cache lives as long as the background does (memory only: a new
//    core comes with a new background).

/* global paranoidPolicy, paranoidWasmCall, paranoidSha256Hex */
/* exported paranoidTranspileCache, paranoidTranspiledMessage, paranoidTranspiled, paranoidCachePartition */

/** The only level the cache builds at: the sandbox's default (page scripts and quarantine ask for none). */
const PARANOID_CACHE_LEVEL = 'default';

/**
 * @param {(text: string) => Promise<{ code: string, sourceMap: string | null } | null>} transpile
 *   the core's output at the sandbox's default level, or null when it refuses the text
 */
function paranoidTranspileCache(transpile) {
  const limits = paranoidPolicy().pageScripts;
  // Partition → its state, least recently used first.
  const partitions = new Map();
  // Partition → characters received and transpiled, and characters handed out, this minute;
  // and characters received and transpiled for all of them (the background's own bound).
  const spent = new Map();
  const served = new Map();
  let spentAll = 0;
  let minute = 0;
  const sizeOf = (built) => built.code.length + (built.sourceMap?.length ?? 0);

  /** A partition's state, made if new; the least recently used partition goes past the bound. */
  const stateOf = ({ id }) => {
    let state = partitions.get(id);
    if (state !== undefined) partitions.delete(id);
    else {
      // key → { code, digest, sourceMap } (least recently used first); keys seen once; keys
      // whose text one content script was asked for; keys refused (by the core, or too large
      // to keep); builds under way.
      // `asked` holds when: a content script gone before it sent is asked again a minute later.
      state = { id, entries: new Map(), chars: 0, seen: new Set(), asked: new Map(), refused: new Set(), building: new Map() };
    }
    partitions.set(id, state);
    for (const old of partitions.keys()) {
      if (partitions.size <= limits.cachePartitions) break;
      partitions.delete(old);
    }
    return state;
  };
  const newMinute = () => {
    const now = Math.floor(Date.now() / 60000);
    if (now !== minute) { minute = now; spent.clear(); served.clear(); spentAll = 0; }
  };
  /** Work (text received, hashed, transpiled): the partition's budget and the background's. */
  const afford = (state, chars) => {
    newMinute();
    const used = spent.get(state.id) ?? 0;
    if (used + chars > limits.cacheCharsPerMinute || spentAll + chars > limits.cacheCharsPerMinuteAll) return false;
    spent.set(state.id, used + chars);
    spentAll += chars;
    return true;
  };
  /** A build handed out, within the partition's budget; else null. */
  const handOut = (state, built) => {
    newMinute();
    const used = served.get(state.id) ?? 0;
    if (used + sizeOf(built) > limits.cacheServedCharsPerMinute) return null;
    served.set(state.id, used + sizeOf(built));
    return built;
  };
  /** Adds to a bounded Set, or to a bounded Map with `value`; the oldest goes. */
  const note = (kept, key, value) => {
    if (value === undefined) kept.add(key); else kept.set(key, value);
    if (kept.size > limits.cacheSeenKept) kept.delete(kept.keys().next().value);
  };
  const store = (state, key, built) => {
    // Too large to keep: not made again either (each would be a transpile for one load).
    if (sizeOf(built) > limits.cacheChars) { note(state.refused, key); return; }
    state.entries.set(key, built);
    state.chars += sizeOf(built);
    for (const [old, e] of state.entries) {
      if (state.entries.size <= limits.cacheEntries && state.chars <= limits.cacheChars) break;
      state.entries.delete(old);
      state.chars -= sizeOf(e);
    }
  };
  /** The build under `key`, if kept and the partition can afford to be handed it. */
  const hit = (state, key) => {
    const built = state.entries.get(key);
    if (built === undefined) return undefined;
    state.entries.delete(key);
    state.entries.set(key, built);
    return handOut(state, built);
  };
  /**
   * Transpiles `text` (whose key is `key`) for the partition, once however many ask; `paid`
   * when receiving it was charged already (the text's length covers its hash and transpile).
   */
  const build = (state, key, text, paid) => {
    if (state.building.has(key)) return state.building.get(key);
    if (!paid && !afford(state, text.length)) return Promise.resolve(null);
    const made = (async () => {
      // A trap in the core counts as a refusal: the sandbox will say what it says of the text.
      const out = await transpile(text).catch(() => null);
      state.asked.delete(key);
      state.seen.delete(key);
      if (out === null) { note(state.refused, key); return null; }
      const built = { code: out.code, digest: await paranoidSha256Hex(out.code), sourceMap: out.sourceMap };
      store(state, key, built);
      return built;
    })();
    state.building.set(key, made);
    made.finally(() => state.building.delete(key)).catch(() => {});
    return made;
  };
  const keyOf = async (text) => `${PARANOID_CACHE_LEVEL} ${await paranoidSha256Hex(text)}`;
  // A text longer than a minute's budget could never be built: never asked for either (the
  // content script checks the same bound).
  const fits = (text) => typeof text === 'string' && text.length >= limits.cacheMinChars && text.length <= limits.maxBytes && text.length <= limits.cacheCharsPerMinute;

  return {
    /**
     * The build of the text whose SHA-256 is `sha`: `{ built }` if kept; `{ send: true }` the
     * second time the partition sees it (to this asker only); else `{}`, and it is noted.
     */
    lookup(partition, sha) {
      const state = stateOf(partition);
      const key = `${PARANOID_CACHE_LEVEL} ${sha}`;
      const built = hit(state, key);
      if (built !== undefined) return built === null ? {} : { built };
      if (state.refused.has(key) || state.building.has(key)) return {};
      const askedAt = state.asked.get(key);
      if (askedAt !== undefined && Date.now() - askedAt < limits.cacheAskedMs) return {};
      if (state.seen.has(key) || askedAt !== undefined) { state.seen.delete(key); state.asked.delete(key); note(state.asked, key, Date.now()); return { send: true }; }
      note(state.seen, key);
      return {};
    },
    /** The text a `send` asked for: its build, or null (not asked for, refused, or over budget). */
    async sent(partition, text) {
      if (!fits(text)) return null;
      const state = stateOf(partition);
      // Receiving, hashing and transpiling it: charged once, before any of it is done.
      if (!afford(state, text.length)) return null;
      const key = await keyOf(text);
      const built = hit(state, key);
      if (built !== undefined) return built;
      if (!state.asked.has(key) && !state.building.has(key)) return null;
      const made = await build(state, key, text, true);
      return made === null ? null : handOut(state, made);
    },
    /**
     * A text the background fetched itself (a quarantined script): its build if kept, or made
     * now the second time the partition sees it; else null, and it is noted.
     */
    async held(partition, text) {
      if (!fits(text)) return null;
      const state = stateOf(partition);
      const key = await keyOf(text);
      const built = hit(state, key);
      if (built !== undefined) return built;
      if (state.refused.has(key)) return null;
      if (state.building.has(key)) return null;
      if (!state.seen.has(key)) { note(state.seen, key); return null; }
      // The background fetched the text anyway: only its transpile is charged.
      const made = await build(state, key, text, false);
      return made === null ? null : handOut(state, made);
    },
  };
}

/**
 * The partition of a content script's messages, from what the browser says of the sender: its
 * top frame's origin and its own, whether the tab is private, and its container (Firefox);
 * null (no cache) when any of it is missing or opaque.
 * @returns {{ id: string } | null}
 */
function paranoidCachePartition(sender) {
  try {
    const top = new URL(sender.tab.url).origin;
    const own = new URL(sender.url).origin;
    if (top === 'null' || own === 'null') return null;
    const context = `${sender.tab.incognito === true ? 'private' : 'normal'} ${String(sender.tab.cookieStoreId ?? '')}`;
    return { id: `${context} ${top} ${own}` };
  } catch {
    return null;
  }
}

const paranoidTranspiled = paranoidTranspileCache(async (text) => {
  const out = await paranoidWasmCall('core', 'paranoid_transpile', text, 0);
  return out.ok && typeof out.code === 'string' ? { code: out.code, sourceMap: typeof out.sourceMap === 'string' ? out.sourceMap : null } : null;
});

/**
 * `paranoid:transpiled`: `{ key }` looks a text up by its SHA-256 (hex): `{ built }`, or
 * `{ send: true }` the second time, or `{}`; `{ source }`, the answer to `send`: `{ built }`,
 * or `{}`.
 */
async function paranoidTranspiledMessage(message, sender) {
  const partition = paranoidCachePartition(sender);
  if (partition === null) return {};
  if (typeof message.source === 'string') {
    const built = await paranoidTranspiled.sent(partition, message.source);
    return built === null ? {} : { built };
  }
  if (typeof message.key !== 'string' || !/^[0-9a-f]{64}$/.test(message.key)) return {};
  return paranoidTranspiled.lookup(partition, message.key);
}
