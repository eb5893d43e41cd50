'use strict';
// The page side of a userscript's replica (content/replica-layer.js is the sandbox side): it
// sends the page as data (a snapshot, then the page's changes), applies the script's changes
// only as policy allows, and turns the page's events into data for the script's listeners.
//
// This is the boundary. Every operation from the sandbox is hostile input: an id it names must
// be one this side gave or one the script made in this batch; an element is made only from
// the policy's tags, an attribute set or removed only by its (element, attribute) rule
// (userscript-dom.js), a node moved or removed only out of and into elements that are not
// sealed, never `<html>`, `<head>` or `<body>`; a listener only for the policy's events. What
// is refused is reported to the script and, when it may read the page, the replica is
// corrected from the page. Without "reads this page" the snapshot is an empty document, the
// page's changes and events are never sent, and nothing this side answers depends on the page.
// Password fields' values, comments, shadow roots, frames' documents and the elements that hold
// Paranoid's own sandbox frames are never sent.

/* exported paranoidReplicaHost, paranoidReplicaInit, paranoidReplicaLayerCall */
/* global paranoidExtension, paranoidPolicy, paranoidDomAttribute, paranoidDomAttributeRule, paranoidIsOwnNode */

/**
 * @param {{ read: boolean, write: boolean, post: (message: object, setup?: boolean) => Promise<any> }} options
 *   `post` with `setup` for the snapshot: the sandbox's set-up, before the script runs
 */
