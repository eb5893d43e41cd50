'use strict';
// The DOM capability a userscript may be granted, answered in the content script: opaque
// handles (numbers) instead of nodes, plain data instead of events, and markup rebuilt from an
// allowlist instead of parsed into the page. `paranoid.dom.read` is needed to learn anything
// about the page (query, text, attributes, events); `paranoid.dom.write` to change it. Writes
// by selector (`hide`, `remove`, `addClass`, …) return nothing, so that a write-only script
// cannot count matches to probe the page.

/* exported paranoidDomState, paranoidDomCall, paranoidDomAttribute, paranoidDomAttributeRule */

/* global paranoidPolicy, paranoidCssRefusal, paranoidIsOwnNode */

// The element and attribute tables are the policy's (rust-core/src/policy/dom.rs, generated into
// sandbox-page/policy.js): which tags markup may make, which it drops with their content, which
// page elements cannot be changed, per element which attributes may be set and what each value
// means, which events a script may listen to, and how much of the page it may hold. Nothing here
// lists tags, attributes or events.
const PARANOID_DOM_POLICY = paranoidPolicy().dom;
const PARANOID_DOM_TAGS = new Set(PARANOID_DOM_POLICY.tags);
const PARANOID_DOM_DROPPED = new Set(PARANOID_DOM_POLICY.dropped);
const PARANOID_DOM_SEALED = new Set(PARANOID_DOM_POLICY.sealed);
const PARANOID_DOM_XHTML = 'http://www.w3.org/1999/xhtml';
const PARANOID_DOM_EVENTS = new Set(PARANOID_DOM_POLICY.events);
// The places `insertAdjacentText` and its kin name: the DOM's own words, not a policy.
const PARANOID_DOM_POSITIONS = new Set(['beforebegin', 'afterbegin', 'beforeend', 'afterend']);
const PARANOID_DOM_LIMITS = PARANOID_DOM_POLICY.limits;

/** One script's handles and listeners. */
function paranoidDomState() {
  return { handles: new Map(), ids: new WeakMap(), next: 1, listeners: 0 };
}

function paranoidDomHandle(state, element) {
  // Paranoid's own elements (the sandbox frames' hosts) are never the page's to a script.
  if (paranoidIsOwnNode(element)) throw new TypeError('not an element of the page');
  const known = state.ids.get(element);
  if (known !== undefined) return known;
  if (state.handles.size >= PARANOID_DOM_LIMITS.handles) throw new RangeError(`over ${PARANOID_DOM_LIMITS.handles} element handles`);
  const id = state.next++;
  state.handles.set(id, element);
  state.ids.set(element, id);
  return id;
}

function paranoidDomElement(state, id) {
  const element = state.handles.get(id);
  if (element === undefined) throw new TypeError('not an element handle of this script');
  return element;
}

function paranoidDomSelect(selector) {
  if (typeof selector !== 'string' || selector.length === 0 || selector.length > PARANOID_DOM_LIMITS.selector) {
    throw new TypeError(`the selector must be a string of 1 to ${PARANOID_DOM_LIMITS.selector} characters`);
  }
  let found;
  try {
    found = document.querySelectorAll(selector);
  } catch {
    throw new SyntaxError(`${selector.slice(0, 80)} is not a CSS selector`);
  }
  // Without Paranoid's own elements: a script neither counts nor changes the sandboxes' frames.
  return [...found].filter((e) => !paranoidIsOwnNode(e));
}

/** A property of documents or forms, which an `id` or `name` of that value would shadow for the page's code. */
function paranoidDomShadows(value) {
  // The prototypes, not the objects: what the page has named is not the answer's to tell.
  return value in Object.getPrototypeOf(document) || value in HTMLFormElement.prototype;
}

/**
 * Checks an attribute a script sets, directly or in markup, on `element` (a page element or
 * `{ localName, namespaceURI }` of one being made): only an (element, attribute) pair of the
 * policy's table, its value read as that pair means it. Returns the name and value to set.
 */
