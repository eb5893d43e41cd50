'use strict';
// The GM API and the `dom` capability as a userscript sees them, built inside its own sandbox:
// the build transpiles this file once (`prebuilt/gm-prelude.js`), the sandbox loads it before
// anything of the script's, and the content script then calls the function with what it gives
// the script at its start (`init`, below).
// It is convenience, not a boundary: every call becomes a message that the content script and
// the background check against the script's grants, so a script that tampers with this code
// only breaks its own calls. It is never called in the content script.
//
// Both API generations are here, for the same grants: `GM.getValue` (a promise) and
// `GM_getValue` (synchronous). The synchronous calls read what the sandbox was given at its
// start (a snapshot of the script's values, the text of its resources), kept current by the
// content script's word of changes made elsewhere, and write through: a write changes the
// snapshot at once and goes to the background in order, the latest write of a name replacing
// one not yet sent.

/* exported paranoidUserscriptPrelude */
/* global paranoid */

/**
 * @param {{ grants: string[], spellings: [string, string][], info: object,
 *   values: Record<string, string> | null, resources: Record<string, string> | null,
 *   resourceNames: string[], valueNameMax: number, valuesMaxChars: number,
 *   page: { requests: boolean, navigate: boolean }, frame: 'top' | 'child' | 'nested',
 *   storage?: { areas: ({ entries: Record<string, string> } | { refused: string })[], localMax: number, sessionMax: number,
 *     keysMax: number, writeChars: number } }} init
 */
