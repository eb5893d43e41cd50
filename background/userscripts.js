'use strict';
// The background's side of userscripts:
// - which installed scripts run on a tab's page (rust-meta's `paranoid_runs_on`, on the URL the
//   browser reports for the sender, never one a message names);
// - the GM calls that need the extension (values, requests, notifications, tabs), each checked again
//   against the stored script's grants: the content script checked them too, but it lives next
//   to the page, so the background does not take its word;
// - opening the install page when the user navigates to a `.user.js`;
// - the run history (one writer, so that counters from many tabs are not lost).
// Only scripts' own storage is reachable: a call names its script by id, and the id must be of
// a script that runs on the asking page (checked against the sender's URL at each call).

/* global paranoidExtension, paranoidPolicy, paranoidWasmCall, paranoidReadText, paranoidListUserscripts, paranoidGetUserscript, paranoidUserscriptKeys, paranoidWriteClipboard, paranoidUserscriptPage, paranoidUserscriptMay, paranoidBuildUserscript, paranoidCurrentBuild, paranoidBuiltKey, paranoidBuildTexts, paranoidBuildInputs, paranoidStorageKeys */
/* exported paranoidUserscriptMessage */

/** Per storage key, writes one after another. */
const usQueues = new Map();
function usSerially(key, task) {
  const previous = usQueues.get(key) ?? Promise.resolve();
  const next = previous.then(task, task);
  usQueues.set(key, next.catch(() => {}));
  return next;
}

/** The installed, enabled scripts that run on `url`, in a frame or not. */
async function usScriptsFor(url, topLevel) {
  const records = (await paranoidListUserscripts()).filter((r) => r.enabled && (topLevel || !r.metadata.noframes));
  if (records.length === 0) return [];
  const answer = await paranoidWasmCall('meta', 'paranoid_runs_on', JSON.stringify({
    url,
    scripts: records.map((r) => ({ match: r.metadata.matches, include: r.metadata.includes, exclude: r.metadata.excludes, excludeMatch: r.metadata.excludeMatches })),
  }));
  if (!answer.ok) return [];
  return records.filter((_, i) => answer.runs[i] === true);
}

/**
 * The resources' text a script with `GM.getResourceText` is given at its start, for the
 * synchronous call: in the order listed, while the policy's total allows.
 */
function usSyncResources(record) {
  if (!record.metadata.grants.includes('GM.getResourceText')) return null;
  const given = {};
  let left = paranoidPolicy().userscripts.syncResourcesMaxChars;
  for (const r of record.resources) {
    const text = String(r.text);
    if (text.length > left) continue;
    given[r.name] = text;
    left -= text.length;
  }
  return given;
}

/** The builds being made now, by script id (the pages of one site ask at once). */
const usBuilding = new Map();
/** Transpiles a script whose stored build is missing or stale, for the next page load. */
function usRebuild(record) {
  if (usBuilding.has(record.id)) return;
  const made = paranoidBuildUserscript(record).then(async (built) => {
    // Only if the record is still the one built from (not changed or deleted meanwhile).
    const now = await paranoidGetUserscript(record.id);
    if (built !== null && now !== null && built.inputs === await paranoidBuildInputs(now)) {
      await paranoidExtension.storage.local.set({ [paranoidBuiltKey(record.id)]: built });
    }
  }).catch(() => {}).finally(() => usBuilding.delete(record.id));
  usBuilding.set(record.id, made);
}

/**
 * What the content script gets to run a script: its code in the order it runs (`@require`s, then
 * the script), each part transpiled already when its stored build is current (with the part's
 * digest and source map), else as text; the data GM.info shows, the resources it may read
 * synchronously and where its values are stored (read there as it starts, and followed), no more.
 */