function paranoidDomAttribute(element, name, value) {
  const { tag, n, rule } = paranoidDomAttributeRule(element, name);
  const v = String(value);
  switch (rule.kind) {
    case 'text': return { name: n, value: v };
    case 'style': {
      const refused = paranoidCssRefusal(v, paranoidPolicy().userscripts.addStyle);
      if (refused !== null) throw new TypeError(`the style of <${tag}> is refused: ${refused}`);
      return { name: n, value: v };
    }
    case 'name':
      if (paranoidDomShadows(v)) throw new TypeError(`${n}="${v.slice(0, 40)}" would shadow the page's document.${v.slice(0, 40)} or form.${v.slice(0, 40)}`);
      return { name: n, value: v };
    case 'one-of':
      if (!rule.words.includes(v.toLowerCase())) throw new TypeError(`${n} on <${tag}> is one of ${rule.words.join(', ')}, not ${v.slice(0, 20)}`);
      return { name: n, value: v };
    case 'navigate': {
      // What is checked is what is set: the URL as the browser reads it (spaces, tabs, newlines
      // and case already dealt with), absolute, so that no later <base> reads it otherwise.
      let url;
      try { url = new URL(v, document.baseURI); } catch { throw new TypeError(`${n} must be a URL`); }
      const schemes = PARANOID_DOM_POLICY.navigateSchemes;
      if (!schemes.includes(url.protocol)) throw new TypeError(`${n} must be a ${schemes.join(' or ')} URL, not ${url.protocol}`);
      return { name: n, value: url.href };
    }
    case 'inline-image': {
      let url;
      try { url = new URL(v); } catch { throw new TypeError(`${n} on <${tag}> must be an image inline in a data: URL (no request leaves the page)`); }
      const type = url.protocol === 'data:' ? url.pathname.split(',')[0].split(';')[0].trim().toLowerCase() : null;
      if (!PARANOID_DOM_POLICY.inlineImageTypes.includes(type)) {
        throw new TypeError(`${n} on <${tag}> must be an image inline in a data: URL (no request leaves the page), not ${url.protocol === 'data:' ? `data:${String(type).slice(0, 30)}` : url.protocol}`);
      }
      return { name: n, value: url.href };
    }
    default: throw new TypeError(`the attribute ${n} cannot be set`);
  }
}

/**
 * The policy's rule for attribute `name` of `element` (a page element or `{ localName,
 * namespaceURI }`), whatever its value: the same check decides what may be set and what may
 * be removed. Throws when there is none.
 */
function paranoidDomAttributeRule(element, name) {
  const tag = element.localName;
  const n = String(name).toLowerCase();
  if (element.namespaceURI !== PARANOID_DOM_XHTML) throw new TypeError(`the attributes of <${String(tag).slice(0, 40)}> (not an HTML element) cannot be set`);
  if (PARANOID_DOM_SEALED.has(tag)) throw new TypeError(`the attributes of <${tag}> cannot be set`);
  const table = PARANOID_DOM_POLICY.attributes;
  const rule = (Object.hasOwn(table, tag) && Object.hasOwn(table[tag], n) ? table[tag][n] : null)
    ?? (Object.hasOwn(table['*'], n) ? table['*'][n] : null)
    ?? (PARANOID_DOM_POLICY.attributePrefixes.some((p) => n.startsWith(p)) && /^[a-z]+-[a-z0-9_.-]+$/.test(n) ? { kind: 'text' } : null);
  if (rule === null) throw new TypeError(`the attribute ${n.slice(0, 40)} cannot be set on <${String(tag).slice(0, 40)}>`);
  return { tag, n, rule };
}

/** Rebuilds `markup` in the page from the allowlist; returns the top-level elements made. */
function paranoidDomFragment(markup) {
  const parsed = new DOMParser().parseFromString(`<body>${String(markup)}`, 'text/html');
  const fragment = document.createDocumentFragment();
  const copy = (from, into) => {
    for (const node of from.childNodes) {
      if (node.nodeType === Node.TEXT_NODE) { into.append(document.createTextNode(node.data)); continue; }
      if (node.nodeType !== Node.ELEMENT_NODE) continue;
      const tag = node.localName;
      if (node.namespaceURI !== PARANOID_DOM_XHTML || PARANOID_DOM_DROPPED.has(tag)) continue;
      if (!PARANOID_DOM_TAGS.has(tag)) { copy(node, into); continue; }
      const made = document.createElement(tag);
      for (const attribute of node.attributes) {
        try {
          const { name, value } = paranoidDomAttribute(made, attribute.name, attribute.value);
          made.setAttribute(name, value);
        } catch { /* an attribute off the allowlist is left out */ }
      }
      copy(node, made);
      into.append(made);
    }
  };
  copy(parsed.body, fragment);
  return fragment;
}

const paranoidDomNeeds = {
  query: 'read', one: 'read', text: 'read', attr: 'read', on: 'read',
  setText: 'write', setAttr: 'write', addClass: 'write', removeClass: 'write', hide: 'write', show: 'write',
  remove: 'write', insertText: 'write', insertHTML: 'write',
  hideAll: 'write', removeAll: 'write', addClassAll: 'write', setTextAll: 'write',
};

/**
 * Answers one DOM call.
 * @param {ReturnType<typeof paranoidDomState>} state
 * @param {{ read: boolean, write: boolean }} granted
 * @param {string} name without the `dom.` prefix
 * @param {unknown[]} args
 * @param {(listener: number, data: object) => void} emit delivers an event to the sandbox
 */