function paranoidUserscriptPrelude(init) {
  'use strict';
  /**
   * `unsafeWindow`: the script's own window, as it is for a script of `@grant none`, so that the
   * uses that only stand in for `window` work (`unsafeWindow.document`, `.getComputedStyle`,
   * `.location`, the script's own globals). The page's own JavaScript objects are not in it and
   * cannot be: reading, setting or defining a name the window lacks throws a TypeError naming it,
   * rather than answering `undefined` as if the page had no such object. Symbols and `then` (which
   * promise resolution reads of any object) answer as the window does.
   */
  const ownWindowAsUnsafe = (win) => {
    const why = (name) => `unsafeWindow.${String(name).slice(0, 100)} is not available to a sandboxed userscript: the page's own JavaScript objects are not given (unsafeWindow is the script's own window)`;
    const known = (name) => typeof name === 'symbol' || name === 'then' || name in win;
    return new Proxy(win, {
      get: (target, name) => { if (known(name)) return Reflect.get(target, name); throw new TypeError(why(name)); },
      set: (target, name, value) => { if (known(name)) return Reflect.set(target, name, value); throw new TypeError(`setting ${why(name)}`); },
      defineProperty: (target, name, descriptor) => { if (known(name)) return Reflect.defineProperty(target, name, descriptor); throw new TypeError(`defining ${why(name)}`); },
    });
  };
  /**
   * `localStorage` and `sessionStorage`: the script's own, for the page's site (and, for the
   * session's, its tab), never the page's. Read from the snapshot given at the start; a turn's
   * changes are written through in one call at its end. Past the area's limit `setItem` throws
   * `QuotaExceededError`, as a browser's does; where the page has no origin of its own, reading
   * either throws `SecurityError`, as natively.
   */
  const installStorage = ({ areas, localMax, sessionMax, keysMax, writeChars }) => {
    // What an entry costs, as the background counts it: key and value as JSON, and 2 more.
    const cost = (k, v) => JSON.stringify(k).length + JSON.stringify(v).length + 2;
    const make = (area, snapshot, max) => {
      const entries = new Map(Object.entries(snapshot.entries));
      let size = 0;
      for (const [k, v] of entries) size += cost(k, v);
      let pending = new Map();
      let cleared = false;
      let due = false;
      const flushSoon = () => {
        if (due) return;
        due = true;
        queueMicrotask(() => {
          due = false;
          const changes = [...pending];
          let clear = cleared;
          pending = new Map();
          cleared = false;
          let chunk = [];
          let chars = 0;
          const send = () => { call('storage.write', [area, clear, chunk]).catch(sayFailure(`${area}Storage`)); clear = false; chunk = []; chars = 0; };
          for (const [k, v] of changes) {
            const c = cost(k, v);
            // Calls of at most the policy's size, each well within one message.
            if (chunk.length > 0 && chars + c > writeChars) send();
            chunk.push([k, v]);
            chars += c;
          }
          if (chunk.length > 0 || clear) send();
        });
      };
      class Storage {
        get length() { return entries.size; }
        key(index) { const i = Number(index) >>> 0; return i < entries.size ? [...entries.keys()][i] : null; }
        getItem(key) { const k = String(key); return entries.has(k) ? entries.get(k) : null; }
        setItem(key, value) {
          const k = String(key);
          const v = String(value);
          const next = size - (entries.has(k) ? cost(k, entries.get(k)) : 0) + cost(k, v);
          if (!entries.has(k) && entries.size >= keysMax) throw new DOMException(`Failed to execute 'setItem' on 'Storage': a script keeps at most ${keysMax} keys on a site.`, 'QuotaExceededError');
          if (next > max) throw new DOMException(`Failed to execute 'setItem' on 'Storage': setting the value of '${k.slice(0, 40)}' exceeded the quota (${max} characters for this script on this site).`, 'QuotaExceededError');
          size = next;
          entries.set(k, v);
          pending.set(k, v);
          flushSoon();
        }
        removeItem(key) {
          const k = String(key);
          if (!entries.has(k)) return;
          size -= cost(k, entries.get(k));
          entries.delete(k);
          pending.set(k, null);
          flushSoon();
        }
        clear() {
          entries.clear();
          size = 0;
          pending = new Map();
          cleared = true;
          flushSoon();
        }
      }
      const storage = new Storage();
      if (area === 'local') globalThis.Storage = Storage;
      const own = (p) => typeof p === 'string' && !(p in Storage.prototype) && entries.has(p);
      // Keys read and written as properties (`localStorage.theme = 'dark'`), as a browser's.
      return new Proxy(storage, {
        get: (target, p) => (own(p) ? entries.get(p) : Reflect.get(target, p, target)),
        set: (target, p, v) => { if (typeof p === 'symbol') return Reflect.set(target, p, v, target); storage.setItem(p, v); return true; },
        has: (target, p) => own(p) || p in target,
        deleteProperty: (target, p) => { if (typeof p === 'string') storage.removeItem(p); return true; },
        ownKeys: () => [...entries.keys()].filter(own),
        getOwnPropertyDescriptor: (target, p) => (own(p) ? { value: entries.get(p), writable: true, enumerable: true, configurable: true } : undefined),
        defineProperty: () => false,
        getPrototypeOf: () => Storage.prototype,
        setPrototypeOf: () => false,
        preventExtensions: () => false,
      });
    };
    for (const [i, area] of ['local', 'session'].entries()) {
      const snapshot = areas?.[i];
      const name = `${area}Storage`;
      if (snapshot && typeof snapshot.entries === 'object' && snapshot.entries !== null) {
        const storage = make(area, snapshot, area === 'local' ? localMax : sessionMax);
        Object.defineProperty(globalThis, name, { configurable: true, enumerable: true, get: () => storage });
      } else {
        const why = String(snapshot?.refused ?? 'not given').slice(0, 200);
        Object.defineProperty(globalThis, name, { configurable: true, enumerable: true, get: () => { throw new DOMException(`${name}: ${why}`, 'SecurityError'); } });
      }
    }
  };
  const granted = new Set(init.grants);
  const canCall = typeof paranoid === 'object' && paranoid !== null && typeof paranoid.postMessage === 'function';
  const pending = new Map();
  let next = 0;
  const call = (name, args) => new Promise((resolve, reject) => {
    if (!canCall) { reject(new Error(`${name} was not granted to this script`)); return; }
    next += 1;
    pending.set(next, { resolve, reject });
    paranoid.postMessage({ call: name, id: next, args });
  });
  // A synchronous call's failure has no caller to throw to: it is said on the console.
  const sayFailure = (name) => (error) => { console.error(`${name}: ${error.message}`); };
  const freezeDeep = (value) => {
    if (value !== null && typeof value === 'object') {
      for (const key of Object.keys(value)) freezeDeep(value[key]);
      Object.freeze(value);
    }
    return value;
  };

  // Values: the snapshot (name → JSON text) when the script may read them, else null.
  const values = init.values === null ? null : Object.assign(Object.create(null), init.values);
  const valueListeners = new Map();
  let nextValueListener = 0;
  const parseValue = (name, json) => {
    try { return JSON.parse(json); } catch { throw new SyntaxError(`GM.getValue: the stored value of ${JSON.stringify(name)} is not JSON text`); }
  };
  const checkName = (call, name) => {
    if (typeof name !== 'string' || name.length === 0 || name.length > init.valueNameMax) {
      throw new TypeError(`${call}: the name must be a non-empty string of at most ${init.valueNameMax} characters`);
    }
  };
  const notifyValue = (name, oldJson, newJson, remote) => {
    for (const listener of valueListeners.values()) {
      if (listener.name !== name) continue;
      const oldValue = oldJson === undefined ? undefined : parseValue(name, oldJson);
      const newValue = newJson === undefined ? undefined : parseValue(name, newJson);
      // As the managers do, after the write returns, one task per listener.
      setTimeout(() => listener.callback(name, oldValue, newValue, remote), 0);
    }
  };
  // Writes not yet answered, in order; a name's unsent write is replaced by its next one.
  const writes = [];
  const inFlight = new Map();
  let writing = false;
  const pump = async () => {
    if (writing) return;
    writing = true;
    while (writes.length > 0) {
      const write = writes.shift();
      write.sent = true;
      try {
        const args = write.json === undefined ? [write.name] : [write.name, JSON.parse(write.json)];
        await call(write.json === undefined ? 'GM.deleteValue' : 'GM.setValue', args);
        for (const w of write.waiters) w.resolve();
      } catch (error) {
        for (const w of write.waiters) w.reject(error);
      }
      inFlight.set(write.name, inFlight.get(write.name) - 1);
      if (inFlight.get(write.name) === 0) inFlight.delete(write.name);
    }
    writing = false;
  };
  const enqueueWrite = (name, json) => new Promise((resolve, reject) => {
    const waiting = writes.findIndex((w) => w.name === name && !w.sent);
    const waiters = waiting === -1 ? [] : writes.splice(waiting, 1)[0].waiters;
    if (waiting !== -1) inFlight.set(name, inFlight.get(name) - 1);
    waiters.push({ resolve, reject });
    writes.push({ name, json, waiters, sent: false });
    inFlight.set(name, (inFlight.get(name) ?? 0) + 1);
    pump();
  });
  const valuesChars = (without, extra) => {
    let total = extra;
    for (const k of Object.keys(values)) if (k !== without) total += k.length + values[k].length;
    return total;
  };
  /** Stores locally (if the snapshot is kept) and writes through; the promise is the write's. */
  const setValue = (callName, name, value) => {
    checkName(callName, name);
    const json = JSON.stringify(value);
    if (json === undefined) throw new TypeError(`${callName}: the value is not JSON (undefined, a function or a symbol)`);
    if (values !== null) {
      const total = valuesChars(name, name.length + json.length);
      if (total > init.valuesMaxChars) throw new RangeError(`${callName}: the script's values would take ${total} characters, over its limit of ${init.valuesMaxChars}`);
      const old = values[name];
      values[name] = json;
      if (old !== json) notifyValue(name, old, json, false);
    }
    return enqueueWrite(name, json);
  };
  const deleteValue = (callName, name) => {
    checkName(callName, name);
    if (values !== null && name in values) {
      const old = values[name];
      delete values[name];
      notifyValue(name, old, undefined, false);
    }
    return enqueueWrite(name, undefined);
  };
  const getValue = (callName, name, fallback) => {
    checkName(callName, name);
    return name in values ? parseValue(name, values[name]) : fallback;
  };
  /** A change made elsewhere (another tab, or this script's own write coming back). */
  const valuesChanged = (changed) => {
    if (values === null || changed === null || typeof changed !== 'object') return;
    for (const name of Object.keys(changed)) {
      // A write of ours not yet answered decides the value: what arrives is older.
      if (inFlight.has(name)) continue;
      const json = typeof changed[name] === 'string' ? changed[name] : undefined;
      const old = values[name];
      if (old === json) continue;
      if (json === undefined) delete values[name]; else values[name] = json;
      notifyValue(name, old, json, true);
    }
  };

  // GM.xmlHttpRequest as the managers have it: callbacks (onload, onerror, ontimeout, onabort)
  // and a promise of the response with an `abort()`. Only data crosses: the callbacks stay
  // here; a request is named by a number of this script's own, for `abort()`.
  let nextRequest = 0;
  /** Stops request `key`: its promise settles "aborted" unless the answer is already on its way. */
  const abortRequest = (key) => { call('GM.xmlHttpRequest.abort', [key]).catch(() => {}); };
  /** Sends one GM.xmlHttpRequest under a new key; an AbortSignal-like `signal` aborts it. */
  const sendRequest = (request, signal = null) => {
    nextRequest += 1;
    const key = nextRequest;
    if (signal !== null && typeof signal === 'object' && typeof signal.addEventListener === 'function') signal.addEventListener('abort', () => abortRequest(key), { once: true });
    return { key, promise: call('GM.xmlHttpRequest', [{ ...request, key }]) };
  };
  /** How a request failed, from the background's error: its kind and the reason without the call's name. */
  const failureOf = (error) => ({
    kind: /: aborted$/.test(error.message) ? 'abort' : /timed out/.test(error.message) ? 'timeout' : 'error',
    reason: error.message.replace(/^(\w*Error: )?GM\.xmlHttpRequest: /, ''),
  });
  const xmlHttpRequest = (details) => {
    const d = details !== null && typeof details === 'object' ? details : {};
    const request = { method: d.method, url: String(d.url), headers: d.headers, data: d.data === undefined ? undefined : String(d.data), timeout: d.timeout };
    const sent = sendRequest(request);
    const promise = sent.promise.then((response) => {
      if (d.responseType === 'json') {
        try { response.response = JSON.parse(response.responseText); } catch { response.response = null; }
      } else response.response = response.responseText;
      if (typeof d.onload === 'function') d.onload(response);
      return response;
    }, (error) => {
      const failure = { error: error.message, status: 0, readyState: 4, finalUrl: request.url };
      const { kind } = failureOf(error);
      const handler = kind === 'abort' && typeof d.onabort === 'function' ? d.onabort
        : kind === 'timeout' && typeof d.ontimeout === 'function' ? d.ontimeout : d.onerror;
      if (typeof handler === 'function') handler(failure);
      throw error;
    });
    // A script that handles errors with callbacks need not handle the promise too.
    if (typeof d.onerror === 'function' || typeof d.ontimeout === 'function' || typeof d.onabort === 'function') promise.catch(() => {});
    promise.abort = () => { abortRequest(sent.key); };
    return promise;
  };

  // The page's `fetch` and `XMLHttpRequest`, for a script the user let send requests: each is a
  // GM.xmlHttpRequest underneath (the same `@connect` check, cookies only as allowed at
  // install), and what it returns is built here from the answer's data. Only text crosses:
  // a binary body, either way, fails saying so rather than arriving mangled.
  const requestText = (call, body) => {
    if (body === undefined || body === null) return undefined;
    if (typeof body === 'string') return body;
    if (typeof URLSearchParams === 'function' && body instanceof URLSearchParams) return body.toString();
    throw new TypeError(`${call}: only a text body is sent from a sandbox (a string or URLSearchParams), not ${Object.prototype.toString.call(body).slice(8, -1)}`);
  };
  class Headers {
    #list = [];
    constructor(init) {
      if (init === undefined || init === null) return;
      const pairs = typeof init[Symbol.iterator] === 'function' ? [...init] : Object.entries(init);
      for (const pair of pairs) {
        if (!Array.isArray(pair) || pair.length !== 2) throw new TypeError('Headers: each header is a [name, value] pair');
        this.append(pair[0], pair[1]);
      }
    }
    append(name, value) { this.#list.push([String(name).toLowerCase(), String(value)]); }
    set(name, value) { this.delete(name); this.append(name, value); }
    delete(name) { const n = String(name).toLowerCase(); this.#list = this.#list.filter(([k]) => k !== n); }
    get(name) {
      const n = String(name).toLowerCase();
      const found = this.#list.filter(([k]) => k === n).map(([, v]) => v);
      return found.length === 0 ? null : found.join(', ');
    }
    has(name) { return this.get(name) !== null; }
    forEach(f, thisArg) { for (const [k, v] of this.entries()) f.call(thisArg, v, k, this); }
    * entries() {
      const names = [...new Set(this.#list.map(([k]) => k))].sort();
      for (const k of names) yield [k, this.get(k)];
    }
    * keys() { for (const [k] of this.entries()) yield k; }
    * values() { for (const [, v] of this.entries()) yield v; }
    [Symbol.iterator]() { return this.entries(); }
  }
  const plainHeaders = (given) => {
    const out = {};
    for (const [k, v] of new Headers(given instanceof Headers ? [...given] : given)) out[k] = v;
    return out;
  };
  const parseHeaders = (text) => {
    const h = new Headers();
    for (const line of String(text ?? '').split(/\r?\n/)) {
      const at = line.indexOf(':');
      if (at > 0) h.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
    }
    return h;
  };
  const binary = (call) => () => Promise.reject(new TypeError(`${call}: a binary body does not cross into a sandbox; read it with text() or json()`));
  class Response {
    #text;
    #used = false;
    constructor(text, init = {}) {
      this.#text = text === undefined || text === null ? '' : String(text);
      this.status = init.status ?? 200;
      this.statusText = init.statusText ?? '';
      this.ok = this.status >= 200 && this.status < 300;
      this.headers = init.headers instanceof Headers ? init.headers : new Headers(init.headers);
      this.url = init.url ?? '';
      this.redirected = false;
      this.type = 'basic';
    }
    get bodyUsed() { return this.#used; }
    #take() {
      if (this.#used) return Promise.reject(new TypeError('Response: the body was already read'));
      this.#used = true;
      return Promise.resolve(this.#text);
    }
    text() { return this.#take(); }
    json() { return this.#take().then((t) => JSON.parse(t)); }
    clone() {
      if (this.#used) throw new TypeError('Response.clone: the body was already read');
      return new Response(this.#text, { status: this.status, statusText: this.statusText, headers: new Headers([...this.headers]), url: this.url });
    }
  }
  Response.prototype.arrayBuffer = binary('Response.arrayBuffer');
  Response.prototype.blob = binary('Response.blob');
  Response.prototype.formData = binary('Response.formData');
  const fetch = (input, options = {}) => {
    const o = options !== null && typeof options === 'object' ? options : {};
    const url = typeof input === 'object' && input !== null && typeof input.url === 'string' ? input.url : String(input);
    const signal = o.signal ?? null;
    const aborted = () => Object.assign(new Error('fetch: aborted'), { name: 'AbortError' });
    if (signal !== null && signal.aborted === true) return Promise.reject(aborted());
    let request;
    try {
      request = { method: String(o.method ?? 'GET').toUpperCase(), url, headers: plainHeaders(o.headers), data: requestText('fetch', o.body) };
    } catch (error) { return Promise.reject(error); }
    return sendRequest(request, signal).promise.then(
      (r) => new Response(r.responseText, { status: r.status, statusText: r.statusText, headers: parseHeaders(r.responseHeaders), url: r.finalUrl }),
      (error) => {
        const failure = failureOf(error);
        if (failure.kind === 'abort') throw aborted();
        throw new TypeError(`fetch: ${failure.reason}`);
      });
  };
  const XHR_EVENTS = ['readystatechange', 'loadstart', 'progress', 'load', 'error', 'abort', 'timeout', 'loadend'];
  class XMLHttpRequest {
    #listeners = new Map();
    #request = null;
    #headers = {};
    #responseHeaders = new Headers();
    #responseHeaderText = '';
    #key = 0;
    #done = false;
    constructor() {
      this.readyState = 0;
      this.status = 0;
      this.statusText = '';
      this.responseText = '';
      this.response = '';
      this.responseXML = null;
      this.responseURL = '';
      this.responseType = '';
      this.timeout = 0;
      this.withCredentials = false;
      this.upload = Object.freeze({ addEventListener() {}, removeEventListener() {} });
      for (const type of XHR_EVENTS) this[`on${type}`] = null;
    }
    addEventListener(type, listener) {
      if (typeof listener !== 'function') return;
      const list = this.#listeners.get(String(type)) ?? [];
      if (!list.includes(listener)) list.push(listener);
      this.#listeners.set(String(type), list);
    }
    removeEventListener(type, listener) {
      const list = this.#listeners.get(String(type)) ?? [];
      this.#listeners.set(String(type), list.filter((l) => l !== listener));
    }
    #fire(type) {
      const event = { type, target: this, currentTarget: this, lengthComputable: false, loaded: this.responseText.length, total: 0 };
      const handler = this[`on${type}`];
      if (typeof handler === 'function') handler.call(this, event);
      for (const listener of [...(this.#listeners.get(type) ?? [])]) listener.call(this, event);
    }
    #state(n) { this.readyState = n; this.#fire('readystatechange'); }
    open(method, url, async = true) {
      if (async === false) throw new TypeError('XMLHttpRequest: a synchronous request is not available in a sandbox (its answer comes in a message); leave async true');
      this.#request = { method: String(method).toUpperCase(), url: String(url) };
      this.#headers = {};
      this.#done = false;
      this.#state(1);
    }
    setRequestHeader(name, value) {
      if (this.#request === null || this.readyState !== 1) throw new TypeError('XMLHttpRequest.setRequestHeader: call open() first');
      const n = String(name);
      this.#headers[n] = Object.hasOwn(this.#headers, n) ? `${this.#headers[n]}, ${String(value)}` : String(value);
    }
    overrideMimeType() {}
    getResponseHeader(name) { return this.readyState < 2 ? null : this.#responseHeaders.get(name); }
    getAllResponseHeaders() { return this.readyState < 2 ? '' : this.#responseHeaderText; }
    send(body) {
      if (this.#request === null || this.readyState !== 1) throw new TypeError('XMLHttpRequest.send: call open() first');
      const request = { ...this.#request, headers: this.#headers, data: requestText('XMLHttpRequest.send', body), timeout: this.timeout > 0 ? this.timeout : undefined };
      const sent = sendRequest(request);
      this.#key = sent.key;
      this.#fire('loadstart');
      sent.promise.then((r) => {
        if (this.#done) return;
        this.#done = true;
        this.status = r.status;
        this.statusText = r.statusText;
        this.responseURL = r.finalUrl;
        this.#responseHeaderText = r.responseHeaders.split(/\r?\n/).filter((l) => l !== '').map((l) => `${l}\r\n`).join('');
        this.#responseHeaders = parseHeaders(r.responseHeaders);
        this.#state(2);
        this.responseText = r.responseText;
        this.#state(3);
        if (this.responseType === 'json') {
          try { this.response = JSON.parse(r.responseText); } catch { this.response = null; }
        } else if (this.responseType === 'document') {
          this.response = typeof DOMParser === 'function' ? new DOMParser().parseFromString(r.responseText, 'text/html') : null;
          this.responseXML = this.response;
        } else if (this.responseType === '' || this.responseType === 'text') {
          this.response = r.responseText;
        } else {
          this.response = null;
          this.responseText = '';
          this.#state(4);
          this.#fire('error');
          this.#fire('loadend');
          return;
        }
        this.#state(4);
        this.#fire('load');
        this.#fire('loadend');
      }, (error) => {
        if (this.#done) return;
        this.#done = true;
        const failure = failureOf(error);
        console.warn(`XMLHttpRequest: ${failure.reason}`);
        this.#state(4);
        this.#fire(failure.kind);
        this.#fire('loadend');
      });
    }
    abort() {
      if (this.#key === 0 || this.#done) return;
      this.#done = true;
      abortRequest(this.#key);
      this.#state(4);
      this.readyState = 0;
      this.#fire('abort');
      this.#fire('loadend');
    }
  }
  for (const [i, name] of ['UNSENT', 'OPENED', 'HEADERS_RECEIVED', 'LOADING', 'DONE'].entries()) {
    Object.defineProperty(XMLHttpRequest, name, { value: i, enumerable: true });
    Object.defineProperty(XMLHttpRequest.prototype, name, { value: i, enumerable: true });
  }

  // The DOM capability: elements are handles (numbers on the host's side), events plain data.
  const listeners = new Map();
  const handles = new Map();
  let nextListener = 0;
  const handle = (id) => {
    if (id === null || id === undefined) return null;
    if (handles.has(id)) return handles.get(id);
    const on = (type, listener) => {
      if (typeof listener !== 'function') return Promise.reject(new TypeError('dom: the listener is not a function'));
      nextListener += 1;
      listeners.set(nextListener, listener);
      return call('dom.on', [id, type, nextListener]);
    };
    const h = Object.freeze({
      text: () => call('dom.text', [id]),
      attr: (name) => call('dom.attr', [id, name]),
      setText: (text) => call('dom.setText', [id, text]),
      setAttr: (name, value) => call('dom.setAttr', [id, name, value]),
      addClass: (name) => call('dom.addClass', [id, name]),
      removeClass: (name) => call('dom.removeClass', [id, name]),
      hide: () => call('dom.hide', [id]),
      show: () => call('dom.show', [id]),
      remove: () => call('dom.remove', [id]),
      insertText: (position, text) => call('dom.insertText', [id, position, text]),
      insertHTML: (position, markup) => call('dom.insertHTML', [id, position, markup]).then((ids) => ids.map(handle)),
      on,
    });
    handles.set(id, h);
    return h;
  };
  const dom = Object.freeze({
    query: (selector) => call('dom.query', [selector]).then((ids) => ids.map(handle)),
    one: (selector) => call('dom.one', [selector]).then(handle),
    hide: (selector) => call('dom.hideAll', [selector]),
    remove: (selector) => call('dom.removeAll', [selector]),
    addClass: (selector, name) => call('dom.addClassAll', [selector, name]),
    setText: (selector, text) => call('dom.setTextAll', [selector, text]),
    insertText: (selector, position, text) => call('dom.insertText', [selector, position, text]),
    insertHTML: (selector, position, markup) => call('dom.insertHTML', [selector, position, markup]).then((ids) => ids.map(handle)),
  });

  // GM.notification(text, title) or ({ text, title, onclick, ondone }), and the older
  // (text, title, image, onclick): only text and title cross; the callbacks wait here for the
  // background's word that the user clicked or closed it.
  const notifications = new Map();
  const notification = (details, title, image, onclick) => {
    const d = details !== null && typeof details === 'object' ? details : { text: details, title, onclick };
    return call('GM.notification', [{ text: d.text, title: d.title }]).then((shown) => {
      if (typeof d.onclick === 'function' || typeof d.ondone === 'function') notifications.set(String(shown.id), { onclick: d.onclick, ondone: d.ondone });
      return shown;
    });
  };

  // Menu commands: the functions stay here; the popup shows the captions and sends a click back.
  const menuCommands = new Map();
  let nextMenuCommand = 0;
  const registerMenuCommand = (caption, command, options) => {
    if (typeof command !== 'function') throw new TypeError('GM_registerMenuCommand: the command is not a function');
    const wanted = options !== null && typeof options === 'object' && options.id !== undefined ? String(options.id) : null;
    nextMenuCommand += 1;
    const id = wanted ?? String(nextMenuCommand);
    menuCommands.set(id, command);
    call('GM.registerMenuCommand', [id, String(caption)]).catch((error) => {
      menuCommands.delete(id);
      sayFailure('GM_registerMenuCommand')(error);
    });
    return id;
  };
  const unregisterMenuCommand = (id) => {
    if (!menuCommands.delete(String(id))) return;
    call('GM.unregisterMenuCommand', [String(id)]).catch(sayFailure('GM_unregisterMenuCommand'));
  };

  const resourceText = (name) => {
    if (init.resources !== null && Object.hasOwn(init.resources, name)) return init.resources[name];
    if (init.resourceNames.includes(name)) {
      throw new RangeError(`GM_getResourceText: the resource ${JSON.stringify(name)} is over what the sandbox is given at its start; read it with await GM.getResourceText`);
    }
    throw new TypeError(`GM_getResourceText: no @resource is named ${String(name).slice(0, 60)}`);
  };

  if (canCall) {
    paranoid.onMessage((message) => {
      if (message === null || typeof message !== 'object') return;
      if (typeof message.notification === 'string') {
        const callbacks = notifications.get(message.notification);
        if (callbacks === undefined) return;
        if (message.event === 'click' && typeof callbacks.onclick === 'function') callbacks.onclick();
        if (message.event === 'done') {
          notifications.delete(message.notification);
          if (typeof callbacks.ondone === 'function') callbacks.ondone();
        }
        return;
      }
      if (typeof message.menu === 'string') {
        const command = menuCommands.get(message.menu);
        if (command !== undefined) command();
        return;
      }
      if (message.values !== undefined) { valuesChanged(message.values); return; }
      if (message.event !== undefined) {
        const listener = listeners.get(message.event);
        const data = message.data !== null && typeof message.data === 'object' ? message.data : {};
        if (listener !== undefined) listener({ ...data, target: handle(data.target ?? null) });
        return;
      }
      const waiting = pending.get(message.reply);
      if (waiting === undefined) return;
      pending.delete(message.reply);
      if (message.ok === true) waiting.resolve(message.value);
      else waiting.reject(new Error(String(message.error)));
    });
  }

  // What each grant gives, under its name on GM and its older name. Not frozen: scripts and
  // polyfills (gm4-polyfill) add to GM what they miss, as they can in every manager.
  const info = freezeDeep(init.info);
  const GM = { info };
  const older = { GM_info: info };
  const give = (grant, modern, old) => {
    GM[grant.slice(3)] = modern;
    for (const [spelling, of] of init.spellings) if (of === grant) older[spelling] = old[spelling] ?? modern;
  };
  for (const grant of granted) {
    if (grant === 'GM.getValue') {
      give(grant, async (name, fallback) => getValue('GM.getValue', name, fallback),
        { GM_getValue: (name, fallback) => getValue('GM_getValue', name, fallback) });
    } else if (grant === 'GM.listValues') {
      give(grant, async () => Object.keys(values), { GM_listValues: () => Object.keys(values) });
    } else if (grant === 'GM.setValue') {
      give(grant, async (name, value) => setValue('GM.setValue', name, value),
        { GM_setValue: (name, value) => { setValue('GM_setValue', name, value).catch(sayFailure('GM_setValue')); } });
    } else if (grant === 'GM.deleteValue') {
      give(grant, async (name) => deleteValue('GM.deleteValue', name),
        { GM_deleteValue: (name) => { deleteValue('GM_deleteValue', name).catch(sayFailure('GM_deleteValue')); } });
    } else if (grant === 'GM.addValueChangeListener') {
      const add = (name, callback) => {
        if (typeof callback !== 'function') throw new TypeError('GM_addValueChangeListener: the listener is not a function');
        nextValueListener += 1;
        valueListeners.set(nextValueListener, { name: String(name), callback });
        return nextValueListener;
      };
      const remove = (id) => { valueListeners.delete(id); };
      GM.removeValueChangeListener = async (id) => remove(id);
      give(grant, async (name, callback) => add(name, callback), { GM_addValueChangeListener: add, GM_removeValueChangeListener: remove });
    } else if (grant === 'GM.getResourceText') {
      give(grant, (name) => call(grant, [name]), { GM_getResourceText: resourceText });
    } else if (grant === 'GM.xmlHttpRequest') {
      give(grant, xmlHttpRequest, {
        GM_xmlhttpRequest: (details) => {
          const request = xmlHttpRequest(details);
          request.catch(() => {});
          return request;
        },
      });
    } else if (grant === 'GM.notification') {
      give(grant, notification, {
        GM_notification: (details, titleOrDone, image, onclick) => {
          notification(details, titleOrDone, image, onclick).catch(sayFailure('GM_notification'));
        },
      });
    } else if (grant === 'GM.registerMenuCommand') {
      GM.unregisterMenuCommand = async (id) => unregisterMenuCommand(id);
      give(grant, async (caption, command, options) => registerMenuCommand(caption, command, options),
        { GM_registerMenuCommand: registerMenuCommand, GM_unregisterMenuCommand: unregisterMenuCommand });
    } else if (grant === 'GM.addElement') {
      // As the managers' GM_addElement([parent,] tag, attributes): made in the page replica (so
      // the page's policy decides what reaches the page), a style as GM.addStyle's.
      const addElement = (...args) => {
        const [parent, tag, attributes] = typeof args[0] === 'string' ? [null, args[0], args[1]] : args;
        if (typeof document !== 'object' || document === null) throw new TypeError('GM_addElement: this script was not let change the page');
        const name = String(tag).toLowerCase();
        const attrs = attributes !== null && typeof attributes === 'object' ? attributes : {};
        if (name === 'style') {
          call('GM.addElement.style', [String(attrs.textContent ?? '')]).catch(sayFailure('GM_addElement'));
          return null;
        }
        const el = document.createElement(name);
        for (const [k, v] of Object.entries(attrs)) {
          if (k === 'textContent') el.textContent = String(v);
          else el.setAttribute(k, String(v));
        }
        (parent ?? (['script', 'link', 'meta'].includes(name) ? document.head : document.body) ?? document.documentElement).appendChild(el);
        return el;
      };
      give(grant, addElement, { GM_addElement: addElement });
    } else if (grant === 'GM.log') {
      const log = (...args) => { console.log(...args); };
      give(grant, log, { GM_log: log });
    } else if (grant === 'GM.openInTab') {
      give(grant, (url, options) => call(grant, [url, options]), {
        // The older call answers at once; the tab it opens cannot be closed from here.
        GM_openInTab: (url, options) => {
          call(grant, [url, options]).catch(sayFailure('GM_openInTab'));
          return Object.freeze({ closed: false, close: () => { throw new Error('GM_openInTab: close() is not provided'); } });
        },
      });
    } else if (grant.startsWith('GM.') && grant !== 'GM.info') {
      // GM.setClipboard, GM.addStyle: nothing comes back that a synchronous caller waits for.
      const method = (...args) => call(grant, args);
      const old = {};
      for (const [spelling, of] of init.spellings) if (of === grant) old[spelling] = (...args) => { method(...args).catch(sayFailure(spelling)); };
      give(grant, method, old);
    }
  }
  globalThis.GM = GM;
  for (const name of Object.keys(older)) globalThis[name] = older[name];
  if (init.storage) installStorage(init.storage);
  // In a frame, `top` and `parent` are other windows, and opaque ones: the frame guard of many
  // scripts (`if (window.top !== window.self) return;`) bails there as it does natively.
  if (init.frame === 'child' || init.frame === 'nested') {
    const top = Object.freeze(Object.create(null));
    const parent = init.frame === 'child' ? top : Object.freeze(Object.create(null));
    Object.defineProperty(globalThis, 'top', { configurable: true, enumerable: true, writable: false, value: top });
    Object.defineProperty(globalThis, 'parent', { configurable: true, enumerable: true, writable: true, value: parent });
  }
  globalThis.unsafeWindow = ownWindowAsUnsafe(globalThis);
  if (granted.has('paranoid.dom.read') || granted.has('paranoid.dom.write')) globalThis.dom = dom;
  if (init.page?.requests === true) Object.assign(globalThis, { fetch, XMLHttpRequest, Headers, Response });
  // `open` for a script let open pages but not given the page (the replica has its own).
  if (init.page?.navigate === true && typeof globalThis.open !== 'function') {
    globalThis.open = (url) => { paranoid.postMessage({ dom: 'navigate', how: 'open', url: String(url) }); return null; };
  }
}