async function usRunnable(record) {
  const m = record.metadata;
  const files = [...record.requires.map((r) => String(r.url)), `userscript:${m.name}`];
  const built = await paranoidCurrentBuild(record).catch(() => null);
  if (built === null) usRebuild(record);
  const texts = paranoidBuildTexts(record);
  return {
    id: record.id,
    name: m.name,
    code: files.map((file, i) => (built === null
      ? { file, text: texts[i], digest: null, sourceMap: null, original: null }
      : { file, text: built.parts[i].code, digest: built.parts[i].digest, sourceMap: built.parts[i].sourceMap, original: texts[i] })),
    runAt: m.runAt,
    grants: m.grants.slice(),
    page: paranoidUserscriptPage(record),
    resources: usSyncResources(record),
    resourceNames: record.resources.map((r) => String(r.name)),
    valuesKey: paranoidUserscriptKeys.values(record.id),
    info: {
      script: {
        name: m.name, namespace: m.namespace, version: m.version, description: m.description,
        matches: m.matches, includes: m.includes, excludes: m.excludes, excludeMatches: m.excludeMatches,
        grant: m.grants, runAt: m.runAt, noframes: m.noframes, connects: record.connect,
        resources: record.resources.map((r) => ({ name: r.name, url: r.url })),
      },
      scriptHandler: 'Paranoid',
      version: paranoidExtension.runtime.getManifest().version,
    },
  };
}

async function usValues(id) {
  const key = paranoidUserscriptKeys.values(id);
  const stored = (await paranoidExtension.storage.local.get(key))[key];
  return stored !== null && typeof stored === 'object' && !Array.isArray(stored) ? stored : {};
}

const usNameOk = (name) => typeof name === 'string' && name.length > 0 && name.length <= paranoidPolicy().userscripts.valueNameMax;
const usNameError = (call) => new TypeError(`${call}: the name must be a non-empty string of at most ${paranoidPolicy().userscripts.valueNameMax} characters`);

/**
 * Calls of each script in a sliding window, per kind (`calls`, `tabs`, `notifications`): what a
 * script may do in a second or a minute, counted over all its pages. Kept in memory: a service
 * worker that stopped starts the count afresh, which a flood (that keeps it awake) never sees.
 * @type {Map<string, number[]>}
 */
const usRates = new Map();
function usWithinRate(key, limit, windowMs) {
  const now = Date.now();
  const times = (usRates.get(key) ?? []).filter((t) => t > now - windowMs);
  const within = times.length < limit;
  if (within) times.push(now);
  usRates.set(key, times);
  return within;
}

/** What a store of `localStorage` costs, as the sandbox counts it too: each key and value as JSON, and 2 more. */
function usStorageSize(entries) {
  let size = 0;
  for (const [k, v] of Object.entries(entries)) size += JSON.stringify(k).length + JSON.stringify(v).length + 2;
  return size;
}
/** Only string values, as an object without a prototype (storage is an input like any other). */
function usStorageEntries(stored) {
  const entries = Object.create(null);
  if (stored !== null && typeof stored === 'object' && !Array.isArray(stored)) for (const [k, v] of Object.entries(stored)) if (typeof v === 'string') entries[k] = v;
  return entries;
}

/**
 * Where the asking page's own storage of script `id` is: the site is the origin of the URL the
 * browser reports for the sender, never one a message names; `sessionStorage` is the sender's
 * tab's too. Both are in `storage.local` (the session's under the tab, dropped with it).
 */
function usStoragePlace(id, area, sender) {
  if (area !== 'local' && area !== 'session') throw new TypeError('storage: the area is local or session');
  let origin;
  try { origin = new URL(sender.url).origin; } catch { origin = 'null'; }
  if (origin === 'null' || !/^https?:/.test(origin)) throw new TypeError('storage: this page has no origin of its own to keep storage for');
  if (area === 'session' && !Number.isSafeInteger(sender.tab?.id)) throw new TypeError('storage: sessionStorage is kept per tab, and this page is in none');
  return { origin, key: area === 'local' ? paranoidUserscriptKeys.local(id, origin) : paranoidUserscriptKeys.session(sender.tab.id, id) };
}

/** The entries of the script's own store here. */
async function usStorageRead(id, area, sender) {
  const { origin, key } = usStoragePlace(id, area, sender);
  const stored = (await paranoidExtension.storage.local.get(key))[key];
  if (area === 'local') return usStorageEntries(stored);
  const sites = stored !== null && typeof stored === 'object' && !Array.isArray(stored) ? stored : {};
  return usStorageEntries(Object.hasOwn(sites, origin) ? sites[origin] : null);
}

