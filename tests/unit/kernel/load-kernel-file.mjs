'use strict';
// Loads worker-kernel files (sandbox-page/kernel/) into a fresh Node realm that has what a
// dedicated worker has, for the unit tests beside this file (`X.test.mjs` tests `X.js`).
//
// The files are wrapped as the build wraps them into `sandbox-page/kernel.js` (one strict
// function whose scope holds every file's declarations and `paranoidPolicy`), so a kernel file
// leaves no global behind and sees the real policy tables. The realm is a `node:vm` context: its
// own built-ins, which a test may tamper with as untrusted code would, without touching the test
// runner's; the worker's APIs Node lacks in a context (performance, MessageChannel, Blob URLs,
// importScripts…) are small stand-ins whose bookkeeping lives on the host side, as a browser's
// does, so tampering inside the realm reaches only what it would reach in a worker.

import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import vm from 'node:vm';
import { paranoidBin } from '../../../rust-core/tests/node/paranoid-cli.mjs';

export const ROOT = new URL('../../../', import.meta.url);
export const KERNEL_DIR = new URL('sandbox-page/kernel/', ROOT);

let policyCache = null;
/** `paranoid policy`, the tables the build writes into `paranoidPolicy()`. Needs `PARANOID_BIN`. */
export function kernelPolicy() {
  if (policyCache === null) policyCache = JSON.parse(execFileSync(paranoidBin(), ['policy'], { encoding: 'utf8' }));
  return policyCache;
}

/**
 * A fresh realm with what a dedicated worker has (WorkerGlobalScope, HTML §10.2.1) besides the
 * ECMAScript built-ins, under the worker's CSP. `realTime` sets what `performance.now()` answers
 * (`null`: the host's own).
 * @returns {{
 *   context: object, global: any, run: (code: string, filename?: string) => any,
 *   posted: any[], listeners: Record<string, Function[]>, dispatch: (type: string, data: any) => void,
 *   scripts: string[], blobUrls: Map<string, string>, realTime: number | null,
 * }}
 */