function paranoidReplicaHost({ read, write, post }) {
  const policy = paranoidPolicy().dom;
  const limits = policy.limits;
  const tags = new Set(policy.tags);
  const sealed = new Set(policy.sealed);
  const events = new Set(policy.events);
  const XHTML = 'http://www.w3.org/1999/xhtml';
  // A frame's document and a shadow root are not the page's tree; a template's content is not either.
  const OPAQUE = ['iframe', 'frame', 'object', 'embed', 'template'];
  const ids = new WeakMap();
  const nodes = new Map();
  let next = 1;
  let listeners = 0;
  const idOf = (node) => {
    let id = ids.get(node);
    if (id === undefined) { id = next++; ids.set(node, id); nodes.set(id, node); }
    return id;
  };
  const forget = (node) => {
    const id = ids.get(node);
    if (id === undefined) return;
    ids.delete(node); nodes.delete(id);
    for (const c of node.childNodes) forget(c);
  };
  const isPassword = (el) => el !== null && typeof el === 'object' && el.localName === 'input' && String(el.type).toLowerCase() === 'password';
  // An element's shadow root, closed ones too (the browsers let an extension see them).
  const shadowOf = (el) => el.openOrClosedShadowRoot ?? paranoidExtension.dom?.openOrClosedShadowRoot?.(el) ?? el.shadowRoot ?? null;
  /** The focused element, down through shadow roots. */
  const deepFocus = () => {
    let at = document.activeElement;
    for (let depth = 0; at && depth < 32; depth++) {
      let root = null;
      try { root = shadowOf(at); } catch { root = null; }
      if (!root || !root.activeElement) break;
      at = root.activeElement;
    }
    return at;
  };
  const attributesOf = (el) => {
    const out = [];
    for (const a of el.attributes) if (!(a.name === 'value' && isPassword(el))) out.push([a.name, a.value]);
    return out;
  };
  let budget = 0;
  /**
   * A page node as data without its children, or null for one that is not sent (comments);
   * counts toward the budget. Without "reads this page" an element carries no attributes.
   */
  const describe = (node) => {
    if (node.nodeType === Node.TEXT_NODE) { budget--; return { i: idOf(node), x: node.data }; }
    // Comments are not sent, nor the sandboxes' own frames (their hosts are the page's children).
    if (node.nodeType !== Node.ELEMENT_NODE || paranoidIsOwnNode(node)) return null;
    if (--budget < 0) throw new RangeError(`the page has over ${limits.replicaNodes} nodes: too many for a replica`);
    const out = { i: idOf(node), t: node.localName, a: read ? attributesOf(node) : [], c: [] };
    if (node.namespaceURI !== XHTML) out.n = node.namespaceURI === 'http://www.w3.org/1998/Math/MathML' ? 'math' : 'svg';
    if (read && (node.localName === 'input' || node.localName === 'textarea' || node.localName === 'select') && !isPassword(node) && typeof node.value === 'string') out.v = node.value;
    return out;
  };
  /** A page node and what it holds (not a frame's, a template's or an embed's), as data. */
  const serialize = (node) => {
    const out = describe(node);
    if (out !== null && out.t !== undefined && !OPAQUE.includes(node.localName)) {
      for (const c of node.childNodes) { const s = serialize(c); if (s) out.c.push(s); }
    }
    return out;
  };
  const ref = (node) => (ids.has(node) ? ids.get(node) : serialize(node));
  const kidsRefs = (el) => [...el.childNodes].map(ref).filter((r) => r !== null);

  /**
   * The page as the script first sees it, as the root's id and attributes and then `kids`
   * operations, parents before children (the sandbox builds its replica from them as from
   * any page change): all of it, or with no read grant an empty `<head>` and `<body>`.
   */
  const snapshot = () => {
    const html = document.documentElement;
    budget = limits.replicaNodes;
    const root = { i: idOf(html), a: read ? attributesOf(html) : [] };
    if (!read) return { root, ops: [['kids', root.i, [document.head, document.body].filter(Boolean).map(describe)]] };
    const ops = [];
    const queue = [html];
    for (let at = 0; at < queue.length; at++) {
      const el = queue[at];
      const kids = [];
      for (const c of el.childNodes) {
        const s = describe(c);
        if (s === null) continue;
        kids.push(s);
        if (c.nodeType === Node.ELEMENT_NODE && !OPAQUE.includes(c.localName) && c.firstChild) queue.push(c);
      }
      if (kids.length > 0) ops.push(['kids', ids.get(el), kids]);
    }
    return { root, ops };
  };
  const place = () => {
    const l = document.location;
    return { href: l.href, origin: l.origin, protocol: l.protocol, host: l.host, hostname: l.hostname, port: l.port, pathname: l.pathname, search: l.search, hash: l.hash };
  };
  /** The address as a script that may not read the page has it: the origin, no path. */
  const origin = () => {
    const l = document.location;
    return { href: `${l.origin}/`, origin: l.origin, protocol: l.protocol, host: l.host, hostname: l.hostname, port: l.port, pathname: '/', search: '', hash: '' };
  };

  // --- the page's changes, to the sandbox ---------------------------------------------------
  // One queue, in order: the snapshot's operations first (`open`), then every change, so that
  // no change reaches the sandbox before the nodes it names.
  let opened;
  let queue = new Promise((resolve) => { opened = resolve; });
  const send = (ops) => { queue = queue.then(() => sendNow(ops)).catch(() => {}); return queue; };
  /** One operation, when there is one (`moved` and `viewChange` answer null for no change). */
  const sendOp = (op) => { if (op !== null) send([op]); };
  const open = (first) => { const done = sendNow(first, true); opened(done); return done; };
  const sendNow = async (ops, setup = false) => {
    let batch = [];
    let chars = 0;
    for (const op of ops) {
      const size = JSON.stringify(op).length;
      if (batch.length >= limits.replicaOpsPerMessage || (batch.length > 0 && chars + size > limits.replicaMessageChars)) {
        await post({ dom: 'page', ops: batch }, setup); batch = []; chars = 0;
      }
      batch.push(op); chars += size;
    }
    if (batch.length > 0) await post({ dom: 'page', ops: batch }, setup);
  };
  // The page's address as the replica last heard it, and how long its history was then: a
  // move the observer finds (the site's pushState or replaceState, which fire no event) is a
  // push when the history grew, and one that changes only the fragment is told as a traversal,
  // as the browser fires popstate and hashchange for it. Events here are only hints: the
  // address is read again each time, so a page that fires them itself moves nothing.
  let lastHref = document.location.href;
  let lastLength = history.length;
  const moved = (how) => {
    const href = document.location.href;
    if (href === lastHref) return null;
    const was = lastHref.split('#')[0];
    lastHref = href;
    const grew = history.length > lastLength;
    lastLength = history.length;
    const kind = how ?? (href.split('#')[0] === was ? 'pop' : grew ? 'push' : 'replace');
    return ['url', place(), kind, history.length];
  };
  const changesOf = (records) => {
    const parents = new Set();
    const attrs = [];
    const texts = new Set();
    const removed = new Set();
    for (const r of records) {
      if (r.type === 'childList') { parents.add(r.target); for (const n of r.removedNodes) removed.add(n); }
      else if (r.type === 'attributes') attrs.push([r.target, r.attributeName]);
      else if (r.type === 'characterData') texts.add(r.target);
    }
    const ops = [];
    budget = limits.replicaNodes - nodes.size;
    for (const p of parents) if (ids.has(p) && p.isConnected) ops.push(['kids', ids.get(p), kidsRefs(p)]);
    for (const [el, name] of attrs) {
      if (!ids.has(el) || !el.isConnected || (name === 'value' && isPassword(el))) continue;
      ops.push(['attr', ids.get(el), name, el.getAttribute(name)]);
    }
    for (const t of texts) if (ids.has(t) && t.isConnected) ops.push(['text', ids.get(t), t.data]);
    for (const n of removed) if (!n.isConnected) forget(n);
    const url = read ? moved(null) : null;
    if (url !== null) ops.push(url);
    return ops;
  };
  const forward = (records) => {
    try {
      const ops = changesOf(records);
      if (ops.length > 0) { send(ops); viewSoon(); }
    } catch (error) {
      post({ dom: 'refused', reasons: [`the page: ${error.message}`] });
    }
  };
  const observer = new MutationObserver(forward);
  /** Tells the replica how far the page has loaded (it fires what it has not yet fired). */
  const ready = () => { if (document.readyState !== 'loading') send([['ready', document.readyState]]); };
  /**
   * The changes the observer holds yet, and how far the page has loaded, sent now: the
   * replica is current once the promise settles (a run posted after it finds it so).
   */
  const catchUp = () => {
    if (read) { const records = observer.takeRecords(); if (records.length > 0) forward(records); }
    ready();
    return queue;
  };
  const following = [];
  // --- the viewport -------------------------------------------------------------------------
  // Its figures, for a script that reads the page: the window's size and scroll position, the
  // document's scrolled size, the screen's. Kept current at most once a scroll period (they
  // are layout reads, made here in a timer task rather than inside the page's own work), and
  // always just before an event is told, so that a scroll listener reads where the page is.
  const view = () => {
    const html = document.documentElement;
    const body = document.body;
    return {
      innerWidth: window.innerWidth, innerHeight: window.innerHeight, outerWidth: window.outerWidth, outerHeight: window.outerHeight,
      scrollX: Math.round(window.scrollX), scrollY: Math.round(window.scrollY), devicePixelRatio: window.devicePixelRatio,
      screen: { width: screen.width, height: screen.height, availWidth: screen.availWidth, availHeight: screen.availHeight, colorDepth: screen.colorDepth, pixelDepth: screen.pixelDepth },
      html: html ? { clientWidth: html.clientWidth, clientHeight: html.clientHeight, scrollWidth: html.scrollWidth, scrollHeight: html.scrollHeight } : null,
      body: body ? { clientWidth: body.clientWidth, clientHeight: body.clientHeight, scrollWidth: body.scrollWidth, scrollHeight: body.scrollHeight } : null,
    };
  };
  let toldView = read ? JSON.stringify(view()) : '';
  /** The viewport as an operation, or null when the script last heard it as it is. */
  const viewChange = () => {
    if (!read) return null;
    const now = view();
    const text = JSON.stringify(now);
    if (text === toldView) return null;
    toldView = text;
    return ['view', now];
  };
  let viewTimer = null;
  const viewSoon = () => {
    if (!read || viewTimer !== null) return;
    viewTimer = setTimeout(() => { viewTimer = null; sendOp(viewChange()); }, policy.scrollEventMs);
  };

  const start = () => {
    if (!read) return;
    observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
    const url = () => sendOp(moved('pop'));
    for (const [target, type, f] of [[document, 'DOMContentLoaded', ready], [window, 'load', ready], [window, 'popstate', url], [window, 'hashchange', url],
      [window, 'scroll', viewSoon], [window, 'resize', viewSoon]]) {
      target.addEventListener(type, f, { passive: true });
      following.push(() => target.removeEventListener(type, f, { passive: true }));
    }
  };
  const stop = () => { observer.disconnect(); for (const f of following.splice(0)) f(); clearTimeout(viewTimer); viewTimer = null; };

  // --- the script's changes, to the page ----------------------------------------------------
  const isRoot = (node) => node === document.documentElement || node === document.head || node === document.body;
  const writableParent = (node) => node && node.nodeType === Node.ELEMENT_NODE && !sealed.has(node.localName) && node.namespaceURI === XHTML;
  /** Makes the script's new subtree `s` from the policy's tags; refusals go to `refusals`. */
  const build = (s, made, refusals) => {
    if (typeof s !== 'object' || s === null) throw new TypeError('a node is an object');
    if (s.r !== undefined) {
      const node = nodes.get(s.r) ?? made.get(s.r);
      if (!node) throw new TypeError(`no node ${String(s.r).slice(0, 20)}`);
      movable(node);
      return node;
    }
    if (!Number.isSafeInteger(s.i) || s.i >= 0 || nodes.has(s.i) || made.has(s.i)) throw new TypeError('a new node needs a new negative id');
    if (typeof s.x === 'string') { const t = document.createTextNode(s.x); made.set(s.i, t); return t; }
    const tag = String(s.t).toLowerCase();
    if (s.n !== undefined && s.n !== XHTML) throw new TypeError(`<${tag.slice(0, 40)}> is not an HTML element, and only HTML elements can be made`);
    if (!tags.has(tag)) throw new TypeError(`<${tag.slice(0, 40)}> cannot be made`);
    const el = document.createElement(tag);
    made.set(s.i, el);
    for (const pair of Array.isArray(s.a) ? s.a : []) {
      try {
        const { name, value } = paranoidDomAttribute(el, pair[0], pair[1]);
        el.setAttribute(name, value);
      } catch (error) { refusals.push(error.message); }
    }
    for (const c of Array.isArray(s.c) ? s.c : []) {
      try { el.append(build(c, made, refusals)); } catch (error) { refusals.push(error.message); }
    }
    return el;
  };
  const movable = (node) => {
    if (isRoot(node)) throw new TypeError('<html>, <head> and <body> stay where they are');
    if (node.nodeType === Node.ELEMENT_NODE && sealed.has(node.localName)) throw new TypeError(`<${node.localName}> cannot be moved`);
    if (node.parentNode && node.parentNode.nodeType === Node.ELEMENT_NODE && !writableParent(node.parentNode)) throw new TypeError(`what is in <${node.parentNode.localName}> cannot be moved`);
  };
  const told = new WeakSet();
  const listen = (target, type, lookup) => {
    if (!read) throw new TypeError('listening to the page needs "reads this page"');
    if (!events.has(type)) throw new TypeError(`the event ${String(type).slice(0, 40)} cannot be listened to`);
    const node = target === 'document' ? document : target === 'window' ? window : lookup(target);
    if (!node) throw new TypeError('no such node');
    if (listeners >= limits.listeners) throw new RangeError(`over ${limits.listeners} listeners`);
    listeners++;
    // The script's handler runs later, in its sandbox: it cannot cancel the event in time. On
    // an element the script made itself (a negative id), for events on what the script made,
    // the default is prevented, as the scripts that add a link or a button with a listener
    // mean; on the page's own elements it always happens (docs/userscripts.md).
    // Clicks only: a key's default on the script's own text box is the typing itself.
    const own = typeof target === 'number' && target < 0 && (type === 'click' || type === 'dblclick');
    // Scrolling fires every frame, and a page may fire `resize` in a loop: each told at most
    // once a period, and the last one always.
    let lastTold = -Infinity;
    let trailing = null;
    let latest = null;
    const handle = (event) => {
      if (type === 'scroll' || type === 'resize') {
        const wait = lastTold + policy.scrollEventMs - performance.now();
        latest = event;
        if (wait > 0) { trailing ??= setTimeout(() => { trailing = null; handle(latest); }, wait); return; }
        lastTold = performance.now();
      }
      if (own && event.cancelable && ids.get(event.target) < 0) event.preventDefault();
      // One event is told once, however many of its path's nodes the script listens on: the
      // replica dispatches it along its own path (the outermost listener, capturing, tells it).
      if (told.has(event)) return;
      told.add(event);
      // What the page changed before the event reaches the replica first, as natively the
      // page is as it is when the event fires (not while the script's own batch is applied:
      // an event it fires then is told after the batch, whose changes are not sent back).
      if (read && !applying) { const records = observer.takeRecords(); if (records.length > 0) forward(records); }
      const t = event.target;
      const where = ids.has(t) ? ids.get(t) : t === document ? 'document' : t === window ? 'window' : target;
      const data = { type: event.type, target: where, bubbles: event.bubbles, cancelable: event.cancelable };
      // What is typed into a password field is never told: not its keys, wherever the field is
      // (a shadow root, open or closed, retargets the event to its host), nor its value.
      const secret = isPassword(t) || isPassword(deepFocus());
      for (const k of ['key', 'code', 'keyCode', 'which', 'charCode', 'repeat', 'button', 'buttons', 'clientX', 'clientY', 'pageX', 'pageY', 'altKey', 'ctrlKey', 'shiftKey', 'metaKey']) {
        if (secret && (k === 'key' || k === 'code' || k === 'keyCode' || k === 'which' || k === 'charCode')) continue;
        if (k in event && ['string', 'number', 'boolean'].includes(typeof event[k])) data[k] = event[k];
      }
      // The selected text, for the scripts that act on it (never while a password field has
      // the focus; the page's selection of a password field's text is empty anyway).
      if (!secret) {
        const text = String(window.getSelection?.() ?? '');
        if (text !== '' || type === 'mouseup' || type === 'keyup') data.selection = text.slice(0, limits.eventValue);
      }
      if (t && t.nodeType === Node.ELEMENT_NODE && !secret) {
        if (typeof t.value === 'string' && (t.localName === 'input' || t.localName === 'textarea' || t.localName === 'select')) data.value = t.value.slice(0, limits.eventValue);
        if (typeof t.checked === 'boolean') data.checked = t.checked;
      }
      // In the same queue as the page's changes, so that it cannot overtake them; the viewport
      // as it is now first.
      sendOp(viewChange());
      queue = queue.then(() => post({ dom: 'event', event: data })).catch(() => {});
    };
    node.addEventListener(type, handle, { capture: true });
  };
  /**
   * A scroll the script asked for (`scrollIntoView()`, `scrollTo()`, `scrollBy()`, setting
   * `scrollTop`): the window's or one of the page's elements', with every figure checked. The
   * page scrolls as if the user had; nothing loads or runs that a user's scroll would not make
   * the page's own code do.
   */
  const scroll = (subject, what) => {
    if (what === null || typeof what !== 'object') throw new TypeError('a scroll is an object');
    if (subject !== window && (!subject || subject.nodeType !== Node.ELEMENT_NODE || !subject.isConnected)) throw new TypeError('no such element to scroll');
    const behavior = PARANOID_SCROLL_BEHAVIORS.includes(what.behavior) ? what.behavior : 'auto';
    if (what.into === true) {
      if (subject === window) throw new TypeError('the window does not scroll into view');
      const align = (v, fallback) => (PARANOID_SCROLL_ALIGNS.includes(v) ? v : fallback);
      subject.scrollIntoView({ block: align(what.block, 'start'), inline: align(what.inline, 'nearest'), behavior });
      return;
    }
    const options = { behavior };
    for (const k of ['left', 'top']) if (typeof what[k] === 'number' && Number.isFinite(what[k])) options[k] = what[k];
    if (what.by === true) subject.scrollBy(options); else subject.scrollTo(options);
  };
  /**
   * Applies one batch of the script's operations. Returns what was refused (messages); with
   * the read grant, what it refused is put right in the replica from the page.
   */
  let applying = false;
  const apply = (ops) => {
    if (!Array.isArray(ops)) return;
    applying = true;
    try { applyNow(ops); } finally { applying = false; }
  };
  const applyNow = (ops) => {
    // What the page changed before this batch reaches the sandbox first; what this batch
    // changes is not sent back.
    const pending = changesOf(read ? observer.takeRecords() : []);
    const refusals = [];
    const detached = [];
    const made = new Map();
    const fix = new Set();
    const fixAttrs = [];
    const fixTexts = new Set();
    const node = (id) => nodes.get(id) ?? made.get(id) ?? null;
    for (const op of ops) {
      if (!Array.isArray(op)) { refusals.push('an operation is a list'); continue; }
      const [kind, a, b, c] = op;
      try {
        if (!write && kind !== 'listen') throw new TypeError('changing the page needs "changes this page"');
        if (kind === 'create') build(a, made, refusals);
        else if (kind === 'insert') {
          const parent = node(a);
          const child = node(b);
          const before = c === null ? null : node(c);
          if (!writableParent(parent)) { if (parent) fix.add(parent); throw new TypeError(`<${parent?.localName ?? 'nothing'}> cannot be changed`); }
          if (!child) { fix.add(parent); throw new TypeError('no such node to insert'); }
          if (child.nodeType === Node.ELEMENT_NODE && child.contains(parent)) { fix.add(parent); throw new TypeError('a node cannot go into itself'); }
          if (c !== null && (!before || before.parentNode !== parent)) { fix.add(parent); throw new TypeError('the node to insert before is not there'); }
          if (nodes.has(b)) { try { movable(child); } catch (error) { fix.add(parent); if (child.parentNode) fix.add(child.parentNode); throw error; } }
          parent.insertBefore(child, before);
        } else if (kind === 'detach') {
          const child = node(a);
          if (!child) throw new TypeError('no such node to remove');
          if (nodes.has(a)) { try { movable(child); } catch (error) { if (child.parentNode) fix.add(child.parentNode); throw error; } }
          child.remove();
          // Forgotten at the end of the batch if it is still out of the page: a move is a detach
          // then an insert of the same node.
          detached.push(child);
        } else if (kind === 'attr') {
          const el = node(a);
          if (!el || el.nodeType !== Node.ELEMENT_NODE) throw new TypeError('no such element');
          try {
            if (c === null) { const { n } = paranoidDomAttributeRule(el, b); el.removeAttribute(n); }
            else { const { name, value } = paranoidDomAttribute(el, b, c); el.setAttribute(name, value); }
          } catch (error) { fixAttrs.push([el, String(b)]); throw error; }
        } else if (kind === 'text') {
          const t = node(a);
          if (!t || t.nodeType !== Node.TEXT_NODE) throw new TypeError('no such text');
          if (t.parentNode && !writableParent(t.parentNode)) { fixTexts.add(t); throw new TypeError(`the text of <${t.parentNode.localName}> cannot be changed`); }
          t.data = String(b);
        } else if (kind === 'listen') listen(a, b, node);
        else if (kind === 'scroll') scroll(a === 'window' ? window : node(a), b);
        else throw new TypeError(`${String(kind).slice(0, 20)} is not an operation`);
      } catch (error) {
        refusals.push(error.message);
      }
    }
    // A node the script made is the page's from now on if it is in the page (under the id the
    // sandbox gave it); one made and not put in the page is dropped, and its id with it.
    for (const [id, n] of made) if (n.isConnected && !ids.has(n)) { ids.set(n, id); nodes.set(id, n); }
    for (const n of detached) if (!n.isConnected) forget(n);
    if (read) observer.takeRecords();
    const out = [...pending];
    if (read) {
      budget = limits.replicaNodes - nodes.size;
      // Whole subtrees, not references: the sandbox forgets what it detached, and a refused
      // detach must bring it back whole.
      for (const p of fix) if (ids.has(p) && p.isConnected) out.push(['kids', ids.get(p), [...p.childNodes].map(serialize).filter((c) => c !== null)]);
      for (const [el, name] of fixAttrs) if (ids.has(el) && !(name === 'value' && isPassword(el))) out.push(['attr', ids.get(el), name, el.getAttribute(name)]);
      for (const t of fixTexts) if (ids.has(t)) out.push(['text', ids.get(t), t.data]);
    }
    if (out.length > 0) send(out);
    if (refusals.length > 0) post({ dom: 'refused', reasons: refusals.slice(0, 20).map((r) => String(r).slice(0, 300)) });
  };

  /** The script moved the address itself: its replica hears the browser's reading of it only. */
  const movedByScript = () => { if (read) sendOp(moved('self')); };
  return { snapshot, place, origin, view: () => (read ? JSON.parse(toldView) : null), start, stop, apply, open, ready, catchUp, movedByScript };
}