/**
 * Writes a turn's changes to the script's own store here: `clear` first, then each `[key,
 * value]` (a string, or null to remove). Past the area's limits nothing is written (the sandbox
 * checked them first and threw `QuotaExceededError`; this is the check). One script's writes
 * are one after another, its list of sites with them.
 */
function usStorageWrite(id, area, clear, changes, sender) {
  if (typeof clear !== 'boolean' || !Array.isArray(changes)) throw new TypeError('storage.write: [area, clear, changes]');
  for (const change of changes) {
    if (!Array.isArray(change) || typeof change[0] !== 'string' || (typeof change[1] !== 'string' && change[1] !== null)) throw new TypeError('storage.write: a change is [key, string or null]');
  }
  const limits = paranoidPolicy().userscripts;
  if (!usWithinRate(`${id}:storage-writes`, limits.storageWritesPerSecond, 1000)) throw new RangeError(`${area}Storage: this script wrote its storage over ${limits.storageWritesPerSecond} times in the last second`);
  const { origin, key } = usStoragePlace(id, area, sender);
  const store = paranoidExtension.storage.local;
  return usSerially(`storage:${id}`, async () => {
    const stored = (await store.get(key))[key];
    const sites = area === 'session' && stored !== null && typeof stored === 'object' && !Array.isArray(stored) ? { ...stored } : {};
    const entries = clear ? Object.create(null) : usStorageEntries(area === 'local' ? stored : sites[origin] ?? null);
    for (const [k, v] of changes) { if (v === null) delete entries[k]; else entries[k] = v; }
    const keys = Object.keys(entries).length;
    if (keys > limits.localStorageKeysMax) throw new DOMException(`${area}Storage: the script's storage on ${origin} would hold ${keys} keys, over its limit of ${limits.localStorageKeysMax}`, 'QuotaExceededError');
    if (area === 'session') {
      if (keys === 0) delete sites[origin]; else sites[origin] = { ...entries };
      const size = Object.values(sites).reduce((n, e) => n + usStorageSize(e), 0);
      if (size > limits.sessionStorageMaxChars) throw new DOMException(`sessionStorage: the script's storage in this tab would take ${size} characters, over its limit of ${limits.sessionStorageMaxChars}`, 'QuotaExceededError');
      if (Object.keys(sites).length === 0) await store.remove(key); else await store.set({ [key]: sites });
      return null;
    }
    const size = usStorageSize(entries);
    if (size > limits.localStorageMaxChars) throw new DOMException(`localStorage: the script's storage on ${origin} would take ${size} characters, over its limit of ${limits.localStorageMaxChars}`, 'QuotaExceededError');
    // The sites it keeps storage for, bounded; a site whose store is emptied leaves the list.
    const sitesKey = paranoidUserscriptKeys.localSites(id);
    const listed = (await store.get(sitesKey))[sitesKey];
    const list = Array.isArray(listed) ? listed.filter((o) => typeof o === 'string') : [];
    if (keys === 0) {
      await store.remove(key);
      if (list.includes(origin)) await store.set({ [sitesKey]: list.filter((o) => o !== origin) });
      return null;
    }
    if (!list.includes(origin)) {
      if (list.length >= limits.localStorageSitesMax) throw new DOMException(`localStorage: the script keeps storage for at most ${limits.localStorageSitesMax} sites`, 'QuotaExceededError');
      await store.set({ [sitesKey]: [...list, origin] });
    }
    await store.set({ [key]: { ...entries } });
    return null;
  });
}

/** Drops the sessionStorage of the tabs `closed` says are gone (all, at the browser's start). */
async function usDropSessions(closed) {
  const prefix = paranoidUserscriptKeys.sessionPrefix;
  const keys = (await paranoidStorageKeys()).filter((k) => k.startsWith(prefix) && closed(Number(k.slice(prefix.length).split(':')[0])));
  if (keys.length > 0) await paranoidExtension.storage.local.remove(keys);
}
paranoidExtension.tabs.onRemoved.addListener((tabId) => { usDropSessions((t) => t === tabId).catch(() => {}); });
paranoidExtension.tabs.onReplaced?.addListener((added, removed) => { usDropSessions((t) => t === removed).catch(() => {}); });
paranoidExtension.runtime.onStartup.addListener(() => { usDropSessions(() => true).catch(() => {}); });

