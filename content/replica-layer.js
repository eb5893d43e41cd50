'use strict';
// The page as a userscript reads and changes it, inside its own sandbox: a replica of the
// page's document, built with the DOM library from the content script's snapshot, that the
// script reads synchronously (`document`, `location`, `MutationObserver`, the element classes,
// jQuery on top). The build appends this file to the library's bundle and transpiles both
// (replica/domino.js, xtask/src/extension/dom_library.rs): in the sandbox, the content script
// calls `paranoidReplicaLayer(init)` before the GM prelude and the `@require`s.
//
// It is convenience, not a boundary. What the script changes is sent at the end of its turn as
// operations (create, insert, detach, attr, text, listen, scroll, press) that the content script applies only
// as policy allows (content/replica-host.js); what it refuses comes back as a correction of the
// replica. What the page changes arrives as operations too and is applied here with the
// recorder muted, so nothing is echoed. A script that tampers with this code or the library
// spoils only its own replica.
//
// How a turn's changes become operations: the library's mutation handler only marks nodes
// dirty; at the flush each dirty node is compared with the shadow (its state when last synced:
// parent, children, attributes, text), so that any sequence of changes in a turn gives the
// few operations that reach its end state. Page nodes have positive ids (the content script's),
// nodes the script makes negative ones (this side's).

/* exported paranoidReplicaLayer */ // in the sandbox, where the bundle sets it
/* global paranoid, paranoidDomino, paranoidXPath */

/**
 * @param {{ read: boolean, write: boolean, events: string[], root: { i: number, a: [string, string][] },
 *   navigate: boolean, press: boolean, pressEvents: string[], pressEventFields: string[], pressFieldChars: number,
 *   location: Record<string, string>, historyLength: number, urlchange: boolean,
 *   readyState: string, opsPerMessage: number, messageChars: number, alertsPerMinute: number,
 *   alertTextMax: number, view: object | null,
 *   scroll: { behaviors: string[], aligns: string[] } }} init
 */