/** The scrolls' behaviours and alignments: the layer offers these, the host applies only these. */
const PARANOID_SCROLL_BEHAVIORS = ['auto', 'smooth', 'instant'];
const PARANOID_SCROLL_ALIGNS = ['start', 'center', 'end', 'nearest'];

/**
 * What the sandbox's replica layer starts from: the page's root as the host's snapshot gave it,
 * the script's powers, and the limits both sides count. A document-start script expects to see
 * the page load: if the sandbox came too late for that, the replica says `loading` until the
 * script has run, then loads. Without "reads this page" the address is only the page's origin.
 * @param {{ place: () => object, origin: () => object }} host what `paranoidReplicaHost` made
 * @param {object} root the snapshot's root
 * @param {{ read: boolean, write: boolean, navigate: boolean, runAt: string, urlchange: boolean }} script
 */
function paranoidReplicaInit(host, root, { read, write, navigate, runAt, urlchange }) {
  const dom = paranoidPolicy().dom;
  const limits = paranoidPolicy().userscripts;
  return {
    read, write, navigate, events: dom.events, root,
    alertsPerMinute: limits.alertsPerMinute, alertTextMax: limits.alertTextMax,
    location: read ? host.place() : host.origin(), historyLength: read ? history.length : 1, urlchange, view: host.view(),
    readyState: runAt === 'document-start' ? 'loading' : document.readyState,
    opsPerMessage: dom.limits.replicaOpsPerMessage, messageChars: dom.limits.replicaMessageChars,
    scroll: { behaviors: PARANOID_SCROLL_BEHAVIORS, aligns: PARANOID_SCROLL_ALIGNS },
  };
}

/** The set-up script that starts the replica's layer in the sandbox (data only: JSON in a string). */
function paranoidReplicaLayerCall(init) {
  return `paranoidReplicaLayer(JSON.parse(${JSON.stringify(JSON.stringify(init))}));`;
}