/** One GM call, already checked against the record's grants. */
async function usCall(record, name, args, sender) {
  const id = record.id;
  const limits = paranoidPolicy().userscripts;
  if (!usWithinRate(`${id}:calls`, limits.gmCallsPerSecond, 1000)) {
    throw new RangeError(`${name}: this script made over ${limits.gmCallsPerSecond} GM calls in the last second`);
  }
  switch (name) {
    case 'storage.write':
      return usStorageWrite(id, args[0], args[1], args[2], sender);
    case 'GM.getValue': {
      const [key, fallback] = args;
      if (!usNameOk(key)) throw usNameError('GM.getValue');
      const values = await usValues(id);
      return Object.hasOwn(values, key) ? JSON.parse(values[key]) : fallback;
    }
    case 'GM.listValues':
      return Object.keys(await usValues(id));
    case 'GM.setValue':
    case 'GM.deleteValue': {
      const [key, value] = args;
      if (!usNameOk(key)) throw usNameError(name);
      return usSerially(paranoidUserscriptKeys.values(id), async () => {
        const values = await usValues(id);
        if (name === 'GM.deleteValue') delete values[key];
        else {
          const json = JSON.stringify(value);
          if (json === undefined) throw new TypeError('GM.setValue: the value is not JSON (undefined, a function or a symbol)');
          values[key] = json;
          const total = Object.entries(values).reduce((n, [k, v]) => n + k.length + v.length, 0);
          const limit = paranoidPolicy().userscripts.valuesMaxChars;
          if (total > limit) throw new RangeError(`GM.setValue: the script's values would take ${total} characters, over its limit of ${limit}`);
        }
        await paranoidExtension.storage.local.set({ [paranoidUserscriptKeys.values(id)]: values });
        return null;
      });
    }
    case 'GM.getResourceText': {
      const resource = record.resources.find((r) => r.name === args[0]);
      if (!resource) throw new TypeError(`GM.getResourceText: no @resource is named ${String(args[0]).slice(0, 60)}`);
      return String(resource.text);
    }
    case 'GM.xmlHttpRequest':
      return usRequest(record, args[0], sender);
    case 'GM.xmlHttpRequest.abort':
      return usAbortRequest(record, args[0], sender);
    case 'GM.notification': {
      const [details] = args;
      const d = details !== null && typeof details === 'object' ? details : { text: details };
      const text = String(d.text ?? '').slice(0, 1000);
      if (text === '') throw new TypeError('GM.notification: there is no text');
      const title = typeof d.title === 'string' && d.title !== '' ? d.title : record.metadata.name;
      // One at a time per script, so that two calls cannot both see room for one more.
      return usSerially(`notify:${id}`, async () => {
        const open = Object.keys(await paranoidExtension.notifications.getAll());
        const owners = open.length === 0 ? {} : await paranoidExtension.storage.session.get(open.map(usNotificationKey));
        const mine = open.filter((n) => owners[usNotificationKey(n)]?.script === id).length;
        if (mine >= limits.notificationsOpen) throw new RangeError(`GM.notification: this script has ${mine} notifications open, its limit`);
        if (!usWithinRate(`${id}:notifications`, limits.notificationsPerMinute, 60000)) {
          throw new RangeError(`GM.notification: this script showed ${limits.notificationsPerMinute} notifications in the last minute, its limit`);
        }
        const shown = await paranoidExtension.notifications.create({
          type: 'basic', title: title.slice(0, 200), message: text, iconUrl: paranoidExtension.runtime.getURL('ui/icon-128.png'),
        });
        // Where a click goes: the frame that asked, for this script only.
        if (Number.isSafeInteger(sender.tab?.id)) {
          await paranoidExtension.storage.session.set({ [usNotificationKey(shown)]: { tabId: sender.tab.id, frameId: sender.frameId ?? 0, script: id } });
        }
        return { id: shown };
      });
    }
    case 'GM.setClipboard':
      await paranoidWriteClipboard(String(args[0] ?? ''));
      return null;
    case 'GM.openInTab': {
      const [url, background] = args;
      const target = new URL(String(url), sender.url);
      if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new TypeError(`GM.openInTab: only http(s) pages, not ${target.protocol}`);
      if (!usWithinRate(`${id}:tabs`, limits.openInTabPerMinute, 60000)) {
        throw new RangeError(`GM.openInTab: this script opened ${limits.openInTabPerMinute} tabs in the last minute, its limit`);
      }
      const tab = await paranoidExtension.tabs.create({ url: target.href, active: background !== true, openerTabId: sender.tab?.id });
      return { id: tab.id };
    }
    default:
      throw new TypeError(`${name} is not answered by the background`);
  }
}