function paranoidReplicaLayer(init) {
  'use strict';
  const domino = paranoidDomino;
  const installXPath = paranoidXPath;
  delete globalThis.paranoidDomino;
  delete globalThis.paranoidXPath;
  delete globalThis.paranoidReplicaLayer;
  const impl = domino.impl;
  const win = domino.createWindow('', init.location.href);
  const doc = win.document;
  // `document.evaluate`, `createExpression` and `XPathResult` (XPath 1.0), on every document of
  // the library's (wicked-good-xpath over domino: it walks the same nodes the selectors do).
  installXPath(win, true);
  // A malformed expression throws a `SyntaxError` DOMException, as the browser's does (the
  // library throws a plain Error that names the bad token).
  {
    const D = (win.Document && win.Document.prototype) || doc;
    const parse = D.createExpression;
    const expressionOf = (expression, resolver) => {
      try { return parse.call(doc, expression, resolver); } catch {
        throw new DOMException(`The string '${String(expression).slice(0, 200)}' is not a valid XPath expression.`, 'SyntaxError');
      }
    };
    Object.defineProperty(D, 'createExpression', { configurable: true, writable: true, value: function createExpression(expression, resolver) { return expressionOf(expression, resolver); } });
    Object.defineProperty(D, 'evaluate', {
      configurable: true, writable: true,
      value: function evaluate(expression, context, resolver, type, result) { return expressionOf(expression, resolver).evaluate(context, type, result); },
    });
  }
  const listenable = new Set(init.events);

  // --- ids and the shadow ---------------------------------------------------------------
  const idOf = new WeakMap();
  const byId = new Map();
  const shadow = new Map();
  let nextId = -1;
  const kidsOf = (n) => { const out = []; for (let c = n.firstChild; c; c = c.nextSibling) if (c.nodeType === 1 || c.nodeType === 3) out.push(c); return out; };
  const attrList = (el) => { const out = []; for (let i = 0; i < el.attributes.length; i++) out.push([el.attributes[i].name, el.attributes[i].value]); return out; };
  const connected = (n) => { for (let p = n; p; p = p.parentNode) if (p === doc) return true; return false; };
  const record = (node, parentId) => {
    const s = { parent: parentId };
    if (node.nodeType === 1) { s.attrs = new Map(attrList(node)); s.kids = kidsOf(node).map((c) => idOf.get(c)); } else s.data = node.data;
    shadow.set(idOf.get(node), s);
  };
  const recordSubtree = (node, parentId) => {
    if (idOf.get(node) === undefined) return;
    if (node.nodeType === 1) for (const c of kidsOf(node)) recordSubtree(c, idOf.get(node));
    record(node, parentId);
  };
  const forget = (node) => {
    const id = idOf.get(node);
    if (id === undefined) return;
    idOf.delete(node); byId.delete(id); shadow.delete(id);
    if (node.nodeType === 1) for (const c of kidsOf(node)) forget(c);
  };
  const NS = { svg: 'http://www.w3.org/2000/svg', math: 'http://www.w3.org/1998/Math/MathML' };
  /** A node of a snapshot or page operation: { i, t, a, c, n?, v? } (element) or { i, x } (text). */
  const make = (s) => {
    if (typeof s === 'number') return byId.get(s) ?? null;
    // A node sent whole that the replica still has (a correction sends subtrees whole): that one.
    if (byId.has(s.i)) return byId.get(s.i);
    let n;
    if (typeof s.x === 'string') n = doc.createTextNode(s.x);
    else {
      n = s.n ? doc.createElementNS(NS[s.n] ?? NS.svg, s.t) : doc.createElement(s.t);
      for (const [name, value] of s.a) { try { n.setAttribute(name, value); } catch { /* a name the library refuses */ } }
      for (const c of s.c) { const made = make(c); if (made) n.appendChild(made); }
      if (typeof s.v === 'string' && 'value' in n) n.value = s.v;
    }
    idOf.set(n, s.i); byId.set(s.i, n);
    return n;
  };

  // --- the document: its root now, the rest as the page's first changes ----------------------
  let muted = true;
  // The page's selected text, as the last event told it (getSelection, below).
  let selected = '';
  const root = doc.documentElement;
  while (root.firstChild) root.removeChild(root.firstChild);
  for (const [name, value] of init.root.a) { try { root.setAttribute(name, value); } catch { /* a name the library refuses */ } }
  idOf.set(root, init.root.i); byId.set(init.root.i, root);
  recordSubtree(root, undefined);
  let readyState = init.readyState;
  let place = init.location;
  // The viewport's figures (the page side's `view()`), or null without "reads this page".
  let view = init.view ?? null;

  // --- outgoing: the script's changes -----------------------------------------------------
  const dirtyKids = new Set();
  const dirtyAttrs = new Set();
  const wentOut = new Set();
  const wantListen = new Map();
  // Scrolls the script asked for this turn, sent after its changes (an element it just added
  // is in the page by then): [node or win, what].
  const wantScroll = [];
  // Presses of the page's elements this turn (clicks, focus, events), sent last: [node or
  // doc or win, kind, detail].
  const wantPress = [];
  let scheduled = false;
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    Promise.resolve().then(() => { scheduled = false; flush(); });
  };
  const observers = [];
  doc._setMutationHandler((m) => {
    if (observers.length > 0) observe(m);
    if (muted) return;
    if (m.type === 2 || m.type === 3) { if (m.target) dirtyAttrs.add(m.target); }
    else if (m.type === 1) { if (m.target.parentNode) dirtyKids.add(m.target.parentNode); }
    else { if (m.target) dirtyKids.add(m.target); if (m.type === 4) wentOut.add(m.node); }
    schedule();
  });
  const made = new Set();
  const serialize = (n) => {
    const id = idOf.get(n);
    if (id !== undefined) return { r: id };
    made.add(n);
    const i = nextId--;
    idOf.set(n, i); byId.set(i, n);
    if (n.nodeType === 3) return { i, x: n.data };
    const out = { i, t: n.localName, a: attrList(n), c: kidsOf(n).map(serialize) };
    if (n.namespaceURI !== 'http://www.w3.org/1999/xhtml') out.n = n.namespaceURI;
    return out;
  };
  const markDeep = (n) => { if (n.nodeType === 1) { dirtyAttrs.add(n); dirtyKids.add(n); for (const c of kidsOf(n)) markDeep(c); } };
  const recordMade = (n, parentId) => {
    if (!made.has(n)) { const s = shadow.get(idOf.get(n)); if (s) s.parent = parentId; markDeep(n); return; }
    if (n.nodeType === 1) for (const c of kidsOf(n)) recordMade(c, idOf.get(n));
    record(n, parentId);
  };
  const onePass = (ops, detached) => {
    const movedIn = [];
    const parents = [...dirtyKids].filter((p) => idOf.has(p) && connected(p));
    for (const p of parents) {
      const s = shadow.get(idOf.get(p));
      const now = new Set(kidsOf(p).map((c) => idOf.get(c)));
      for (const id of s.kids) if (!now.has(id) && byId.has(id)) { ops.push(['detach', id]); detached.push(id); }
    }
    for (const p of parents) {
      const pid = idOf.get(p);
      const s = shadow.get(pid);
      const kids = kidsOf(p);
      const fresh = new Map();
      const cur = kids.map((c) => { if (!idOf.has(c)) { const snap = serialize(c); fresh.set(snap.i, snap); } return idOf.get(c); });
      const left = new Set(cur);
      const old = s.kids.filter((id) => left.has(id) && byId.get(id)?.parentNode === p);
      let a = 0;
      while (a < old.length && a < cur.length && old[a] === cur[a]) a++;
      let b = 0;
      while (b < old.length - a && b < cur.length - a && old[old.length - 1 - b] === cur[cur.length - 1 - b]) b++;
      for (let k = cur.length - 1 - b; k >= a; k--) {
        const id = cur[k];
        if (fresh.has(id)) ops.push(['create', fresh.get(id)]);
        else movedIn.push(byId.get(id));
        ops.push(['insert', pid, id, k + 1 < cur.length ? cur[k + 1] : null]);
      }
      for (const c of kids) {
        const cid = idOf.get(c);
        if (fresh.has(cid)) { recordMade(c, pid); continue; }
        const cs = shadow.get(cid);
        if (cs) { cs.parent = pid; if (c.nodeType === 3 && cs.data !== c.data) { ops.push(['text', cid, c.data]); cs.data = c.data; } }
      }
      s.kids = cur;
    }
    for (const n of dirtyAttrs) {
      const id = idOf.get(n);
      if (id === undefined || !connected(n)) continue;
      const s = shadow.get(id);
      if (!s?.attrs) continue;
      const now = new Map(attrList(n));
      for (const [k, v] of now) if (s.attrs.get(k) !== v) ops.push(['attr', id, k, v]);
      for (const k of s.attrs.keys()) if (!now.has(k)) ops.push(['attr', id, k, null]);
      s.attrs = now;
    }
    dirtyKids.clear(); dirtyAttrs.clear();
    return movedIn;
  };
  const send = (ops) => {
    // In messages the host delivers: at most so many operations and characters each.
    let batch = [];
    let chars = 0;
    for (const op of ops) {
      const size = JSON.stringify(op).length;
      if (size > init.messageChars) { console.error(`the replica: a change of ${size} characters is too large to reach the page`); continue; }
      if (batch.length >= init.opsPerMessage || chars + size > init.messageChars) { paranoid.postMessage({ dom: 'ops', ops: batch }); batch = []; chars = 0; }
      batch.push(op); chars += size;
    }
    if (batch.length > 0) paranoid.postMessage({ dom: 'ops', ops: batch });
  };
  const flush = () => {
    for (const n of wentOut) if (idOf.has(n) && connected(n)) markDeep(n);
    wentOut.clear();
    const ops = [];
    if (dirtyKids.size > 0 || dirtyAttrs.size > 0) {
      const detached = [];
      for (let pass = 0; pass < 3 && (dirtyKids.size > 0 || dirtyAttrs.size > 0); pass++) for (const n of onePass(ops, detached)) markDeep(n);
      for (const id of detached) { const n = byId.get(id); if (n && !connected(n)) forget(n); }
      made.clear();
    }
    for (const [node, types] of wantListen) {
      const target = node === doc ? 'document' : node === win ? 'window' : idOf.get(node);
      if (target === undefined) continue;
      for (const type of types) ops.push(['listen', target, type]);
      wantListen.delete(node);
    }
    for (const [node, what] of wantScroll.splice(0)) {
      const target = node === win ? 'window' : idOf.get(node);
      if (target !== undefined && (node === win || connected(node))) ops.push(['scroll', target, what]);
    }
    for (const [node, kind, detail] of wantPress.splice(0)) {
      const target = node === win ? 'window' : node === doc ? 'document' : idOf.get(node);
      if (target !== undefined) ops.push(['press', target, kind, detail]);
    }
    // Without "changes this page" the script's changes stay in its replica (its presses are
    // another power's, asked for when they were made).
    const out = init.write ? ops : ops.filter((op) => op[0] === 'listen' || op[0] === 'press');
    if (out.length > 0) send(out);
    return ops;
  };

  // --- incoming: the page's changes, and corrections -------------------------------------
  const applyPage = (ops) => {
    flush();
    muted = true;
    const touched = new Set();
    const out = [];
    // The page's moves, told to the script once the batch's nodes are in (below).
    const moves = [];
    for (const op of ops) {
      if (!Array.isArray(op)) continue;
      const [kind, id] = op;
      if (kind === 'kids') {
        const p = byId.get(id);
        if (!p || p.nodeType !== 1) continue;
        const want = [];
        for (const ref of op[2]) { const n = make(ref); if (n) want.push(n); }
        const keep = new Set(want);
        for (const c of kidsOf(p)) if (!keep.has(c)) { p.removeChild(c); out.push(c); }
        // What is left is in `want`: walk both in order, moving only what is out of place.
        const relevant = (n) => { let x = n; while (x && x.nodeType !== 1 && x.nodeType !== 3) x = x.nextSibling; return x ?? null; };
        let at = relevant(p.firstChild);
        for (const n of want) {
          if (at === n) { at = relevant(n.nextSibling); continue; }
          if (n.parentNode && n.parentNode !== p) touched.add(n.parentNode);
          p.insertBefore(n, at);
        }
        touched.add(p);
      } else if (kind === 'attr') {
        const el = byId.get(id);
        if (!el || el.nodeType !== 1) continue;
        try { if (op[3] === null) el.removeAttribute(op[2]); else el.setAttribute(op[2], op[3]); } catch { /* a name the library refuses */ }
        const s = shadow.get(id);
        if (s?.attrs) { if (op[3] === null) s.attrs.delete(op[2]); else s.attrs.set(op[2], op[3]); }
      } else if (kind === 'text') {
        const t = byId.get(id);
        if (t?.nodeType === 3) { t.data = String(op[2]); const s = shadow.get(id); if (s) s.data = t.data; }
      } else if (kind === 'value') {
        const el = byId.get(id);
        if (el && typeof op[2] === 'string' && 'value' in el) el.value = op[2];
        if (el && typeof op[3] === 'boolean' && 'checked' in el) el.checked = op[3];
        if (el) touched.add(el);
      } else if (kind === 'url') {
        moves.push(op);
      } else if (kind === 'view') {
        if (op[1] !== null && typeof op[1] === 'object') view = op[1];
      } else if (kind === 'ready') {
        // Each state the page passed, in the browser's order: `readystatechange`, then
        // DOMContentLoaded (interactive) or the window's `load` (complete).
        const states = ['loading', 'interactive', 'complete'];
        const to = states.indexOf(op[1]);
        muted = false;
        for (let i = states.indexOf(readyState) + 1; to > 0 && i <= to; i++) {
          readyState = states[i];
          doc.dispatchEvent(new impl.Event('readystatechange', {}));
          if (readyState === 'interactive') doc.dispatchEvent(new impl.Event('DOMContentLoaded', { bubbles: true }));
          else win.dispatchEvent(new impl.Event('load', {}));
        }
        muted = true;
      }
    }
    // Each touched subtree once: a node under another touched one is recorded with it.
    const under = (n) => { for (let p = n.parentNode; p; p = p.parentNode) if (touched.has(p)) return true; return false; };
    for (const n of touched) if (idOf.has(n) && connected(n) && !under(n)) recordSubtree(n, shadow.get(idOf.get(n))?.parent);
    for (const n of out) if (!connected(n)) forget(n);
    muted = false;
    for (const [, next, how, length] of moves) followMove(next, how, length);
  };
  // The page's events as the replica delivers them: never pressed back to the page.
  const fromPage = new WeakSet();
  const deliverEvent = (e) => {
    const node = e.target === 'document' ? doc : e.target === 'window' ? win : byId.get(e.target);
    if (!node) return;
    muted = true;
    if (typeof e.value === 'string' && 'value' in node && node.value !== e.value) node.value = e.value;
    if (typeof e.checked === 'boolean' && 'checked' in node) node.checked = e.checked;
    if (node.nodeType === 1) recordSubtree(node, shadow.get(idOf.get(node))?.parent);
    muted = false;
    if (typeof e.selection === 'string') selected = e.selection;
    const event = new impl.Event(e.type, { bubbles: e.bubbles === true, cancelable: e.cancelable === true });
    for (const k of ['key', 'code', 'keyCode', 'which', 'charCode', 'repeat', 'button', 'buttons', 'clientX', 'clientY', 'pageX', 'pageY', 'altKey', 'ctrlKey', 'shiftKey', 'metaKey', 'detail']) if (k in e) event[k] = e[k];
    fromPage.add(event);
    node.dispatchEvent(event);
  };
  paranoid.onMessage((message) => {
    if (message === null || typeof message !== 'object') return;
    if (message.dom === 'page' && Array.isArray(message.ops)) applyPage(message.ops);
    else if (message.dom === 'event' && message.event) deliverEvent(message.event);
    else if (message.dom === 'refused' && Array.isArray(message.reasons)) for (const reason of message.reasons) console.warn(`the page refused a change: ${reason}`);
  });

  // --- MutationObserver, from the library's mutation handler -------------------------------
  const contains = (a, b) => { for (let n = b; n; n = n.parentNode) if (n === a) return true; return false; };
  const list = (nodes) => Object.assign([...nodes], { item(i) { return this[i] ?? null; } });
  function observe(m) {
    const records = [];
    if (m.type === 1) records.push({ type: 'characterData', target: m.target });
    else if (m.type === 2 || m.type === 3) { if (m.target) records.push({ type: 'attributes', target: m.target, attributeName: m.attr.localName, attributeNamespace: m.attr.namespaceURI ?? null }); }
    else if (m.type === 6) records.push({ type: 'childList', target: m.target, addedNodes: [m.node], removedNodes: [], previousSibling: m.node.previousSibling, nextSibling: m.node.nextSibling });
    else if (m.type === 4) records.push({ type: 'childList', target: m.target, addedNodes: [], removedNodes: [m.node], previousSibling: m.node.previousSibling, nextSibling: m.node.nextSibling });
    for (const r of records) {
      for (const o of observers) {
        const wanted = o.targets.some(({ target, options }) => {
          if (!(target === r.target || (options.subtree && contains(target, r.target)))) return false;
          if (r.type === 'attributes') return options.attributes && (!options.attributeFilter || options.attributeFilter.includes(r.attributeName));
          return r.type === 'childList' ? options.childList : options.characterData;
        });
        if (!wanted) continue;
        o.queue.push(Object.freeze({
          type: r.type, target: r.target, addedNodes: list(r.addedNodes ?? []), removedNodes: list(r.removedNodes ?? []),
          previousSibling: r.previousSibling ?? null, nextSibling: r.nextSibling ?? null,
          attributeName: r.attributeName ?? null, attributeNamespace: r.attributeNamespace ?? null, oldValue: null,
        }));
        if (!o.due) { o.due = true; Promise.resolve().then(() => o.deliver()); }
      }
    }
  }
  const states = new WeakMap();
  class MutationObserver {
    constructor(callback) {
      if (typeof callback !== 'function') throw new TypeError("MutationObserver: the callback is not a function");
      const state = { targets: [], queue: [], due: false };
      state.deliver = () => {
        state.due = false;
        if (state.queue.length === 0) return;
        const records = state.queue.splice(0);
        callback.call(this, records, this);
      };
      states.set(this, state);
    }
    observe(target, options = {}) {
      if (!(target instanceof impl.Node)) throw new TypeError("MutationObserver.observe: the target is not a node");
      const o = { ...options };
      if (o.attributeFilter || o.attributeOldValue) o.attributes = o.attributes ?? true;
      if (o.characterDataOldValue) o.characterData = o.characterData ?? true;
      if (!o.childList && !o.attributes && !o.characterData) throw new TypeError('MutationObserver.observe: one of childList, attributes, characterData must be true');
      const s = states.get(this);
      s.targets = s.targets.filter((t) => t.target !== target);
      s.targets.push({ target, options: o });
      if (!observers.includes(s)) observers.push(s);
    }
    disconnect() {
      const s = states.get(this);
      s.targets = []; s.queue = [];
      const at = observers.indexOf(s);
      if (at >= 0) observers.splice(at, 1);
    }
    takeRecords() { return states.get(this).queue.splice(0); }
  }

  // --- what the library lacks, and what the page is ---------------------------------------
  const E = impl.Element.prototype;
  const N = impl.Node.prototype;
  const ET = Object.getPrototypeOf(N);
  const camel = (s) => s.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
  const dash = (s) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  if (!('dataset' in E)) {
    Object.defineProperty(impl.HTMLElement.prototype, 'dataset', {
      configurable: true,
      get() {
        const el = this;
        return new Proxy({}, {
          get: (_, k) => (typeof k === 'string' ? el.getAttribute(`data-${dash(k)}`) ?? undefined : undefined),
          set: (_, k, v) => { el.setAttribute(`data-${dash(String(k))}`, String(v)); return true; },
          deleteProperty: (_, k) => { el.removeAttribute(`data-${dash(String(k))}`); return true; },
          has: (_, k) => typeof k === 'string' && el.hasAttribute(`data-${dash(k)}`),
          ownKeys: () => attrList(el).map(([n]) => n).filter((n) => n.startsWith('data-')).map((n) => camel(n.slice(5))),
          getOwnPropertyDescriptor: (_, k) => {
            const v = typeof k === 'string' ? el.getAttribute(`data-${dash(k)}`) : null;
            return v === null ? undefined : { value: v, writable: true, enumerable: true, configurable: true };
          },
        });
      },
    });
  }
  const toNode = (owner, x) => (typeof x === 'string' ? owner.createTextNode(x) : x);
  for (const P of [E, impl.Document.prototype, impl.DocumentFragment.prototype]) {
    if (!P.append) Object.defineProperty(P, 'append', { configurable: true, writable: true, value(...nodes) { for (const n of nodes) this.appendChild(toNode(this.ownerDocument ?? this, n)); } });
    if (!P.prepend) Object.defineProperty(P, 'prepend', { configurable: true, writable: true, value(...nodes) { const first = this.firstChild; for (const n of nodes) this.insertBefore(toNode(this.ownerDocument ?? this, n), first); } });
    if (!P.replaceChildren) Object.defineProperty(P, 'replaceChildren', { configurable: true, writable: true, value(...nodes) { while (this.firstChild) this.removeChild(this.firstChild); this.append(...nodes); } });
  }
  // domino's live lists (getElementsBy*, simple-selector querySelectorAll, children, classList)
  // are neither iterable nor have forEach, which scripts use on them all the time.
  const listProtos = new Set([doc.getElementsByTagName('x'), root.children, root.classList].map((l) => Object.getPrototypeOf(l)));
  for (const P of listProtos) {
    if (P === null || P === Object.prototype || P === Array.prototype || Symbol.iterator in P) continue;
    const each = function forEach(f, thisArg) { for (let i = 0; i < this.length; i++) f.call(thisArg, this.item(i), i, this); };
    const values = function* values() { for (let i = 0; i < this.length; i++) yield this.item(i); };
    Object.defineProperty(P, 'forEach', { configurable: true, writable: true, value: each });
    Object.defineProperty(P, 'values', { configurable: true, writable: true, value: values });
    Object.defineProperty(P, Symbol.iterator, { configurable: true, writable: true, value: values });
    Object.defineProperty(P, 'keys', { configurable: true, writable: true, value: function* keys() { for (let i = 0; i < this.length; i++) yield i; } });
    Object.defineProperty(P, 'entries', { configurable: true, writable: true, value: function* entries() { for (let i = 0; i < this.length; i++) yield [i, this.item(i)]; } });
  }
  // innerText, without layout: the text content.
  if (!('innerText' in impl.HTMLElement.prototype)) {
    Object.defineProperty(impl.HTMLElement.prototype, 'innerText', { configurable: true, get() { return this.textContent; }, set(v) { this.textContent = v; } });
  }
  // A collection as HTMLCollection is (not an Array: a control named `sort` is not shadowed
  // by a method): indexed, `length`, `item`, `namedItem`, iterable, and its members' ids and
  // names as keys. Not live: read again to see changes.
  class Collection {
    item(i) { return this[i] ?? null; }
    namedItem(key) { for (const el of this) if (el.getAttribute('id') === key || el.getAttribute('name') === key) return el; return null; }
    * [Symbol.iterator]() { for (let i = 0; i < this.length; i++) yield this[i]; }
  }
  const namedCollection = (nodes) => {
    const list = new Collection();
    const found = [...nodes];
    found.forEach((el, i) => { list[i] = el; });
    Object.defineProperty(list, 'length', { value: found.length });
    for (const el of found) for (const key of [el.getAttribute('id'), el.getAttribute('name')]) if (key && !(key in list)) list[key] = list.namedItem(key);
    return list;
  };
  // A <select>'s value and selected option, which domino leaves out: read from the options'
  // `selected` attributes (the last one marked, else the first option that can be chosen, as a
  // one-line select shows); setting it marks the chosen option, which is what reaches the page.
  const Select = impl.HTMLSelectElement?.prototype;
  if (Select && !('value' in Select)) {
    const optionsOf = (sel) => [...sel.querySelectorAll('option')];
    const chosen = (sel) => {
      const all = optionsOf(sel);
      const marked = all.filter((o) => o.hasAttribute('selected'));
      if (sel.hasAttribute('multiple')) return marked;
      if (marked.length > 0) return [marked[marked.length - 1]];
      const first = all.find((o) => !o.hasAttribute('disabled'));
      return first ? [first] : [];
    };
    const choose = (sel, which) => { for (const o of optionsOf(sel)) if (o.hasAttribute('selected') !== (o === which)) { if (o === which) o.setAttribute('selected', ''); else o.removeAttribute('selected'); } };
    Object.defineProperties(Select, {
      value: { configurable: true, get() { return chosen(this)[0]?.value ?? ''; }, set(v) { choose(this, optionsOf(this).find((o) => o.value === String(v)) ?? null); } },
      selectedIndex: { configurable: true, get() { return optionsOf(this).indexOf(chosen(this)[0]); }, set(i) { choose(this, optionsOf(this)[Number(i)] ?? null); } },
      selectedOptions: { configurable: true, get() { return chosen(this); } },
      length: { configurable: true, get() { return optionsOf(this).length; } },
      type: { configurable: true, get() { return this.hasAttribute('multiple') ? 'select-multiple' : 'select-one'; } },
    });
    const Option = impl.HTMLOptionElement?.prototype;
    if (Option && !('selected' in Option)) {
      Object.defineProperty(Option, 'selected', {
        configurable: true,
        get() { const sel = this.closest('select'); return sel ? chosen(sel).includes(this) : this.hasAttribute('selected'); },
        set(v) {
          const sel = this.closest('select');
          if (v && sel && !sel.hasAttribute('multiple')) choose(sel, this);
          else if (v) this.setAttribute('selected', ''); else this.removeAttribute('selected');
        },
      });
    }
  }
  // A form's controls, in order, with their names as keys (`form.elements.q`), not live.
  const Form = impl.HTMLFormElement?.prototype;
  if (Form && !('elements' in Form)) {
    Object.defineProperty(Form, 'elements', {
      configurable: true,
      get() {
        return namedCollection([...this.querySelectorAll('button, fieldset, input, object, output, select, textarea')].filter((c) => !(c.localName === 'input' && c.getAttribute('type') === 'image')));
      },
    });
  }
  // The page's selection, as text: the content script tells it with each event, so that the
  // scripts that act on what the user selected (a lookup on mouseup) read it. There is no range
  // in the replica: a range's nodes and boxes are not given, and changing the page's selection
  // changes only this copy.
  const selection = {
    get type() { return selected === '' ? 'None' : 'Range'; },
    get rangeCount() { return selected === '' ? 0 : 1; },
    get isCollapsed() { return selected === ''; },
    anchorNode: null, focusNode: null, anchorOffset: 0, focusOffset: 0,
    toString() { return selected; },
    removeAllRanges() { selected = ''; },
    empty() { selected = ''; },
    getRangeAt(i) {
      if (selected === '' || i !== 0) throw new RangeError('getRangeAt: the selection has no such range');
      const text = selected;
      return Object.freeze({
        toString: () => text, collapsed: false,
        getBoundingClientRect: refuse('a range\'s box', 'there is no layout in the replica'),
        getClientRects: refuse('a range\'s boxes', 'there is no layout in the replica'),
        cloneContents: refuse('a range\'s nodes', 'the selection is given as text only'),
      });
    },
  };
  doc.getSelection = () => selection;
  // The document's collections domino leaves out (it throws NotYetImplemented): as lists, not
  // live, which is what the scripts that read them in a loop need.
  for (const [name, selector] of [['links', 'a[href], area[href]'], ['forms', 'form'], ['images', 'img'], ['scripts', 'script'], ['embeds', 'embed'], ['plugins', 'embed']]) {
    Object.defineProperty(doc, name, {
      configurable: true,
      get() {
        return namedCollection(doc.querySelectorAll(selector));
      },
    });
  }
  if (!('isConnected' in N)) Object.defineProperty(N, 'isConnected', { configurable: true, get() { return connected(this); } });
  // A listener on a node of the page asks the content script to listen there (once per node
  // and type); `once` and `capture` are the library's to honour.
  const add = ET.addEventListener;
  const remove = ET.removeEventListener;
  ET.addEventListener = function addEventListener(type, listener, options) {
    const capture = typeof options === 'object' && options !== null ? options.capture === true : options === true;
    let f = listener;
    if (typeof options === 'object' && options !== null && options.once === true && typeof listener === 'function') {
      const self = this;
      f = function once(event) { remove.call(self, type, f, capture); return listener.call(this, event); };
    }
    add.call(this, type, f, capture);
    want(this, String(type));
  };
  /** The content script is asked to listen on the page's node for `type`, once per node and type. */
  const want = (key, t) => {
    if (!init.read || !listenable.has(t) || !(key === doc || key === win || (key instanceof impl.Node && key.ownerDocument === doc))) return;
    const seen = listened.get(key) ?? new Set();
    if (!seen.has(t)) { seen.add(t); listened.set(key, seen); (wantListen.get(key) ?? wantListen.set(key, new Set()).get(key)).add(t); schedule(); }
  };
  // A handler property (`button.onclick = f`, `document.onkeydown = f`) is a listener too (the
  // library keeps it apart from the listeners and calls it before them; browsers call it in
  // the order it was first set among them).
  const setHandler = ET._setEventHandler;
  Object.defineProperty(ET, '_setEventHandler', {
    configurable: true, writable: true,
    value: function _setEventHandler(type, handler) {
      setHandler.call(this, type, handler);
      // Not for the page's own `on…` attributes as they arrive (the library makes them inert
      // handlers): only the script's.
      if (handler !== null && handler !== undefined && !muted) want(this, String(type));
    },
  });
  ET.removeEventListener = function removeEventListener(type, listener, options) {
    const capture = typeof options === 'object' && options !== null ? options.capture === true : options === true;
    return remove.call(this, type, listener, capture);
  };
  const listened = new WeakMap();
  const refuse = (what, why) => () => { throw new TypeError(`${what} is not available to a sandboxed userscript: ${why}`); };
  // Layout: there is none in the replica. A box's coordinates throw, naming the API; how many
  // boxes an element has answers only whether it is rendered as far as the replica can tell
  // (connected, and neither it nor an ancestor `hidden`, `display: none` in its own style, or
  // one a browser's own style sheet never shows; the page's style sheets are not seen). That
  // count is what jQuery's `:visible` and `:hidden` read, which scripts test after their own
  // `hide()` and `toggle()`.
  const NO_LAYOUT = 'there is no layout in the replica';
  const NEVER_SHOWN = new Set(['head', 'template', 'script', 'style', 'noscript', 'link', 'meta', 'title', 'base', 'datalist', 'param']);
  const unshown = (n) => NEVER_SHOWN.has(n.localName) || (n.localName === 'input' && (n.getAttribute('type') ?? '').toLowerCase() === 'hidden') || (n.localName === 'dialog' && !n.hasAttribute('open'));
  const rendered = (el) => {
    if (!connected(el)) return false;
    for (let n = el; n && n.nodeType === 1; n = n.parentNode) {
      if (n.hasAttribute('hidden') || n.style?.display === 'none' || unshown(n)) return false;
    }
    return true;
  };
  const box = Object.freeze(Object.create(null, Object.fromEntries(['x', 'y', 'width', 'height', 'top', 'right', 'bottom', 'left'].map((k) => [k, { get: refuse(`an element's box (${k})`, NO_LAYOUT) }]))));
  Object.defineProperty(E, 'getBoundingClientRect', { configurable: true, writable: true, value: refuse('getBoundingClientRect()', NO_LAYOUT) });
  // Scrolling is a change of the page's, asked at the end of the turn like the others, for a
  // script that may change the page: the page scrolls, and the viewport's figures follow (the
  // same turn still reads the old ones). Without the power it throws, naming it.
  const scrollTo = (node, name, what) => {
    // An element out of the page (the script's own, not yet added; a parsed document's) has no
    // scroll to change: nothing happens, as natively.
    if (node !== win && !connected(node)) return;
    if (!init.write) refuse(name, 'scrolling the page needs "changes this page"')();
    wantScroll.push([node, what]);
    schedule();
  };
  const number = (v) => { const n = Number(v); return Number.isFinite(n) ? n : 0; };
  const behaviorOf = (o) => (o !== null && typeof o === 'object' && init.scroll.behaviors.includes(o.behavior) ? o.behavior : 'auto');
  /** `scrollTo(x, y)`, `scrollTo({ left, top, behavior })`, and the same for `scrollBy`. */
  const coordinates = (args, by) => {
    const o = args[0];
    if (o !== null && typeof o === 'object') {
      const what = { by, behavior: behaviorOf(o) };
      if (o.left !== undefined) what.left = number(o.left);
      if (o.top !== undefined) what.top = number(o.top);
      return what;
    }
    return { by, behavior: 'auto', left: number(args[0]), top: number(args[1]) };
  };
  const BLOCKS = init.scroll.aligns;
  Object.defineProperty(E, 'scrollIntoView', {
    configurable: true, writable: true,
    value: function scrollIntoView(arg) {
      const o = arg !== null && typeof arg === 'object' ? arg : null;
      const block = o !== null ? (BLOCKS.includes(o.block) ? o.block : 'start') : arg === false ? 'end' : 'start';
      const inline = o !== null && BLOCKS.includes(o.inline) ? o.inline : 'nearest';
      scrollTo(this, 'scrollIntoView()', { into: true, block, inline, behavior: behaviorOf(o) });
    },
  });
  // --- pressing the page: clicks, focus, events -------------------------------------------
  // For a script the user let press the page's buttons: `el.click()`, `focus()`, `blur()`,
  // `dispatchEvent()` of the policy's input events (PRESS_EVENTS) on an element in the page (or
  // on `document` and `window`), `form.requestSubmit()` and `submit()`. Each happens in the
  // replica at once, as natively (the script's own listeners hear it), and on the page at the
  // end of the turn, after the turn's changes: the content script makes the event itself from
  // plain fields and decides whether a click may follow a link or submit a form ("opens
  // pages"). Without the power each throws, naming it; on what is not in the page (the
  // script's own elements not added, a parsed document's) it happens in the replica only.
  const NO_PRESS = 'pressing the page\'s buttons is a power this script was not given (the install page asks for it when the code calls click(), focus(), blur(), dispatchEvent() or submits a form)';
  const pressEvents = new Set(init.pressEvents);
  const inPage = (node) => node === doc || node === win || (node !== null && typeof node === 'object' && (node.nodeType === 1) && connected(node));
  const press = (node, name, kind, detail) => {
    if (!init.press) refuse(name, NO_PRESS)();
    wantPress.push([node, kind, detail]);
    schedule();
  };
  const H = impl.HTMLElement.prototype;
  const nativeClick = H.click;
  const nativeDispatch = ET.dispatchEvent;
  // The click that `click()` itself dispatches is the press already: not pressed again (the
  // event is kept, to see whether the script's listeners cancelled it).
  let clicking = null;
  let clicked = null;
  Object.defineProperty(H, 'click', {
    configurable: true, writable: true,
    value: function click() {
      const page = inPage(this);
      if (page && !init.press) refuse('click()', NO_PRESS)();
      const was = clicking;
      clicking = this;
      clicked = null;
      try { nativeClick.call(this); } finally { clicking = was; }
      if (!page) return;
      // A listener of the script's that cancelled the click cancels the page's too.
      const prevented = clicked !== null && clicked.defaultPrevented === true;
      // A box's tick is the click's own doing on the page too: not sent as a change of its
      // `checked` as well, which would tick it twice there (the page's state comes back after).
      const s = shadow.get(idOf.get(this));
      if (s?.attrs && this.localName === 'input') {
        if (this.hasAttribute('checked')) s.attrs.set('checked', this.getAttribute('checked')); else s.attrs.delete('checked');
      }
      press(this, 'click()', 'click', prevented ? { prevented } : null);
    },
  });
  for (const name of ['focus', 'blur']) {
    Object.defineProperty(H, name, {
      configurable: true, writable: true,
      value: { [name](options) { if (inPage(this)) press(this, `${name}()`, name, name === 'focus' && options !== null && typeof options === 'object' ? { preventScroll: options.preventScroll === true } : null); } }[name],
    });
  }
  /** The plain fields of a replica event that the page's copy is made from. */
  const fieldsOf = (event) => {
    const out = { type: event.type };
    for (const k of init.pressEventFields) {
      const v = event[k];
      if (typeof v === 'string' ? v.length <= init.pressFieldChars : typeof v === 'number' ? Number.isFinite(v) : typeof v === 'boolean') out[k] = v;
    }
    return out;
  };
  Object.defineProperty(ET, 'dispatchEvent', {
    configurable: true, writable: true,
    value: function dispatchEvent(event) {
      const itself = event !== null && typeof event === 'object' && event.type === 'click' && clicking === this && clicked === null;
      if (itself) clicked = event;
      const own = event !== null && typeof event === 'object' && !fromPage.has(event) && !itself;
      const page = own && pressEvents.has(event.type) && inPage(this);
      if (page && !init.press) refuse(`dispatchEvent() of ${event.type}`, NO_PRESS)();
      const fields = page ? fieldsOf(event) : null;
      const result = nativeDispatch.call(this, event);
      // Cancelled by the script's own listeners: cancelled on the page too.
      if (page) press(this, 'dispatchEvent()', 'event', event.defaultPrevented === true ? { ...fields, prevented: true } : fields);
      return result;
    },
  });
  const F = impl.HTMLFormElement?.prototype;
  if (F) {
    Object.defineProperty(F, 'requestSubmit', {
      configurable: true, writable: true,
      value: function requestSubmit(submitter) {
        if (submitter !== undefined && submitter !== null && submitter.form !== this) throw new DOMException('requestSubmit: the submitter is not a submit button of this form', 'NotFoundError');
        const page = inPage(this);
        if (page && !init.press) refuse('requestSubmit()', NO_PRESS)();
        const event = new impl.Event('submit', { bubbles: true, cancelable: true });
        event.submitter = submitter ?? null;
        fromPage.add(event);
        nativeDispatch.call(this, event);
        if (page) press(this, 'requestSubmit()', 'submit', { submitter: submitter ? idOf.get(submitter) ?? null : null });
      },
    });
    Object.defineProperty(F, 'submit', {
      configurable: true, writable: true,
      value: function submit() {
        if (!inPage(this)) return;
        if (!init.navigate) refuse('submit()', NOT_GIVEN)();
        press(this, 'submit()', 'submit', { submitter: null, events: false });
      },
    });
  }
  Object.defineProperty(E, 'getClientRects', { configurable: true, writable: true, value: function getClientRects() { return Object.freeze(rendered(this) ? [box] : []); } });
  Object.defineProperty(doc, 'readyState', { configurable: true, get: () => readyState });
  Object.defineProperty(doc, 'cookie', { configurable: true, get: refuse('document.cookie', 'the page\'s cookies are not given'), set: refuse('document.cookie', 'the page\'s cookies are not given') });
  Object.defineProperty(doc, 'baseURI', { configurable: true, get: () => place.href });
  Object.defineProperty(doc, 'referrer', { configurable: true, get: () => '' });
  Object.defineProperty(doc, 'domain', { configurable: true, get: () => place.hostname });
  // Navigating: for a script the user let open pages, a message the content script acts on (it
  // checks again, http(s) only); the replica's changes go first. Otherwise it throws, naming why.
  const NOT_GIVEN = 'opening pages is a power this script was not given (the install page asks for it when the code assigns location, moves history or calls window.open)';
  // The content script resolves the address (against the page's) and checks it; a scheme that
  // is not http(s) is refused here already, so that the script's own line throws.
  const go = (what, how, url, part) => {
    if (!init.navigate) refuse(what, NOT_GIVEN)();
    const text = String(url);
    const scheme = /^[\u0000-\u0020]*([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(text);
    if (part === undefined && scheme !== null && !/^https?$/i.test(scheme[1])) throw new TypeError(`${what}: only http(s) pages are opened, not ${scheme[1]}:`);
    flush();
    paranoid.postMessage(part === undefined ? { dom: 'navigate', how, url: text } : { dom: 'navigate', how, part, value: text });
  };
  const location = Object.freeze(Object.create(null, Object.fromEntries([
    ...['href', 'origin', 'protocol', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'].map((k) => [k, {
      enumerable: true, get: () => place[k],
      set: k === 'origin' ? refuse('setting location.origin', 'it is read-only') : (v) => go(`setting location.${k}`, 'assign', v, k === 'href' ? undefined : k),
    }]),
    ['toString', { value: () => place.href }],
    ['assign', { value: (url) => go('location.assign', 'assign', url) }],
    ['replace', { value: (url) => go('location.replace', 'replace', url) }],
    ['reload', { value: () => go('location.reload', 'reload', '') }],
  ])));
  /** `location = url` on the document or the window. */
  const assignLocation = (url) => { go('setting location', 'assign', url); };
  Object.defineProperty(doc, 'location', { configurable: true, get: () => location, set: assignLocation });

  // --- history: the page's address as the site moves it -----------------------------------
  // A site's own pushState or replaceState reaches the script as a call of the script's
  // `history.pushState` (or `replaceState`) with the new address, so that the common wrapper
  // that hears the site's moves through it works; this side's own method then only moves the
  // replica's address. A traversal (back, forward, a fragment) fires `popstate`, and
  // `hashchange` when the fragment changed. With `@grant window.onurlchange`, every move fires
  // `urlchange` too (Tampermonkey's). The page's state objects are not given: `state` is what
  // the script itself last pushed, else null. The script's own moves are those of a script the
  // user let open pages, and within the page's site only (the content script checks again).
  let historyLength = Number.isSafeInteger(init.historyLength) ? init.historyLength : 1;
  let historyState = null;
  let hearing = null;
  const moveTo = (next) => { place = next; doc._address = next.href; };
  /** `url` against the page's address, as parts, or null when it is not of the page's site. */
  const within = (url) => {
    let u;
    try { u = new URL(String(url), place.href); } catch { return null; }
    if (u.origin !== place.origin) return null;
    return { href: u.href, origin: u.origin, protocol: u.protocol, host: u.host, hostname: u.hostname, port: u.port, pathname: u.pathname, search: u.search, hash: u.hash };
  };
  const moveSelf = (what, how, state, url) => {
    const address = url === undefined || url === null ? null : String(url);
    if (hearing !== null && hearing.how === how) {
      // The site's own move, through the script's wrapper: as the site asked, it only moves
      // the replica. A wrapper that changes the address the site asked for is the script's own
      // move, of the entry the site already made.
      const heard = hearing;
      hearing = null;
      const asked = address === null ? heard.next : within(address);
      if (asked !== null && asked.href === heard.next.href) { moveTo(heard.next); return; }
      moveTo(heard.next);
      how = 'replace';
    }
    if (!init.navigate) refuse(what, NOT_GIVEN)();
    const next = address === null ? place : within(address);
    if (next === null) throw new DOMException(`${what}: ${address.slice(0, 80)} is not an address of the page's origin (${place.origin})`, 'SecurityError');
    flush();
    historyState = state ?? null;
    if (how === 'push') historyLength++;
    moveTo(next);
    // The content script resolves the address again, against the page's as it is now.
    paranoid.postMessage({ dom: 'navigate', how: how === 'push' ? 'pushState' : 'replaceState', url: address });
  };
  const traverse = (what, delta) => {
    if (!init.navigate) refuse(what, NOT_GIVEN)();
    const steps = delta === undefined ? 0 : Math.trunc(Number(delta)) || 0;
    if (Math.abs(steps) > 100) throw new RangeError(`${what}: at most 100 steps`);
    flush();
    paranoid.postMessage({ dom: 'navigate', how: 'go', delta: steps });
  };
  class History {
    get length() { return historyLength; }
    get state() { return historyState; }
    get scrollRestoration() { return 'auto'; }
    set scrollRestoration(v) { /* the page's to choose */ }
    pushState(state, title, url) { moveSelf('history.pushState', 'push', state, url); }
    replaceState(state, title, url) { moveSelf('history.replaceState', 'replace', state, url); }
    back() { traverse('history.back', -1); }
    forward() { traverse('history.forward', 1); }
    go(delta) { traverse('history.go', delta); }
  }
  const history = new History();
  /**
   * The page moved: `how` is push, replace or pop for the site's moves (content/replica-host.js),
   * self for the page's address after the script's own move (the browser's reading of it).
   */
  const followMove = (next, how, length) => {
    if (next === null || typeof next !== 'object' || typeof next.href !== 'string') return;
    const before = place;
    if (Number.isSafeInteger(length)) historyLength = length;
    if (how === 'self') moveTo(next);
    else if (how === 'push' || how === 'replace') {
      historyState = null;
      hearing = { how, next };
      try {
        const h = G.history;
        h[how === 'push' ? 'pushState' : 'replaceState'](null, '', next.href);
      } catch (error) {
        // Natively the throw would reach the site's call; here it is the script's own error.
        queueMicrotask(() => { throw error; });
      }
      // A wrapper that never called the method it wrapped still sees the page moved.
      if (hearing !== null) { hearing = null; moveTo(next); }
    } else {
      historyState = null;
      moveTo(next);
      win.dispatchEvent(Object.assign(new impl.Event('popstate', {}), { state: null }));
      if (before.hash !== next.hash) win.dispatchEvent(Object.assign(new impl.Event('hashchange', {}), { oldURL: before.href, newURL: next.href }));
    }
    if (init.urlchange) {
      const event = Object.assign(new impl.Event('urlchange', {}), { url: next.href });
      win.dispatchEvent(event);
      if (typeof G.onurlchange === 'function') G.onurlchange(event);
    }
  };

  // `alert()`: a dialog over the page, for a script that may change it. The content script
  // shows it, naming the script, at most a few a minute. The sandbox cannot wait for the user,
  // so the call returns at once; `confirm` and `prompt`, whose answer the script would need
  // at once, throw.
  const alerted = [];
  const showAlert = (text) => {
    if (!init.write) refuse('alert', 'a dialog over the page needs "changes this page"')();
    const now = Date.now();
    while (alerted.length > 0 && alerted[0] <= now - 60000) alerted.shift();
    if (alerted.length >= init.alertsPerMinute) throw new RangeError(`alert: a script shows at most ${init.alertsPerMinute} dialogs a minute`);
    alerted.push(now);
    flush();
    paranoid.postMessage({ dom: 'alert', text: text.slice(0, init.alertTextMax) });
  };

  class DOMParser {
    parseFromString(text, type) {
      if (type !== undefined && !['text/html', 'image/svg+xml', 'application/xml', 'text/xml', 'application/xhtml+xml'].includes(type)) throw new TypeError(`DOMParser: ${String(type).slice(0, 40)} is not a type it parses`);
      return domino.createDocument(String(text), true);
    }
  }
  const G = globalThis;
  // The DOM's interfaces (Node, Element, HTMLElement…, Event…) and NodeFilter's constants.
  for (const [name, value] of Object.entries(impl)) if ((typeof value === 'function' || name === 'NodeFilter') && name !== 'HTMLParser' && !(name in G)) G[name] = value;
  // The replica's own Event types and EventTarget replace the kernel's: a script's `new Event`
  // must dispatch on replica nodes, whose listeners the replica keeps.
  Object.assign(G, {
    document: doc, history, History, MutationObserver, DOMParser, EventTarget: ET.constructor, Event: impl.Event, CustomEvent: impl.CustomEvent,
    XPathResult: win.XPathResult,
    addEventListener: (...args) => win.addEventListener(...args),
    removeEventListener: (...args) => win.removeEventListener(...args),
    dispatchEvent: (event) => win.dispatchEvent(event),
    // Layout is not in the replica: an element's own declarations stand for its computed style.
    getComputedStyle: (el) => el.style,
    getSelection: () => selection,
    alert: function alert(message) { showAlert(arguments.length === 0 ? '' : String(message)); },
    confirm: refuse('confirm', 'the sandbox cannot wait for the answer'),
    prompt: refuse('prompt', 'the sandbox cannot wait for the answer'),
    // A new tab (as GM.openInTab); no window object comes back to reach into.
    open: (url) => { go('window.open', 'open', url ?? 'about:blank'); return null; },
  });
  // The input events' classes, built from their init dictionaries as the browser's are (the
  // library's MouseEvent takes none, and it has no KeyboardEvent, FocusEvent or InputEvent):
  // a script's `new KeyboardEvent('keydown', { key: 'j' })` is an event of the replica's, which
  // a press carries to the page as its plain fields.
  const eventClass = (Base, name, defaults) => {
    const C = { [name]: class extends Base {
      constructor(type, init) {
        if (type === undefined) throw new TypeError(`${name}: the event's type is missing`);
        super(type, init);
        this.type = String(type);
        const given = init !== null && typeof init === 'object' ? init : {};
        for (const [k, v] of Object.entries(defaults)) this[k] = given[k] ?? v;
        for (const k of ['bubbles', 'cancelable', 'composed']) this[k] = given[k] === true;
        if (given.view !== undefined) this.view = given.view;
      }
    } }[name];
    Object.defineProperty(G, name, { configurable: true, writable: true, value: C });
    return C;
  };
  const MOUSE = { screenX: 0, screenY: 0, clientX: 0, clientY: 0, ctrlKey: false, shiftKey: false, altKey: false, metaKey: false, button: 0, buttons: 0, relatedTarget: null, detail: 0 };
  const UI = eventClass(impl.UIEvent, 'UIEvent', { detail: 0 });
  const Mouse = eventClass(impl.MouseEvent, 'MouseEvent', MOUSE);
  eventClass(Mouse, 'PointerEvent', { ...MOUSE, pointerId: 0, pointerType: '', isPrimary: false, width: 1, height: 1, pressure: 0 });
  eventClass(UI, 'KeyboardEvent', { key: '', code: '', location: 0, repeat: false, isComposing: false, keyCode: 0, charCode: 0, which: 0, ctrlKey: false, shiftKey: false, altKey: false, metaKey: false, detail: 0 });
  eventClass(UI, 'FocusEvent', { relatedTarget: null, detail: 0 });
  eventClass(UI, 'InputEvent', { data: null, inputType: '', isComposing: false, detail: 0 });
  Object.defineProperty(G, 'location', { configurable: true, enumerable: true, get: () => location, set: assignLocation });
  // The window's handler properties (`window.onload = f`, `onscroll`, `onkeydown`…): the
  // replica's window's, whose events the content script tells and the replica fires.
  // Each is called with the script's window as `this`; `focusin` and `focusout` have none on a
  // browser's window (jQuery tests for them there). `<body>`'s handlers for the window's own
  // events are the window's, as in browsers.
  const windowHandlers = new Map();
  const windowHandler = (type) => ({
    configurable: true, enumerable: true,
    get: () => windowHandlers.get(type) ?? null,
    set: (v) => {
      const f = typeof v === 'function' ? v : null;
      windowHandlers.set(type, f);
      win._setEventHandler(type, f === null ? null : function (event) { return f.call(G, event); });
    },
  });
  for (const type of new Set([...init.events, 'load', 'popstate', 'hashchange'])) {
    if (!/^[a-z]+$/.test(type) || type === 'focusin' || type === 'focusout') continue;
    try { Object.defineProperty(G, `on${type}`, windowHandler(type)); } catch { /* a name the sandbox's own global keeps */ }
  }
  const Body = impl.HTMLBodyElement?.prototype;
  if (Body) {
    for (const type of ['load', 'scroll', 'resize', 'blur', 'focus', 'popstate', 'hashchange']) {
      try { Object.defineProperty(Body, `on${type}`, windowHandler(type)); } catch { /* one the library fixed */ }
    }
  }
  // Tampermonkey's test for the grant: `if (window.onurlchange === null)`.
  if (init.urlchange) G.onurlchange = null;
  // The window's and an element's own scrolling (the root's is the window's).
  const scroller = (el) => (el === doc.documentElement || el === doc.body || el === doc.scrollingElement ? win : el);
  for (const name of ['scroll', 'scrollTo', 'scrollBy']) {
    const by = name === 'scrollBy';
    Object.defineProperty(G, name, { configurable: true, writable: true, value: function (...args) { scrollTo(win, `window.${name}()`, coordinates(args, by)); } });
    Object.defineProperty(E, name, { configurable: true, writable: true, value: function (...args) { scrollTo(scroller(this), `${name}()`, coordinates(args, by)); } });
  }
  // The viewport's figures, for a script that reads the page: as the page had them when it last
  // told the replica (before every event, and at most a scroll period after the page scrolled,
  // was resized or changed). Without "reads this page" they stay missing rather than throwing,
  // since libraries read them at load with a fallback (`window.devicePixelRatio || 1`).
  if (view !== null) {
    const figure = (get) => ({ configurable: true, enumerable: true, get });
    for (const name of ['innerWidth', 'innerHeight', 'outerWidth', 'outerHeight', 'scrollX', 'scrollY', 'devicePixelRatio']) Object.defineProperty(G, name, figure(() => view[name]));
    Object.defineProperty(G, 'pageXOffset', figure(() => view.scrollX));
    Object.defineProperty(G, 'pageYOffset', figure(() => view.scrollY));
    const screenFigures = Object.create(null);
    for (const name of ['width', 'height', 'availWidth', 'availHeight', 'colorDepth', 'pixelDepth']) Object.defineProperty(screenFigures, name, figure(() => view.screen[name]));
    Object.defineProperty(G, 'screen', { configurable: true, enumerable: true, writable: true, value: Object.freeze(screenFigures) });
    // The root's and the body's sizes and the document's scroll position; other elements have
    // no box here (their figures stay missing, as before).
    const ofRoot = (el) => (el === doc.documentElement ? view.html : el === doc.body ? view.body : null);
    for (const name of ['clientWidth', 'clientHeight', 'scrollWidth', 'scrollHeight']) {
      Object.defineProperty(E, name, { configurable: true, get() { return ofRoot(this)?.[name]; } });
    }
    Object.defineProperty(doc, 'scrollingElement', { configurable: true, get: () => doc.documentElement });
  }
  // An element's scroll position: the root's is the window's (with the read); setting it scrolls.
  const position = (el, axis) => (view === null ? undefined : el === doc.documentElement ? view[axis] : el === doc.body ? 0 : undefined);
  Object.defineProperty(E, 'scrollTop', { configurable: true, get() { return position(this, 'scrollY'); }, set(v) { scrollTo(scroller(this), 'setting scrollTop', { by: false, behavior: 'auto', top: number(v) }); } });
  Object.defineProperty(E, 'scrollLeft', { configurable: true, get() { return position(this, 'scrollX'); }, set(v) { scrollTo(scroller(this), 'setting scrollLeft', { by: false, behavior: 'auto', left: number(v) }); } });
  muted = false;
}