export function workerRealm() {
  // As the worker's CSP (docs/design.md): no 'unsafe-eval', so `eval` and the real function
  // constructors throw EvalError; 'wasm-unsafe-eval', so WebAssembly compiles.
  const context = vm.createContext({}, { codeGeneration: { strings: false, wasm: true } });
  const run = (code, filename = 'test.js') => vm.runInContext(code, context, { filename });
  const global = run('globalThis');
  const realm = {
    context, global, run,
    /** What the worker posted to its parent, in order. */
    posted: [],
    /** `addEventListener` registrations, by type. */
    listeners: Object.create(null),
    /** Every script `importScripts` ran, as text. */
    scripts: [],
    /** Live blob: URLs and their text. */
    blobUrls: new Map(),
    realTime: null,
    /** Fires `type` at the worker's listeners with a MessageEvent-like event carrying `data`. */
    dispatch(type, data) {
      const event = new MessageEventStandIn(data);
      for (const listener of realm.listeners[type] ?? []) listener.call(global, event);
    },
  };

  // Each stand-in is a class of its own per realm, so that a test tampering with its prototype
  // reaches that realm alone; the state it keeps is in host closures, out of the realm's reach.
  const eventData = new WeakMap();
  class MessageEventStandIn {
    constructor(data) { eventData.set(this, data); }
    get data() {
      if (!eventData.has(this)) throw new TypeError('Illegal invocation');
      return eventData.get(this);
    }
  }
  class Performance {
    now() { return realm.realTime === null ? performance.now() : realm.realTime; }
  }
  const portHandlers = new WeakMap();
  const portPeers = new WeakMap();
  class MessagePort {
    postMessage(message) {
      const peer = portPeers.get(this);
      if (peer === undefined) throw new TypeError('Illegal invocation');
      // A task of its own after the current one, as a real port delivers.
      setImmediate(() => {
        const handler = portHandlers.get(peer);
        if (typeof handler === 'function') handler.call(peer, new MessageEventStandIn(message));
      });
    }
    set onmessage(handler) { portHandlers.set(this, handler); }
    get onmessage() { return portHandlers.get(this) ?? null; }
  }
  const channelPorts = new WeakMap();
  class MessageChannel {
    constructor() {
      const a = new MessagePort(), b = new MessagePort();
      portPeers.set(a, b); portPeers.set(b, a);
      channelPorts.set(this, [a, b]);
    }
    get port1() { return channelPorts.get(this)[0]; }
    get port2() { return channelPorts.get(this)[1]; }
  }
  const blobText = new WeakMap();
  class Blob {
    constructor(parts = [], options = {}) {
      let text = '';
      for (const part of parts) text += String(part);
      blobText.set(this, text);
      this.type = options.type ?? '';
    }
  }
  let nextBlob = 0;
  const URLStandIn = {
    createObjectURL(blob) {
      if (!blobText.has(blob)) throw new TypeError('createObjectURL: not a Blob');
      const url = `blob:null/kernel-test-${nextBlob++}`;
      realm.blobUrls.set(url, blobText.get(blob));
      return url;
    },
    revokeObjectURL(url) { realm.blobUrls.delete(String(url)); },
  };
  const DATA_PREFIX = 'data:text/javascript;charset=utf-8,';
  const importScripts = (...urls) => {
    for (const url of urls) {
      let text;
      if (realm.blobUrls.has(url)) text = realm.blobUrls.get(url);
      else if (typeof url === 'string' && url.startsWith(DATA_PREFIX)) text = decodeURIComponent(url.slice(DATA_PREFIX.length));
      else throw new global.Error(`NetworkError: importScripts could not load ${url}`);
      realm.scripts.push(text);
      run(text, url);
    }
  };

  const define = (name, value) => Object.defineProperty(global, name, { value, writable: true, enumerable: true, configurable: true });
  // The real encoder and decoder, with methods of the realm's own (as a worker's are), so that
  // replacing one in the realm never reaches the host's prototype.
  define('TextEncoder', class TextEncoder extends globalThis.TextEncoder {
    encode(text) { return super.encode(text); }
    encodeInto(text, target) { return super.encodeInto(text, target); }
  });
  define('TextDecoder', class TextDecoder extends globalThis.TextDecoder {
    decode(input, options) { return super.decode(input, options); }
  });
  define('performance', new Performance());
  define('Performance', Performance);
  define('queueMicrotask', (callback) => queueMicrotask(callback));
  define('setTimeout', (handler, ms, ...args) => setTimeout(handler, ms, ...args));
  define('clearTimeout', (id) => clearTimeout(id));
  define('postMessage', (message) => { realm.posted.push(message); });
  define('addEventListener', (type, listener) => { (realm.listeners[type] ??= []).push(listener); });
  define('MessageEvent', MessageEventStandIn);
  define('MessageChannel', MessageChannel);
  define('MessagePort', MessagePort);
  define('Blob', Blob);
  define('URL', URLStandIn);
  define('importScripts', importScripts);
  // The pure web APIs the scope copies, and a crypto whose methods check their receiver as a
  // worker's do (its randomness is the host's).
  define('atob', (text) => atob(text));
  define('btoa', (text) => btoa(text));
  define('structuredClone', (value, options) => structuredClone(value, options));
  define('URLSearchParams', class URLSearchParams extends globalThis.URLSearchParams {});
  // A DOMException of the realm's own: its instances are the realm's Errors, as a worker's are.
  define('DOMException', run(`(class DOMException extends Error {
    constructor(message = '', name = 'Error') { super(message); Object.defineProperty(this, 'name', { value: String(name), writable: true, configurable: true }); }
  })`));
  const cryptos = new WeakSet();
  class Crypto {
    getRandomValues(array) { if (!cryptos.has(this)) throw new TypeError('Illegal invocation'); return crypto.getRandomValues(array); }
    randomUUID() { if (!cryptos.has(this)) throw new TypeError('Illegal invocation'); return crypto.randomUUID(); }
  }
  const realmCrypto = new Crypto();
  cryptos.add(realmCrypto);
  define('crypto', realmCrypto);
  define('Crypto', Crypto);
  // A worker's navigator: its strings are getters of its prototype, and it has things that act.
  class WorkerNavigator {
    get userAgent() { return 'Mozilla/5.0 (X11; Linux x86_64) TestEngine/1.0'; }
    get appVersion() { return '5.0 (X11; Linux x86_64)'; }
    get appName() { return 'Netscape'; }
    get appCodeName() { return 'Mozilla'; }
    get product() { return 'Gecko'; }
    get platform() { return 'Linux x86_64'; }
    get language() { return 'en-GB'; }
    get languages() { return Object.freeze(['en-GB', 'en', 'fr']); }
    get onLine() { return true; }
    get hardwareConcurrency() { return 2; }
    sendBeacon() { return true; }
  }
  define('navigator', new WorkerNavigator());
  define('WorkerNavigator', WorkerNavigator);
  define('self', global);
  return realm;
}

/** The top-level function declarations of a kernel file's text, by name. */
const declaredFunctions = (text) => [...text.matchAll(/^function ([A-Za-z_$][\w$]*)\s*\(/gm)].map((m) => m[1]);

/**
 * Evaluates kernel files (names under sandbox-page/kernel/, in order) in `realm`, wrapped as the
 * build wraps them, and returns their top-level functions by name, with the realm.
 * @param {string[]} files e.g. `['commons.js', 'clock.js']`
 * @param {{ realm?: ReturnType<typeof workerRealm>, policy?: any }} [options]
 */
export function loadKernelFiles(files, { realm = workerRealm(), policy = kernelPolicy() } = {}) {
  const texts = files.map((file) => readFileSync(new URL(file, KERNEL_DIR), 'utf8').replace(/^'use strict';\n/, ''));
  const names = texts.flatMap(declaredFunctions);
  const body = texts.map((text, i) => `// --- sandbox-page/kernel/${files[i]} ---\n${text}`).join('\n');
  const wrapped = `(function kernelFiles() {\n'use strict';\nfunction paranoidPolicy() { return ${JSON.stringify(policy)}; }\n${body}\nreturn { ${names.join(', ')} };\n})`;
  const make = vm.runInContext(wrapped, realm.context, {
    filename: files.length === 1 ? `sandbox-page/kernel/${files[0]}` : `sandbox-page/kernel/{${files.join(',')}}`,
    // Errors in the first file point at its own lines (its 'use strict' line was dropped).
    lineOffset: -3,
  });
  return { realm, ...make() };
}

/**
 * The kernel's captured commons over a fresh worker realm, plus the named files loaded after
 * `commons.js`; what most kernel files take as their first argument.
 */
export function withCommons(files = [], options = {}) {
  const loaded = loadKernelFiles(['commons.js', ...files], options);
  return { ...loaded, c: loaded.captureCommons(loaded.realm.global) };
}
