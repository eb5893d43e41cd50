'use strict';
// A userscript's code as its sandbox runs it, transpiled once: when the script is saved (the
// install page, the settings' editor) or, when the core has changed since, by the background the
// first time a page asks for the script. Stored beside the record, under `paranoid:us:built:ID`:
//   { core, inputs, parts: [{ code, digest, sourceMap }] }
// one part per `@require`, then the script, in the order they run. `core` is the SHA-256 of the
// core's wasm that transpiled them (the policy's `coreDigest`), `inputs` the SHA-256 of the texts
// they were made from, `digest` each part's SHA-256. A build is handed out only while both still
// match; the content script names the digests in the sandbox's `configure`, and the kernel
// loads a part as it is only if its SHA-256 is one of them. What runs is therefore exactly what
// this core's vetting transpiler wrote for exactly these texts; storage is written by extension
// pages and the background only, and an edited or stale build is simply not used (the sandbox
// transpiles the texts, as it would without one).

/* global paranoidExtension, paranoidPolicy, paranoidWasmCall, paranoidSha256Hex, paranoidIsBuildPart */
/* exported paranoidBuiltKey, paranoidBuildTexts, paranoidBuildInputs, paranoidBuildUserscript, paranoidCurrentBuild */

/** @param {string} id */
const paranoidBuiltKey = (id) => `paranoid:us:built:${id}`;

/** What a build is made from: the `@require`s' texts, then the script's, in the order they run. */
const paranoidBuildTexts = (record) => [...record.requires.map((r) => String(r.text)), String(record.source)];
/** The SHA-256 of those texts: a build's `inputs`, and what a record must still give to use it. */
const paranoidBuildInputs = (record) => paranoidSha256Hex(JSON.stringify(paranoidBuildTexts(record)));

/**
 * Transpiles `record`'s code with the core, at the sandbox's default level (userscripts ask for
 * none), as the sandbox would. Null if a part does not transpile (it was vetted at install, so
 * only a core that changed its mind refuses it; the sandbox will say why when it runs).
 * @returns {Promise<{ core: string, inputs: string, parts: { code: string, digest: string, sourceMap: string | null }[] } | null>}
 */
async function paranoidBuildUserscript(record) {
  const texts = paranoidBuildTexts(record);
  const parts = [];
  for (const [i, text] of texts.entries()) {
    // The script's own text, last, as the managers run it: wrapped in a function.
    const out = await paranoidWasmCall('core', i === texts.length - 1 ? 'paranoid_transpile_userscript' : 'paranoid_transpile', text, 0);
    if (!out.ok || typeof out.code !== 'string') return null;
    parts.push({ code: out.code, digest: await paranoidSha256Hex(out.code), sourceMap: typeof out.sourceMap === 'string' ? out.sourceMap : null });
  }
  return { core: paranoidPolicy().coreDigest, inputs: await paranoidBuildInputs(record), parts };
}

/**
 * The stored build of `record` if it is this core's, of these texts, and has the shape the
 * content script relies on; else null.
 */
async function paranoidCurrentBuild(record) {
  const key = paranoidBuiltKey(record.id);
  const built = (await paranoidExtension.storage.local.get(key))[key];
  const core = paranoidPolicy().coreDigest;
  if (built === null || typeof built !== 'object' || typeof core !== 'string' || core === '' || built.core !== core) return null;
  const texts = paranoidBuildTexts(record);
  if (!Array.isArray(built.parts) || built.parts.length !== texts.length) return null;
  if (!built.parts.every(paranoidIsBuildPart)) return null;
  if (built.inputs !== await paranoidBuildInputs(record)) return null;
  return built;
}
