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
//    cache). A partition's entries, sightings and budget are its own; what one partition does
//    shows in another only as whole partitions dropped, the least recently used, when more
//    than `cachePartitions` are in use.
// 3. The background serves every tab: a page must not keep it busy. A text is transpiled here
//    only the second time its partition sees it; then one content script is asked for it, and
//    other tags asking meanwhile get nothing; never again once the core refused it. Texts
//    received, transpiled and handed out count against the top site's characters a minute;
//    past them the sandbox transpiles, as without a cache. Bounds: the policy's
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
  // Top site → characters received and transpiled, and characters handed out, this minute.
  const spent = new Map();
  const served = new Map();
  let minute = 0;
  const sizeOf = (built) => built.code.length + (built.sourceMap?.length ?? 0);

  /** A partition's state, made if new; the least recently used partition goes past the bound. */
  const stateOf = ({ id, site }) => {
    let state = partitions.get(id);
    if (state !== undefined) partitions.delete(id);
    else {
      // key → { code, digest, sourceMap } (least recently used first); keys seen once; keys
      // whose text one content script was asked for; keys refused (by the core, or too large
      // to keep); builds under way.
      // `asked` holds when: a content script gone before it sent is asked again a minute later.
      state = { site, entries: new Map(), chars: 0, seen: new Set(), asked: new Map(), refused: new Set(), building: new Map() };
    }
    partitions.set(id, state);
    for (const old of partitions.keys()) {
      if (partitions.size <= limits.cachePartitions) break;
      partitions.delete(old);
    }
    return state;
  };
  const charge = (book, limit, site, chars) => {
    const now = Math.floor(Date.now() / 60000);
    if (now !== minute) { minute = now; spent.clear(); served.clear(); }
    const used = book.get(site) ?? 0;
    if (used + chars > limit) return false;
    book.set(site, used + chars);
    return true;
  };
  const afford = (site, chars) => charge(spent, limits.cacheCharsPerMinute, site, chars);
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
  /** The build under `key`, if kept and the site can afford to be handed it. */
  const hit = (state, key) => {
    const built = state.entries.get(key);
    if (built === undefined) return undefined;
    state.entries.delete(key);
    state.entries.set(key, built);
    return charge(served, limits.cacheServedCharsPerMinute, state.site, sizeOf(built)) ? built : null;
  };
  /** Transpiles `text` (whose key is `key`) for the partition, once however many ask. */
  const build = (state, key, text) => {
    if (state.building.has(key)) return state.building.get(key);
    if (!afford(state.site, text.length)) { state.asked.delete(key); return Promise.resolve(null); }
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
  const fits = (text) => typeof text === 'string' && text.length >= limits.cacheMinChars && text.length <= limits.maxBytes;

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
      // Hashing is work too: charged before it is done.
      if (!afford(state.site, text.length)) return null;
      const key = await keyOf(text);
      const built = hit(state, key);
      if (built !== undefined) return built;
      if (!state.asked.has(key) && !state.building.has(key)) return null;
      return build(state, key, text);
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
      if (state.building.has(key)) return state.building.get(key);
      if (!state.seen.has(key)) { note(state.seen, key); return null; }
      return build(state, key, text);
    },
  };
}

/**
 * The partition of a content script's messages, from what the browser says of the sender: its
 * top frame's origin and its own, whether the tab is private, and its container (Firefox);
 * null (no cache) when any of it is missing or opaque. `site` is what budgets are kept by.
 * @returns {{ id: string, site: string } | null}
 */
function paranoidCachePartition(sender) {
  try {
    const top = new URL(sender.tab.url).origin;
    const own = new URL(sender.url).origin;
    if (top === 'null' || own === 'null') return null;
    const context = `${sender.tab.incognito === true ? 'private' : 'normal'} ${String(sender.tab.cookieStoreId ?? '')}`;
    return { id: `${context} ${top} ${own}`, site: `${context} ${top}` };
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
