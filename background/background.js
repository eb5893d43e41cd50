'use strict';
// The extension's background (Chrome: service worker; Firefox: event page). It holds no state
// of its own: settings live in `storage.local`. Its jobs:
// 1. Keep the declarativeNetRequest rules equal to the user's quarantine rules (a blocked
//    script request per rule and site).
// 2. Fetch a quarantined script's text for the content script (no cookies, size-limited, and
//    only a URL that one of the asking site's rules names).
// 3. Tell a content script its tab id (the popup and tests address tabs by id).
// 4. Userscripts: which run on a page, their GM calls, their history (background/userscripts.js),
//    and their update checks (background/userscript-updates.js).
// 5. Which frames of a tab have sandboxed scripts, for the popup (background/frames.js).
// 6. Page scripts and quarantined scripts transpiled once a session (background/transpile-cache.js).
// Its helpers are loaded before it: the build lists the background's scripts in order
// (xtask/src/extension/layout.rs) for Firefox's manifest and Chrome's generated service worker.

/* global paranoidExtension, paranoidPolicy, paranoidSiteSettings, paranoidSitesKey, paranoidReadText, paranoidUserscriptMessage, paranoidCheckUpdates, paranoidWasmCall, paranoidFramesMessage, paranoidCommandRegistry, paranoidTranspiledMessage, paranoidTranspiled, paranoidCachePartition */

/**
 * A rule's regex, rebuilt by rust-meta from its match pattern: the stored `regex` is only what
 * the options page computed when the rule was added, and storage is input (a regex that does
 * not compile would make the browser refuse every rule of every site at once; one that does not
 * say what its pattern says would block other scripts). A pattern that no longer reads gives
 * null, and that rule is left out.
 * @param {string} pattern
 * @returns {Promise<string | null>}
 */
async function quarantineRegex(pattern) {
  const answer = await paranoidWasmCall('meta', 'paranoid_match_pattern', pattern);
  return answer.ok && typeof answer.regex === 'string' ? answer.regex : null;
}

/** The dynamic rules the stored settings call for. */
async function quarantineRules(stored) {
  const rules = [];
  const sites = stored !== null && typeof stored === 'object' ? stored : {};
  const dnr = paranoidExtension.declarativeNetRequest;
  for (const origin of Object.keys(sites)) {
    let host;
    try { host = new URL(origin).hostname; } catch { continue; }
    const site = paranoidSiteSettings(sites, origin);
    if (!site.enabled) continue;
    for (const rule of site.quarantine) {
      const regex = await quarantineRegex(rule.pattern);
      if (regex === null) { console.error(`paranoid: ${origin}'s quarantine rule ${rule.pattern} is not a match pattern; left out`); continue; }
      // One regex the browser's engine will not take would sink the whole batch: check each
      // where the browser can say.
      if (typeof dnr.isRegexSupported === 'function' && !(await dnr.isRegexSupported({ regex })).isSupported) {
        console.error(`paranoid: ${origin}'s quarantine rule ${rule.pattern} is too complex for the browser; left out`);
        continue;
      }
      rules.push({
        id: rules.length + 1,
        priority: 1,
        action: { type: 'block' },
        condition: { regexFilter: regex, resourceTypes: ['script'], initiatorDomains: [host] },
      });
    }
  }
  return rules;
}

let syncing = Promise.resolve();
function syncRules() {
  syncing = syncing.then(async () => {
    const stored = (await paranoidExtension.storage.local.get(paranoidSitesKey))[paranoidSitesKey];
    const addRules = await quarantineRules(stored);
    const old = await paranoidExtension.declarativeNetRequest.getDynamicRules();
    await paranoidExtension.declarativeNetRequest.updateDynamicRules({
      removeRuleIds: old.map((r) => r.id),
      addRules,
    });
  }).catch((error) => console.error('paranoid: the quarantine rules could not be installed:', error));
  return syncing;
}
paranoidExtension.runtime.onInstalled.addListener(() => { syncRules(); });
paranoidExtension.runtime.onStartup.addListener(() => { syncRules(); });
paranoidExtension.storage.onChanged.addListener((changes, area) => {
  if (area === 'local' && Object.hasOwn(changes, paranoidSitesKey)) syncRules();
});

async function fetchQuarantined(url, sender) {
  const origin = new URL(sender.url).origin;
  const stored = (await paranoidExtension.storage.local.get(paranoidSitesKey))[paranoidSitesKey];
  const site = paranoidSiteSettings(stored, origin);
  const bare = String(url).split('#')[0];
  let named = false;
  for (const rule of site.enabled ? site.quarantine : []) {
    const regex = await quarantineRegex(rule.pattern);
    if (regex !== null && new RegExp(regex).test(bare)) { named = true; break; }
  }
  if (!named) {
    return { ok: false, error: `no quarantine rule of ${origin} names ${bare}` };
  }
  const limit = paranoidPolicy().pageScripts.maxBytes;
  const response = await fetch(bare, { credentials: 'omit', redirect: 'follow', cache: 'no-store' });
  if (!response.ok) return { ok: false, error: `HTTP ${response.status}` };
  let text;
  try {
    text = await paranoidReadText(response, limit);
  } catch (error) {
    return { ok: false, error: error.message };
  }
  // Its build, when the session has transpiled it before (background/transpile-cache.js).
  const partition = paranoidCachePartition(sender);
  const built = partition === null ? null : await paranoidTranspiled.held(partition, text).catch(() => null);
  return { ok: true, text, built };
}

// Every command this background answers; who may send each is the protocol table's
// (background/commands.js).
const paranoidAnswer = paranoidCommandRegistry({
  'paranoid:whoami': (message, sender) => ({ tabId: sender.tab.id }),
  'paranoid:fetch-quarantined': (message, sender) => fetchQuarantined(message.url, sender),
  'paranoid:check-updates': () => paranoidCheckUpdates().catch((error) => ({ error: String(error.message) })),
  'paranoid:frame-has-scripts': paranoidFramesMessage,
  'paranoid:tab-frames': paranoidFramesMessage,
  'paranoid:userscripts-for': paranoidUserscriptMessage,
  'paranoid:gm': paranoidUserscriptMessage,
  'paranoid:us-outcome': paranoidUserscriptMessage,
  'paranoid:us-storage': paranoidUserscriptMessage,
  'paranoid:prebuilt': paranoidUserscriptMessage,
  'paranoid:transpiled': paranoidTranspiledMessage,
});

paranoidExtension.runtime.onMessage.addListener((message, sender, respond) => {
  const answer = paranoidAnswer(message, sender);
  if (answer === undefined) return undefined;
  answer.then(respond, (error) => respond({ ok: false, error: String(error.message) }));
  return true;
});