const US_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
// Headers a script may not set: the Fetch standard's forbidden request headers (they would
// speak for the user, the page or the browser, not the script), and `Authorization`.
const US_FORBIDDEN_HEADER = /^(accept-charset|accept-encoding|access-control-request-.*|authorization|connection|content-length|cookie2?|date|dnt|expect|host|keep-alive|origin|referer|set-cookie|te|trailer|transfer-encoding|upgrade|via|proxy-.*|sec-.*)$/;
// A method named in one of these asks the server to read the request as that method: only the
// methods a script may use (the Fetch standard forbids CONNECT, TRACE, TRACK there too).
const US_METHOD_OVERRIDE = /^(x-http-method|x-http-method-override|x-method-override)$/;

async function usConnectAllows(record, url, pageUrl) {
  const answer = await paranoidWasmCall('meta', 'paranoid_connect_allows', JSON.stringify({ url, pageUrl, connect: record.connect }));
  return answer.ok === true && answer.allowed === true;
}

/**
 * GM.xmlHttpRequest, performed here: only to a `@connect` host the user approved (checked by
 * rust-meta, again for the URL a redirect ended at), without cookies unless the user allowed
 * them at install (and then a redirect is refused, so that they cannot follow it elsewhere),
 * with no page `Referer`, and a response small enough to go back as one message.
 */
