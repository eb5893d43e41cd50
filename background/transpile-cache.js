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
//    would have run as.
// 2. Whether a text was seen before is a fact about the user's browsing: a page could time
//    its own script's start to learn that another site had loaded the same library. Entries
//    and sightings are kept per partition, the top frame's origin and the frame's, from what
//    the browser says of the sender (`sender.tab.url`, `sender.url`), never the message; no
//    tab URL, no cache.
// 3. The background serves every tab: a page must not keep it busy. A text is transpiled for the
//    cache only the second time its partition sees it, once however many tags ask at once, and
//    never again once the core refused it; what is transpiled is bounded per minute, per
//    partition and in all (past that the sandbox transpiles, as without a cache); entries,
//    their total size and the sightings are bounded, the least recently used going first (the
//    policy's `pageScripts.cache*`). The cache lives as long as the background does (memory
//    only: a new core comes with a new background).

/* global paranoidPolicy, paranoidWasmCall, paranoidSha256Hex */
/* exported paranoidTranspileCache, paranoidTranspiledMessage, paranoidTranspiled, paranoidCachePartition */

/**
 * @param {(text: string) => Promise<{ code: string, sourceMap: string | null } | null>} transpile
 *   the core's output at the sandbox's default level, or null when it refuses the text
 */
function paranoidTranspileCache(transpile) {
  const limits = paranoidPolicy().pageScripts;
  // partition + ' ' + key → { code, digest, sourceMap }, least recently used first.
  const entries = new Map();
  // Texts seen once, and texts the core refused: bounded sets of slots, oldest out first.
  const seen = new Set();
  const refused = new Set();
  // Builds under way, so that tags asking at once share one.
  const building = new Map();
  // Characters transpiled in the current minute, per partition and in all.
  const spent = new Map();
  let minute = 0;
  let chars = 0;
  const afford = (partition, size) => {
    const now = Math.floor(Date.now() / 60000);
    if (now !== minute) { minute = now; spent.clear(); }
    const mine = spent.get(partition) ?? 0;
    const all = spent.get('') ?? 0;
    if (mine + size > limits.cacheCharsPerMinute || all + size > limits.cacheCharsPerMinuteAll) return false;
    spent.set(partition, mine + size);
    spent.set('', all + size);
    return true;
  };
  const slot = (partition, key) => `${partition} ${key}`;
  const touch = (id) => { const e = entries.get(id); entries.delete(id); entries.set(id, e); return e; };
  const store = (id, built) => {
    const size = built.code.length + (built.sourceMap?.length ?? 0);
    if (size > limits.cacheChars) return;
    entries.set(id, built);
    chars += size;
    for (const [old, e] of entries) {
      if (entries.size <= limits.cacheEntries && chars <= limits.cacheChars) break;
      entries.delete(old);
      chars -= e.code.length + (e.sourceMap?.length ?? 0);
    }
  };
  const note = (set, id) => {
    set.add(id);
    if (set.size > limits.cacheSeenKept) set.delete(set.values().next().value);
  };
  return {
    /** The build of the text whose SHA-256 is `key`, if cached; else whether to send the text. */
    lookup(partition, key) {
      const id = slot(partition, key);
      if (entries.has(id)) return { built: touch(id) };
      if (refused.has(id)) return {};
      if (seen.has(id)) return { send: true };
      note(seen, id);
      return {};
    },
    /**
     * `text`'s build if cached, or transpiled now the second time the partition sees it (null
     * when the core refuses it); else null, and it is noted.
     */
    async second(partition, text) {
      if (text.length < limits.cacheMinChars || text.length > limits.maxBytes) return null;
      const key = await paranoidSha256Hex(text);
      const id = slot(partition, key);
      if (building.has(id)) return building.get(id);
      const found = this.lookup(partition, key);
      if (found.built) return found.built;
      if (!found.send || !afford(partition, text.length)) return null;
      const made = (async () => {
        // A trap in the core counts as a refusal: the sandbox will say what it says of the text.
        const out = await transpile(text).catch(() => null);
        seen.delete(id);
        if (out === null) { note(refused, id); return null; }
        const built = { code: out.code, digest: await paranoidSha256Hex(out.code), sourceMap: out.sourceMap };
        store(id, built);
        return built;
      })();
      building.set(id, made);
      try { return await made; } finally { building.delete(id); }
    },
  };
}

/** The partition of a content script's messages: its top frame's origin and its own. */
function paranoidCachePartition(sender) {
  try {
    const top = new URL(sender.tab.url).origin;
    const own = new URL(sender.url).origin;
    if (top === 'null' || own === 'null') return null;
    return `${top} ${own}`;
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
 * `{ send: true }` the second time, or `{}`; `{ source }` (the answer to `send`, or where the
 * content script cannot hash: `crypto.subtle` is for secure contexts only) is the same for the
 * text itself, transpiled here the second time: `{ built }`, or `{}`.
 */
async function paranoidTranspiledMessage(message, sender) {
  const partition = paranoidCachePartition(sender);
  if (partition === null) return {};
  if (typeof message.source === 'string') {
    const built = await paranoidTranspiled.second(partition, message.source);
    return built === null ? {} : { built };
  }
  if (typeof message.key !== 'string' || !/^[0-9a-f]{64}$/.test(message.key)) return {};
  return paranoidTranspiled.lookup(partition, message.key);
}
