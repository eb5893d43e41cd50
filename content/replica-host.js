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

/* exported paranoidOpenReplica */
/* global paranoidExtension, paranoidPolicy, paranoidDomAttribute, paranoidDomAttributeRule, paranoidIsOwnNode */

/**
 * @param {{ read: boolean, write: boolean, press: boolean, navigate: boolean, post: (message: object, setup?: boolean) => Promise<any> }} options
 *   `press`: the script may click, focus and send input events to the page's elements;
 *   `navigate`: a click of its may follow a link or submit a form; `post` with `setup` for the
 *   snapshot: the sandbox's set-up, before the script runs
 */
function paranoidReplicaHost({ read, write, press, navigate, post }) {
  const policy = paranoidPolicy().dom;
  const limits = policy.limits;
  const tags = new Set(policy.tags);
  const sealed = new Set(policy.sealed);
  const events = new Set(policy.events);
  const pressEvents = new Set(policy.pressEvents);
  const XHTML = 'http://www.w3.org/1999/xhtml';
  // A frame's document and a shadow root are not the page's tree; a template's content is not either.
  const OPAQUE = ['iframe', 'frame', 'object', 'embed', 'template'];
  // The page's nodes are read through this world's prototypes: a form's named controls shadow
  // its own properties (`<input name="parentNode">` is `form.parentNode`), a document's named
  // elements its own (`<img name="baseURI">`).
  const getter = (proto, name) => Object.getOwnPropertyDescriptor(proto, name).get;
  const method = (proto, name) => Object.getOwnPropertyDescriptor(proto, name).value;
  const call = (proto, name, target, ...args) => Reflect.apply(method(proto, name), target, args);
  const read1 = (proto, name, target) => Reflect.apply(getter(proto, name), target, []);
  const write1 = (proto, name, target, value) => Reflect.apply(Object.getOwnPropertyDescriptor(proto, name).set, target, [value]);
  // What every node of the page goes through (the snapshot, the page's changes), looked up once.
  const NODE_TYPE = getter(Node.prototype, 'nodeType');
  const PARENT_NODE = getter(Node.prototype, 'parentNode');
  const CHILD_NODES = getter(Node.prototype, 'childNodes');
  const IS_CONNECTED = getter(Node.prototype, 'isConnected');
  const LOCAL_NAME = getter(Element.prototype, 'localName');
  const NAMESPACE_URI = getter(Element.prototype, 'namespaceURI');
  const ATTRIBUTES = getter(Element.prototype, 'attributes');
  const GET_ATTRIBUTE = method(Element.prototype, 'getAttribute');
  const attr = (el, name) => Reflect.apply(GET_ATTRIBUTE, el, [name]);
  const kindOf = (n) => Reflect.apply(NODE_TYPE, n, []);
  const parentOf = (n) => Reflect.apply(PARENT_NODE, n, []);
  const tagOf = (el) => Reflect.apply(LOCAL_NAME, el, []);
  const nsOf = (el) => Reflect.apply(NAMESPACE_URI, el, []);
  const kidsOf = (n) => Reflect.apply(CHILD_NODES, n, []);
  const connectedOf = (n) => Reflect.apply(IS_CONNECTED, n, []);
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
    for (const c of kidsOf(node)) forget(c);
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
    for (const a of Reflect.apply(ATTRIBUTES, el, [])) if (!(a.name === 'value' && isPassword(el))) out.push([a.name, a.value]);
    return out;
  };
  let budget = 0;
  /**
   * A page node as data without its children, or null for one that is not sent (comments);
   * counts toward the budget. Without "reads this page" an element carries no attributes.
   */
  const describe = (node) => {
    const kind = kindOf(node);
    if (kind === Node.TEXT_NODE) { budget--; return { i: idOf(node), x: node.data }; }
    // Comments are not sent, nor the sandboxes' own frames (their hosts are the page's children).
    if (kind !== Node.ELEMENT_NODE || paranoidIsOwnNode(node)) return null;
    if (--budget < 0) throw new RangeError(`the page has over ${limits.replicaNodes} nodes: too many for a replica`);
    const tag = tagOf(node);
    const ns = nsOf(node);
    const out = { i: idOf(node), t: tag, a: read ? attributesOf(node) : [], c: [] };
    if (ns !== XHTML) out.n = ns === 'http://www.w3.org/1998/Math/MathML' ? 'math' : 'svg';
    if (read && (tag === 'input' || tag === 'textarea' || tag === 'select') && !isPassword(node) && typeof node.value === 'string') out.v = node.value;
    return out;
  };
  /** A page node and what it holds (not a frame's, a template's or an embed's), as data. */
  const serialize = (node) => {
    const out = describe(node);
    if (out !== null && out.t !== undefined && !OPAQUE.includes(out.t)) {
      for (const c of kidsOf(node)) { const s = serialize(c); if (s) out.c.push(s); }
    }
    return out;
  };
  const ref = (node) => (ids.has(node) ? ids.get(node) : serialize(node));
  const kidsRefs = (el) => [...kidsOf(el)].map(ref).filter((r) => r !== null);

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
      for (const c of kidsOf(el)) {
        const s = describe(c);
        if (s === null) continue;
        kids.push(s);
        if (s.t !== undefined && !OPAQUE.includes(s.t) && kidsOf(c).length > 0) queue.push(c);
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
    for (const p of parents) if (ids.has(p) && connectedOf(p)) ops.push(['kids', ids.get(p), kidsRefs(p)]);
    for (const [el, name] of attrs) {
      if (!ids.has(el) || !connectedOf(el) || (name === 'value' && isPassword(el))) continue;
      ops.push(['attr', ids.get(el), name, attr(el, name)]);
    }
    for (const t of texts) if (ids.has(t) && connectedOf(t)) ops.push(['text', ids.get(t), t.data]);
    for (const n of removed) if (!connectedOf(n)) forget(n);
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
  const stop = () => {
    observer.disconnect(); for (const f of following.splice(0)) f(); clearTimeout(viewTimer); viewTimer = null;
    if (navigation !== null && typeof navigation.removeEventListener === 'function') navigation.removeEventListener('navigate', guardNavigation);
  };

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
      // What the script's own press caused, it has heard already in its replica.
      if (pressing) return;
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
  // --- pressing the page ----------------------------------------------------------------
  // A script given "presses this page's buttons" clicks, focuses and sends the policy's input
  // events (PRESS_EVENTS) to the page's elements, so that the site's own code acts as it would
  // for the user. The event is made here, of the class its type names, from plain fields; the
  // page's methods are called through this world's prototypes (a form's named controls shadow
  // its own properties: `<input name="action">` is `form.action`). A click runs its element's
  // default action, as the user's would, except one that would follow a link to another page
  // or submit a form, which only a script that may also open pages gets, to an http(s)
  // address: for any other the event reaches the page already cancelled (its listeners run; the
  // browser follows or submits nothing) and the script is told why.
  let pressing = false;
  // When the last presses were made (each runs the page's listeners in the page's own task).
  const pressTimes = [];
  // While a press runs, a navigation that the page's own code starts as it hears it (a button
  // whose listener assigns `location`, a card that clicks the link inside it) is held back for
  // a script that may not open pages, unless it stays in the document (a fragment, the site's
  // own pushState); for one that may, unless it goes to an http(s) page. Where the browser has
  // the Navigation API (its `navigate` event can be cancelled); a navigation the page starts
  // later, from a timer, is not seen (THREAT_MODEL.md).
  let heldNavigation = false;
  const guardNavigation = (event) => {
    if (!pressing || !event.cancelable) return;
    const destination = event.destination?.url;
    const web = typeof destination === 'string' && destination !== '' && webAddress(destination) !== null;
    const stays = event.destination?.sameDocument === true && (event.downloadRequest ?? null) === null;
    if (navigate ? web : stays) return;
    event.preventDefault();
    heldNavigation = true;
  };
  const navigation = press ? globalThis.navigation ?? null : null;
  if (navigation !== null && typeof navigation.addEventListener === 'function') navigation.addEventListener('navigate', guardNavigation);
  const webAddress = (text) => {
    let url;
    try { url = new URL(text ?? '', read1(Node.prototype, 'baseURI', document)); } catch { return null; }
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  };
  const SVG = 'http://www.w3.org/2000/svg';
  const XLINK = 'http://www.w3.org/1999/xlink';
  /** A link's address as written: `href`, and out of HTML `xlink:href` too; or null. */
  const hrefOf = (n) => attr(n, 'href') ?? (nsOf(n) === XHTML ? null : call(Element.prototype, 'getAttributeNS', n, XLINK, 'href'));
  /**
   * Why a link may not be followed, or null: one to a place in this page moves nothing (unless
   * it downloads, pings or names another window).
   */
  const linkLeaves = (n, plain) => {
    const href = hrefOf(n);
    if (href === null) return null;
    const url = webAddress(href);
    const here = url !== null && href.includes('#') && url.href.split('#')[0] === location.href.split('#')[0];
    // A link without a target of its own opens where the page's `<base target>` says.
    const base = call(Document.prototype, 'querySelector', document, 'base[target]');
    const target = (attr(n, 'target') ?? (base === null ? '' : attr(base, 'target') ?? '')).toLowerCase();
    // A click with a modifier key or another button than the first may open a tab or window.
    if (here && plain && attr(n, 'download') === null && attr(n, 'ping') === null && (target === '' || target === '_self')) return null;
    if (!navigate) return 'following a link needs "opens pages"';
    return url === null ? `a link to ${String(href).slice(0, 60)} is not followed: only http(s) pages are opened` : null;
  };
  /** Why a submit button may not submit its form, with the form and the button; or null. */
  const buttonLeaves = (n) => {
    const proto = tagOf(n) === 'button' ? HTMLButtonElement.prototype : HTMLInputElement.prototype;
    const type = read1(proto, 'type', n);
    if (read1(proto, 'disabled', n) || (type !== 'submit' && type !== 'image')) return null;
    const form = read1(proto, 'form', n);
    const why = form === null ? null : submits(form, n);
    return why === null ? null : { why, form, submitter: n };
  };
  /**
   * The next node of an event's path, as the DOM standard's "get the parent" has it: the slot
   * a node is assigned to (in an open or closed shadow root), a shadow root's host, else the
   * parent. Paths cross shadow trees, and so do the links a click may follow.
   */
  const pathParent = (n) => {
    const p = parentOf(n);
    if (p !== null && kindOf(p) === Node.ELEMENT_NODE) {
      let root = null;
      try { root = shadowOf(p); } catch { root = null; }
      if (root !== null) {
        for (const slot of call(DocumentFragment.prototype, 'querySelectorAll', root, 'slot')) {
          if (call(HTMLSlotElement.prototype, 'assignedNodes', slot).includes(n)) return slot;
        }
      }
      return p;
    }
    if (p !== null && kindOf(p) === Node.DOCUMENT_FRAGMENT_NODE && p instanceof ShadowRoot) return read1(ShadowRoot.prototype, 'host', p);
    return p;
  };
  /**
   * Why a click on `el` may not have its default, or null: `{ why }` when it may not happen
   * at all, `{ why, form, submitter }` when what may not happen is only the form's
   * submission. By the HTML standard's activation behaviour the default is that of the
   * element or of its nearest ancestor on the event's path that has one; every node of the
   * path is looked at here, not only the nearest (browsers differ on a button in a link), and
   * a label's control is walked as a click of its own (the browser clicks it). `plain`: no
   * modifier key, the first button.
   */
  const leaves = (el, plain, depth = 0) => {
    let n = el;
    let submission = null;
    for (; n !== null && depth < 4096; depth++) {
      if (kindOf(n) !== Node.ELEMENT_NODE) return submission;
      const tag = tagOf(n);
      const ns = nsOf(n);
      let why = null;
      // Out of HTML any element with an address is taken for a link (SVG's `<a>`; MathML's
      // `href` on any element, which Firefox follows).
      if (ns === XHTML ? tag === 'a' || tag === 'area' : hrefOf(n) !== null) why = linkLeaves(n, plain);
      else if (ns === XHTML && (tag === 'button' || tag === 'input')) submission ??= buttonLeaves(n);
      else if (ns === XHTML && tag === 'label') {
        const control = read1(HTMLLabelElement.prototype, 'control', n);
        if (control !== null && control !== el) {
          const inner = leaves(control, plain, depth + 1);
          if (inner !== null && inner.form === undefined) return inner;
          submission ??= inner;
        }
      }
      if (why !== null) return { why };
      n = pathParent(n);
    }
    return n === null ? submission : { why: 'the element is too deep to check' };
  };
  const setAttr = (el, name, value) => (value === null ? call(Element.prototype, 'removeAttribute', el, name) : call(Element.prototype, 'setAttribute', el, name, value));
  /**
   * Runs `f` (a click or `requestSubmit()`) with the form's submission turned into a dialog's,
   * which sends nothing and moves nothing (at most it closes the `<dialog>` the form is in):
   * the page's own submit listeners run as for the user's click, and a site that sends its
   * form itself still does; the browser does not. The form's `method` and the button's
   * `formmethod` are as they were afterwards (the page's observers see both changes).
   */
  const keepFormHere = (form, submitter, f) => {
    const was = [[form, 'method', attr(form, 'method')]];
    if (submitter !== null) was.push([submitter, 'formmethod', attr(submitter, 'formmethod')]);
    for (const [el, name] of was) setAttr(el, name, 'dialog');
    try { f(); } finally { for (const [el, name, value] of was) setAttr(el, name, value); }
  };
  /** Why submitting `form` (with `submitter`) may not happen, or null when it may. */
  const submits = (form, submitter) => {
    const method = ((submitter !== null ? attr(submitter, 'formmethod') : null) ?? attr(form, 'method') ?? '').toLowerCase();
    if (method === 'dialog') return null;
    if (!navigate) return 'submitting a form needs "opens pages"';
    const action = (submitter !== null ? attr(submitter, 'formaction') : null) ?? attr(form, 'action') ?? '';
    return webAddress(action) === null ? 'a form is submitted only to an http(s) address' : null;
  };
  const MOUSE = new Set(['click', 'dblclick', 'mousedown', 'mouseup', 'mouseover', 'mouseout', 'mouseenter', 'mouseleave', 'mousemove']);
  /** The page's copy of a pressed event: its class from its type, only the policy's fields. */
  const eventFor = (fields) => {
    const type = String(fields.type);
    if (!pressEvents.has(type)) throw new TypeError(`the event ${type.slice(0, 40)} cannot be sent to the page`);
    const init = { view: window };
    for (const k of policy.pressEventFields) {
      const v = fields[k];
      if (typeof v === 'string' ? v.length <= limits.pressFieldChars : typeof v === 'number' ? Number.isFinite(v) : typeof v === 'boolean') init[k] = v;
    }
    // A click is always cancelable here, so that one that may not leave can be cancelled.
    if (type === 'click') init.cancelable = true;
    const C = MOUSE.has(type) ? MouseEvent : type.startsWith('pointer') ? (typeof PointerEvent === 'function' ? PointerEvent : MouseEvent)
      : type.startsWith('key') ? KeyboardEvent : type === 'input' ? InputEvent : type === 'change' ? Event : FocusEvent;
    return new C(type, init);
  };
  /**
   * Why a press's default was held back, for the script's console: only for a script that may
   * read the page (the reasons say what the page holds: a link, its address, a form).
   */
  const explain = (refusals, why) => { if (read) refusals.push(why); };
  /** Dispatches `event` on `target`, cancelled first when the script cancelled it in its replica or it is a click that may not leave. */
  const dispatchPress = (target, event, refusals, prevented) => {
    const dispatch = () => call(EventTarget.prototype, 'dispatchEvent', target, event);
    // The script's own listeners cancelled it in the replica: the page's copy comes cancelled.
    if (prevented) { event.preventDefault(); dispatch(); return; }
    const plain = !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey && event.button === 0;
    const stop = event.type === 'click' && target !== window && kindOf(target) === Node.ELEMENT_NODE ? leaves(target, plain) : null;
    if (stop === null) dispatch();
    else if (stop.form !== undefined) {
      explain(refusals, `${stop.why}: the page's submit listeners heard it, and the browser sent nothing`);
      keepFormHere(stop.form, stop.submitter, dispatch);
    } else {
      event.preventDefault();
      explain(refusals, `${stop.why}: the click reached the page without its default`);
      dispatch();
    }
  };
  /** The pressed control's value and checked state, told back (the page may have kept either). */
  const valueOf = (el) => {
    if (!read || !ids.has(el) || nsOf(el) !== XHTML || !['input', 'textarea', 'select'].includes(tagOf(el)) || isPassword(el)) return null;
    return ['value', ids.get(el), String(el.value).slice(0, limits.eventValue), typeof el.checked === 'boolean' ? el.checked : null];
  };
  const pressOne = (target, kind, detail, refusals, states, made) => {
    if (!press) throw new TypeError('pressing the page\'s buttons needs "presses this page\'s buttons"');
    const now = performance.now();
    while (pressTimes.length > 0 && pressTimes[0] <= now - 1000) pressTimes.shift();
    if (pressTimes.length >= limits.pressesPerSecond) throw new RangeError(`over ${limits.pressesPerSecond} presses a second`);
    pressTimes.push(now);
    const el = target === 'document' ? document : target === 'window' ? window : target;
    const isElement = el !== document && el !== window;
    heldNavigation = false;
    if (!el || (isElement && (kindOf(el) !== Node.ELEMENT_NODE || !connectedOf(el) || paranoidIsOwnNode(el)))) throw new TypeError('no such element to press');
    pressing = true;
    try {
      if (kind === 'click') {
        if (!isElement) throw new TypeError('only an element is clicked');
        // As `click()` does: nothing for a disabled control; otherwise a synthetic click.
        if (nsOf(el) === XHTML && ['button', 'input', 'select', 'textarea'].includes(tagOf(el)) && call(Element.prototype, 'matches', el, ':disabled')) return;
        dispatchPress(el, new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, view: window, detail: 1 }), refusals, detail?.prevented === true);
      } else if (kind === 'focus' || kind === 'blur') {
        if (!isElement) throw new TypeError(`only an element has ${kind}()`);
        const proto = nsOf(el) === XHTML ? HTMLElement.prototype : nsOf(el) === SVG ? SVGElement.prototype : null;
        if (proto === null) throw new TypeError(`only an HTML or SVG element has ${kind}()`);
        if (kind === 'focus') call(proto, 'focus', el, { preventScroll: detail?.preventScroll === true });
        else call(proto, 'blur', el);
      } else if (kind === 'event') {
        if (detail === null || typeof detail !== 'object') throw new TypeError('an event is an object');
        dispatchPress(el, eventFor(detail), refusals, detail.prevented === true);
      } else if (kind === 'submit') {
        if (!isElement || tagOf(el) !== 'form' || nsOf(el) !== XHTML) throw new TypeError('only a form is submitted');
        const submitter = detail?.submitter === null || detail?.submitter === undefined ? null : nodes.get(detail.submitter) ?? made.get(detail.submitter) ?? null;
        const submitterTag = submitter === null ? null : kindOf(submitter) === Node.ELEMENT_NODE && nsOf(submitter) === XHTML ? tagOf(submitter) : '';
        if (submitter !== null && (!['button', 'input'].includes(submitterTag) || read1(submitterTag === 'button' ? HTMLButtonElement.prototype : HTMLInputElement.prototype, 'form', submitter) !== el)) throw new TypeError('the submitter is not a button of this form');
        if (detail?.events === false) {
          // `form.submit()`: no event, no check of the form's fields, no submitter, as natively:
          // the form's own method and action are what it is sent with.
          if (submitter !== null) throw new TypeError('form.submit() has no submitter');
          const why = submits(el, null);
          if (why !== null) throw new TypeError(read ? why : 'the form was not submitted');
          call(HTMLFormElement.prototype, 'submit', el);
        } else {
          const why = submits(el, submitter);
          const submit = () => call(HTMLFormElement.prototype, 'requestSubmit', el, ...(submitter ? [submitter] : []));
          if (why === null) submit();
          else {
            explain(refusals, `${why}: the page's submit listeners heard it, and the browser sent nothing`);
            keepFormHere(el, submitter, submit);
          }
        }
      } else throw new TypeError(`${String(kind).slice(0, 20)} is not a press`);
    } finally {
      pressing = false;
    }
    if (heldNavigation) explain(refusals, 'the page started a navigation as it heard the press: held back (leaving the page needs "opens pages", and an http(s) address)');
    const value = isElement ? valueOf(el) : null;
    if (value !== null) states.push(value);
  };

  /**
   * A control's state follows its `value` and `checked` attributes as the script set them: the
   * replica's library has no other value than the attribute, so `input.value = x` and
   * `box.checked = true` reach the page as these, and mean the state (which the user may have
   * changed since the attribute), not only the default.
   */
  const controlState = (el, name, value) => {
    if (name !== 'value' && name !== 'checked') return;
    if (el.namespaceURI !== XHTML || el.localName !== 'input') return;
    const type = read1(HTMLInputElement.prototype, 'type', el);
    if (name === 'value' && type !== 'file' && value !== null) write1(HTMLInputElement.prototype, 'value', el, String(value));
    if (name === 'checked' && (type === 'checkbox' || type === 'radio')) write1(HTMLInputElement.prototype, 'checked', el, value !== null);
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
    // The controls' states after the batch's presses (the page's listeners may have changed them).
    const pressed = [];
    const reactions = [];
    for (const op of ops) {
      if (!Array.isArray(op)) { refusals.push('an operation is a list'); continue; }
      const [kind, a, b, c] = op;
      try {
        if (!write && kind !== 'listen' && kind !== 'press') throw new TypeError('changing the page needs "changes this page"');
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
          controlState(el, String(b).toLowerCase(), c);
        } else if (kind === 'text') {
          const t = node(a);
          if (!t || t.nodeType !== Node.TEXT_NODE) throw new TypeError('no such text');
          if (t.parentNode && !writableParent(t.parentNode)) { fixTexts.add(t); throw new TypeError(`the text of <${t.parentNode.localName}> cannot be changed`); }
          t.data = String(b);
        } else if (kind === 'listen') listen(a, b, node);
        else if (kind === 'scroll') scroll(a === 'window' ? window : node(a), b);
        else if (kind === 'press') {
          // The batch's own changes so far are not sent back; what the page's listeners change
          // as they hear the press is, after the batch.
          if (read) observer.takeRecords();
          try { pressOne(a === 'document' || a === 'window' ? a : node(a), b, c, refusals, pressed, made); } finally { if (read) reactions.push(...observer.takeRecords()); }
        }
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
    if (reactions.length > 0) out.push(...changesOf(reactions));
    out.push(...pressed);
    if (read) {
      budget = limits.replicaNodes - nodes.size;
      // Whole subtrees, not references: the sandbox forgets what it detached, and a refused
      // detach must bring it back whole.
      for (const p of fix) if (ids.has(p) && connectedOf(p)) out.push(['kids', ids.get(p), [...kidsOf(p)].map(serialize).filter((c) => c !== null)]);
      for (const [el, name] of fixAttrs) if (ids.has(el) && !(name === 'value' && isPassword(el))) out.push(['attr', ids.get(el), name, attr(el, name)]);
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
 * @param {{ read: boolean, write: boolean, press: boolean, navigate: boolean }} powers
 * @param {{ runAt: string, urlchange: boolean }} script
 */
function paranoidReplicaInit(host, root, { read, write, press, navigate }, { runAt, urlchange }) {
  const dom = paranoidPolicy().dom;
  const limits = paranoidPolicy().userscripts;
  return {
    read, write, press, navigate, events: dom.events, root, pressEvents: dom.pressEvents, pressEventFields: dom.pressEventFields, pressFieldChars: dom.limits.pressFieldChars,
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

/**
 * A script's replica, opened in its sandbox: the page's host side made and listening, the
 * layer started with the page's root (`runLayer` runs its set-up call, answering whether it
 * ran), then the rest of the page sent. The one way both the content script and the test
 * build's hook make one.
 * @param {{ read: boolean, write: boolean, press: boolean, navigate: boolean }} powers what the user let the script do with the page
 * @param {{ runAt: string, urlchange: boolean }} script
 * @param {(message: object, setup?: boolean) => Promise<any>} post to the sandbox
 * @param {(code: string, name: string) => Promise<boolean>} runLayer
 * @returns {Promise<{ host: object } | { error: string | null }>} the host; or why not (null: `runLayer` said)
 */
async function paranoidOpenReplica(powers, script, post, runLayer) {
  const host = paranoidReplicaHost({ ...powers, post });
  let first;
  try { first = host.snapshot(); } catch (error) { return { error: `the page replica: ${error.message}` }; }
  host.start();
  const init = paranoidReplicaInit(host, first.root, powers, script);
  if (!await runLayer(paranoidReplicaLayerCall(init), 'paranoid:replica/layer.js')) { host.stop(); return { error: null }; }
  await host.open(first.ops);
  return { host };
}