async function usRequest(record, details, sender) {
  if (details === null || typeof details !== 'object') throw new TypeError('GM.xmlHttpRequest: give it an object ({ url, method, headers, data })');
  const method = String(details.method ?? 'GET').toUpperCase();
  if (!US_METHODS.includes(method)) throw new TypeError(`GM.xmlHttpRequest: the method ${method.slice(0, 20)} is not one of ${US_METHODS.join(', ')}`);
  let url;
  try { url = new URL(String(details.url), sender.url); } catch { throw new TypeError('GM.xmlHttpRequest: the url is not a URL'); }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError(`GM.xmlHttpRequest: only http(s) URLs, not ${url.protocol}`);
  url.hash = '';
  if (!await usConnectAllows(record, url.href, sender.url)) {
    throw new Error(`GM.xmlHttpRequest: ${url.host} is not a @connect host you approved for this script`);
  }
  const headers = new Headers();
  const given = details.headers !== null && typeof details.headers === 'object' ? Object.entries(details.headers) : [];
  if (given.length > 50) throw new RangeError('GM.xmlHttpRequest: more than 50 headers');
  for (const [name, value] of given) {
    // Header names are ASCII tokens (anything else fails in `headers.set`), compared lowercased.
    const lower = name.replace(/[A-Z]/g, (c) => c.toLowerCase());
    if (US_FORBIDDEN_HEADER.test(lower)) throw new TypeError(`GM.xmlHttpRequest: the ${name.slice(0, 40)} header cannot be set by a script`);
    const text = String(value).slice(0, 8192);
    if (US_METHOD_OVERRIDE.test(lower) && !text.split(',').every((m) => US_METHODS.includes(m.trim().toUpperCase()))) {
      throw new TypeError(`GM.xmlHttpRequest: ${name.slice(0, 40)} may name only ${US_METHODS.join(', ')}`);
    }
    try { headers.set(name, text); } catch { throw new TypeError(`GM.xmlHttpRequest: ${String(name).slice(0, 40)}: not a header name and value`); }
  }
  let body;
  if (details.data !== undefined && details.data !== null) {
    if (method === 'GET' || method === 'HEAD') throw new TypeError(`GM.xmlHttpRequest: a ${method} request has no body`);
    body = String(details.data);
    if (body.length > paranoidPolicy().messageLimit) throw new RangeError('GM.xmlHttpRequest: the body is over 1 MiB');
  }
  const timeout = Number.isFinite(details.timeout) && details.timeout > 0 ? Math.min(details.timeout, 120000) : 30000;
  const abort = new AbortController();
  let timedOut = false;
  // The timeout and `abort()` cover the whole request, the body's download included.
  const timer = setTimeout(() => { timedOut = true; abort.abort(); }, timeout);
  const key = usRequestKey(record, sender, details.key);
  if (key !== null) {
    if (usRequests.has(key)) { clearTimeout(timer); throw new TypeError('GM.xmlHttpRequest: a request with this key is already running'); }
    usRequests.set(key, abort);
    if (usAbortedEarly.delete(key)) abort.abort();
  }
  const stopped = () => new Error(timedOut ? `GM.xmlHttpRequest: timed out after ${timeout} ms` : 'GM.xmlHttpRequest: aborted');
  // Each request may hold a response of up to 1 MiB here: a script has a few at a time.
  const inFlight = usInFlight.get(record.id) ?? 0;
  const most = paranoidPolicy().userscripts.requestsInFlight;
  if (inFlight >= most) {
    clearTimeout(timer);
    if (key !== null) usRequests.delete(key);
    throw new RangeError(`GM.xmlHttpRequest: this script has ${most} requests running, its limit`);
  }
  usInFlight.set(record.id, inFlight + 1);
  try {
    let response;
    try {
      if (abort.signal.aborted) throw stopped();
      response = await fetch(url.href, {
        method, headers, body, signal: abort.signal, cache: 'no-store', referrerPolicy: 'no-referrer',
        credentials: record.cookies === true ? 'include' : 'omit',
        // No redirect is followed: where one leads cannot be checked before the request to it
        // is made (and that request can carry the data), since the browser never shows the
        // extension a redirect's Location. `manual` answers with an opaque redirect instead.
        redirect: record.cookies === true ? 'error' : 'manual',
      });
    } catch (error) {
      throw abort.signal.aborted ? stopped() : new Error(`GM.xmlHttpRequest: network error (${error.message})`);
    }
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400 && response.headers.has('location'))) {
      abort.abort();
      throw new Error('GM.xmlHttpRequest: the server answered with a redirect, which is not followed (where it leads cannot be checked before the request is made): ask the URL it names');
    }
    if (response.url && response.url !== url.href && !await usConnectAllows(record, response.url, sender.url)) {
      abort.abort();
      throw new Error(`GM.xmlHttpRequest: redirected to ${new URL(response.url).host}, which is not a @connect host you approved`);
    }
    // The answer travels back to the sandbox as one message of at most 1 MiB of JSON.
    const limit = paranoidPolicy().messageLimit - 65536;
    let responseText;
    try {
      responseText = await paranoidReadText(response, limit);
    } catch (error) {
      throw abort.signal.aborted ? stopped() : new Error(`GM.xmlHttpRequest: the response is ${error.message}`);
    }
    return {
      status: response.status, statusText: response.statusText, finalUrl: response.url || url.href, readyState: 4,
      responseHeaders: [...response.headers].map(([k, v]) => `${k}: ${v}`).join('\r\n'), responseText,
    };
  } finally {
    clearTimeout(timer);
    if (key !== null) usRequests.delete(key);
    const left = (usInFlight.get(record.id) ?? 1) - 1;
    if (left > 0) usInFlight.set(record.id, left); else usInFlight.delete(record.id);
  }
}

/** Requests running per script. @type {Map<string, number>} */
const usInFlight = new Map();

/**
 * Requests in flight, each under its key: the asking tab and frame, the script (which the
 * background has checked runs there) and the number the script's prelude gave it. A script
 * can only ever name its own requests, in its own frame.
 * @type {Map<string, AbortController>}
 */
const usRequests = new Map();
/** Aborts that arrived before their request (the two messages race): the newest `abortsKept`. */
const usAbortedEarly = new Set();

function usRequestKey(record, sender, key) {
  if (!Number.isSafeInteger(key) || key <= 0) return null;
  return JSON.stringify([sender.tab?.id ?? null, sender.frameId ?? 0, record.id, key]);
}