function paranoidDomCall(state, granted, name, args, emit) {
  const need = paranoidDomNeeds[name];
  if (need === undefined) throw new TypeError(`dom.${String(name).slice(0, 40)} is not a DOM call`);
  if (!granted[need]) throw new TypeError(`dom.${name} needs the grant paranoid.dom.${need}`);
  const [first, second, third] = args;
  const el = () => paranoidDomElement(state, first);
  const cls = (c) => {
    if (typeof c !== 'string' || !/^[A-Za-z_-][A-Za-z0-9_-]{0,99}$/.test(c)) throw new TypeError('a class is a name of letters, digits, - and _');
    return c;
  };
  const writable = (element) => {
    if (PARANOID_DOM_SEALED.has(element.localName)) throw new TypeError(`<${element.localName}> cannot be changed`);
    return element;
  };
  switch (name) {
    case 'query': return [...paranoidDomSelect(first)].slice(0, PARANOID_DOM_LIMITS.results).map((e) => paranoidDomHandle(state, e));
    case 'one': { const found = paranoidDomSelect(first)[0]; return found ? paranoidDomHandle(state, found) : null; }
    case 'text': return (el().textContent ?? '').slice(0, PARANOID_DOM_LIMITS.text);
    case 'attr': return el().getAttribute(String(second));
    case 'setText': writable(el()).textContent = String(second); return null;
    case 'setAttr': { const e = el(); const { name: n, value } = paranoidDomAttribute(e, second, third); e.setAttribute(n, value); return null; }
    case 'addClass': writable(el()).classList.add(cls(second)); return null;
    case 'removeClass': writable(el()).classList.remove(cls(second)); return null;
    case 'hide': el().style.setProperty('display', 'none', 'important'); return null;
    case 'show': el().style.removeProperty('display'); return null;
    case 'remove': { const e = el(); if (e === document.documentElement || e === document.body || e === document.head) throw new TypeError('the page itself cannot be removed'); e.remove(); return null; }
    case 'insertText':
    case 'insertHTML': {
      if (!PARANOID_DOM_POSITIONS.has(second)) throw new TypeError(`the position must be one of ${[...PARANOID_DOM_POSITIONS].join(', ')}`);
      let e;
      let quiet = false;
      if (typeof first !== 'string') e = writable(el());
      else if (granted.read) {
        e = paranoidDomSelect(first)[0];
        if (!e) return name === 'insertText' ? null : [];
        writable(e);
      } else {
        // Without the read grant the answer must not depend on the page: a selector that
        // matches nothing, a sealed element, or a place the browser refuses gets the same
        // answer as one that worked (the elements made, left out of the page).
        const found = paranoidDomSelect(first)[0];
        e = found && !PARANOID_DOM_SEALED.has(found.localName) ? found : null;
        quiet = true;
      }
      const insert = (f) => {
        if (!e) return;
        try { f(); } catch (error) { if (!quiet) throw error; }
      };
      if (name === 'insertText') { insert(() => e.insertAdjacentText(second, String(third))); return null; }
      const fragment = paranoidDomFragment(third);
      const made = [...fragment.children];
      const anchor = { beforebegin: () => e.before(fragment), afterbegin: () => e.prepend(fragment), beforeend: () => e.append(fragment), afterend: () => e.after(fragment) };
      insert(anchor[second]);
      return made.map((m) => paranoidDomHandle(state, m));
    }
    case 'hideAll': for (const e of paranoidDomSelect(first)) e.style?.setProperty('display', 'none', 'important'); return null;
    case 'removeAll': for (const e of paranoidDomSelect(first)) if (e !== document.documentElement && e !== document.body && e !== document.head) e.remove(); return null;
    case 'addClassAll': { const c = cls(second); for (const e of paranoidDomSelect(first)) if (!PARANOID_DOM_SEALED.has(e.localName)) e.classList.add(c); return null; }
    case 'setTextAll': for (const e of paranoidDomSelect(first)) if (!PARANOID_DOM_SEALED.has(e.localName)) e.textContent = String(second); return null;
    case 'on': {
      const e = el();
      if (!PARANOID_DOM_EVENTS.has(second)) throw new TypeError(`the event must be one of ${[...PARANOID_DOM_EVENTS].join(', ')}`);
      if (!Number.isSafeInteger(third)) throw new TypeError('no listener');
      if (state.listeners >= PARANOID_DOM_LIMITS.listeners) throw new RangeError(`over ${PARANOID_DOM_LIMITS.listeners} listeners`);
      state.listeners++;
      e.addEventListener(second, (event) => {
        const target = event.target instanceof Element ? paranoidDomHandle(state, event.target) : null;
        const data = { type: event.type, target };
        if ('value' in event.target && typeof event.target.value === 'string') data.value = event.target.value.slice(0, PARANOID_DOM_LIMITS.eventValue);
        if (typeof event.target.checked === 'boolean') data.checked = event.target.checked;
        if (typeof event.key === 'string') data.key = event.key;
        emit(third, data);
      });
      return null;
    }
    default: throw new TypeError(`dom.${name} is not a DOM call`);
  }
}