/** `abort()` on a request's promise: stops it, or stops it as soon as it starts. */
function usAbortRequest(record, key, sender) {
  const k = usRequestKey(record, sender, key);
  if (k === null) throw new TypeError('GM.xmlHttpRequest: abort needs the request\'s key');
  const running = usRequests.get(k);
  if (running) { running.abort(); return true; }
  usAbortedEarly.add(k);
  if (usAbortedEarly.size > paranoidPolicy().userscripts.abortsKept) usAbortedEarly.delete(usAbortedEarly.values().next().value);
  return false;
}

const usNotificationKey = (id) => `paranoid:us:notification:${id}`;

/**
 * A click on (or the closing of) a script's notification, told to the frame whose script made
 * it, which hands it to that script's sandbox (`onclick`, `ondone`). A click also closes it.
 * The notification's owner is kept in `storage.session` (the service worker may have stopped
 * since), and forgotten when it closes.
 * @param {string} id
 * @param {'click' | 'done'} event
 */
async function usNotificationEvent(id, event) {
  const key = usNotificationKey(id);
  const owner = (await paranoidExtension.storage.session.get(key))[key];
  if (owner === null || typeof owner !== 'object' || !Number.isSafeInteger(owner.tabId) || !Number.isSafeInteger(owner.frameId)) return;
  if (event === 'done') await paranoidExtension.storage.session.remove(key);
  await paranoidExtension.tabs.sendMessage(owner.tabId, { type: 'paranoid:us-notification', script: String(owner.script), notification: id, event },
    { frameId: owner.frameId }).catch(() => {});
  if (event === 'click') await paranoidExtension.notifications.clear(id).catch(() => {});
}
paranoidExtension.notifications.onClicked.addListener((id) => { usNotificationEvent(id, 'click'); });
paranoidExtension.notifications.onClosed.addListener((id) => { usNotificationEvent(id, 'done'); });

/** Adds one run's outcome to the script's history. */
function usRecord(id, entry) {
  const key = paranoidUserscriptKeys.history(id);
  return usSerially(key, async () => {
    const stored = (await paranoidExtension.storage.local.get(key))[key];
    const h = stored !== null && typeof stored === 'object' ? stored : {};
    const count = (k) => (Number.isInteger(h[k]) && h[k] >= 0 ? h[k] : 0);
    const counters = { ran: 'runs', rejected: 'rejections', killed: 'kills', error: 'errors' };
    const next = { runs: count('runs'), rejections: count('rejections'), kills: count('kills'), errors: count('errors') };
    next[counters[entry.outcome]]++;
    const last = Array.isArray(h.last) ? h.last : [];
    next.last = [...last, entry].slice(-paranoidPolicy().userscripts.historyKept);
    await paranoidExtension.storage.local.set({ [key]: next });
  });
}

/**
 * Handles the userscript messages from content scripts; returns undefined for any other.
 * @returns {Promise<any> | undefined}
 */
function paranoidUserscriptMessage(message, sender) {
  if (!sender.tab || typeof sender.url !== 'string') return undefined;
  // A text the build transpiled (the replica's DOM library, the GM prelude): the extension's
  // own code, no capability, asked for by name by a content script that runs userscripts.
  if (message.type === 'paranoid:prebuilt') return usPrebuilt(message.name);
  if (message.type === 'paranoid:userscripts-for') {
    usOfferInstall(sender);
    return usScriptsFor(sender.url, (sender.frameId ?? 0) === 0).then((records) => Promise.all(records.map(usRunnable)));
  }
  if (message.type === 'paranoid:gm' || message.type === 'paranoid:us-outcome' || message.type === 'paranoid:us-storage') {
    const id = String(message.id);
    // Asked afresh each time (the service worker keeps no state): the script must be one that
    // runs on the sender's page.
    return usScriptsFor(sender.url, (sender.frameId ?? 0) === 0).then((records) => {
      if (!records.some((r) => r.id === id)) return { ok: false, error: 'this page does not run that script' };
      return usAnswer(id, message, sender);
    });
  }
  return undefined;
}

/** The texts the build transpiled, by the name a content script asks for; each read once per background's life. */
const usPrebuiltFiles = new Map([['dom-library', 'replica/domino.js'], ['gm-prelude', 'prebuilt/gm-prelude.js']]);
const usPrebuiltTexts = new Map();
function usPrebuilt(name) {
  const file = usPrebuiltFiles.get(name);
  if (file === undefined) return Promise.resolve(null);
  if (!usPrebuiltTexts.has(name)) {
    usPrebuiltTexts.set(name, fetch(paranoidExtension.runtime.getURL(file)).then((r) => r.text()).catch((error) => { usPrebuiltTexts.delete(name); throw error; }));
  }
  return usPrebuiltTexts.get(name);
}

/** A GM call or a run's outcome, for script `id`, which runs on the sender's page. */
async function usAnswer(id, message, sender) {
  if (message.type === 'paranoid:us-outcome') {
    const outcomes = ['ran', 'rejected', 'killed', 'error'];
    if (!outcomes.includes(message.outcome)) return { ok: false, error: 'unknown outcome' };
    await usRecord(id, { at: Date.now(), url: sender.url.slice(0, 500), outcome: message.outcome, detail: String(message.detail ?? '').slice(0, 300) });
    return { ok: true };
  }
  const record = await paranoidGetUserscript(id);
  const name = String(message.name);
  if (!record || !record.enabled) return { ok: false, error: 'the script is not installed or is disabled' };
  if (message.type === 'paranoid:us-storage') {
    // Its own localStorage and sessionStorage here, as it starts: the content script's question
    // (not one of the script's calls, so not counted in its rate); what was refused, and why.
    const limits = paranoidPolicy().userscripts;
    if (!usWithinRate(`${id}:storage-reads`, limits.storageReadsPerSecond, 1000)) return { ok: false, error: `storage: this script's storage was read over ${limits.storageReadsPerSecond} times in the last second` };
    const area = async (which) => {
      try { return { entries: { ...(await usStorageRead(id, which, sender)) } }; } catch (error) { return { refused: `${error.message}` }; }
    };
    return { ok: true, value: [await area('local'), await area('session')] };
  }
  if (!paranoidUserscriptMay(name, new Set(record.metadata.grants), paranoidUserscriptPage(record))) return { ok: false, error: `${name} was not granted to this script` };
  try {
    const args = Array.isArray(message.args) ? message.args : [];
    return { ok: true, value: await usCall(record, name, args, sender) };
  } catch (error) {
    return { ok: false, error: `${error.name}: ${error.message}` };
  }
}

// A `.user.js` the user opens: offer the install page, as the other managers do. Nothing is
// installed until the user confirms there.
// Only for a document the tab loaded, not for a URL a page wrote: `history.pushState`,
// `replaceState`, a new fragment and `history.back()` within a page fire `tabs.onUpdated` in
// Chromium with `{status: 'loading', url}` then `{status: 'complete'}`, exactly as a real load
// does (Firefox ESR gives them one `{status: 'complete', url}`); measured in both. What only a
// new document does is start the content script, whose first act is to ask which userscripts
// run on it (`paranoid:userscripts-for`, once per document, before the page's own scripts, so
// `sender.url` is the URL the document loaded). The top frame's question only, and a prerendered
// page's not. A page can still load a `.user.js` by itself (a script navigating, a redirect
// loop): at most one install page per tab, and per URL, every `offerEveryMs` (the policy's).
/** When an install page was last offered, per tab id and per URL (the service worker's life). */
const usOffered = { tabs: new Map(), urls: new Map() };
/** Called with each `paranoid:userscripts-for` (the registry has checked its sender). */
function usOfferInstall(sender) {
  if (sender.frameId !== 0 || !Number.isSafeInteger(sender.tab?.id)) return;
  if (sender.documentLifecycle !== undefined && sender.documentLifecycle !== 'active') return;
  let url;
  try { url = new URL(sender.url); } catch { return; }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.pathname.endsWith('.user.js')) return;
  url.hash = '';
  const now = Date.now();
  for (const offered of [usOffered.tabs, usOffered.urls]) {
    for (const [key, at] of offered) if (now - at >= paranoidPolicy().userscripts.offerEveryMs) offered.delete(key);
  }
  if (usOffered.tabs.has(sender.tab.id) || usOffered.urls.has(url.href)) return;
  usOffered.tabs.set(sender.tab.id, now);
  usOffered.urls.set(url.href, now);
  paranoidExtension.tabs.create({ url: paranoidExtension.runtime.getURL(`ui/install.html?url=${encodeURIComponent(url.href)}`), openerTabId: sender.tab.id });
}
