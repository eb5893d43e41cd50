'use strict';
// The DOM capability a userscript may be granted, answered in the content script: opaque
// handles (numbers) instead of nodes, plain data instead of events, and markup rebuilt from an
// allowlist instead of parsed into the page. `paranoid.dom.read` is needed to learn anything
// about the page (query, text, attributes, events); `paranoid.dom.write` to change it. Writes
// by selector (`hide`, `remove`, `addClass`, …) return nothing, so that a write-only script
// cannot count matches to probe the page.

/* exported paranoidDomState, paranoidDomCall */

/** Elements markup may contain; anything else is dropped with its content or unwrapped. */
const PARANOID_DOM_TAGS = new Set(['a', 'abbr', 'article', 'aside', 'b', 'blockquote', 'br', 'button', 'caption', 'code',
  'dd', 'del', 'details', 'div', 'dl', 'dt', 'em', 'figcaption', 'figure', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'header', 'hr', 'i', 'img', 'input', 'ins', 'kbd', 'label', 'li', 'main', 'mark', 'nav', 'ol', 'option', 'p', 'pre',
  'q', 's', 'section', 'select', 'small', 'span', 'strong', 'sub', 'summary', 'sup', 'table', 'tbody', 'td', 'textarea',
  'tfoot', 'th', 'thead', 'time', 'tr', 'u', 'ul']);
/** Dropped with everything inside them. */
const PARANOID_DOM_DROPPED = new Set(['script', 'style', 'template', 'iframe', 'frame', 'frameset', 'object', 'embed',
  'applet', 'base', 'meta', 'link', 'noscript', 'svg', 'math', 'form', 'title', 'head']);
/** Attributes a script may set (plus `data-*` and `aria-*`). */
const PARANOID_DOM_ATTRIBUTES = new Set(['id', 'class', 'title', 'alt', 'href', 'src', 'lang', 'dir', 'hidden', 'role',
  'tabindex', 'placeholder', 'value', 'name', 'type', 'width', 'height', 'target', 'rel', 'disabled',
  'checked', 'selected', 'colspan', 'rowspan', 'datetime', 'open', 'for', 'min', 'max', 'step', 'maxlength', 'readonly']);
/**
 * Attributes whose value is a URL: only these schemes. A `src` loads by itself, so it must be
 * of the page's own origin: otherwise `<img src="https://elsewhere/?secret">` would be a
 * network channel around `@connect`. (`style` is not settable for the same reason: `url()`.)
 */
const PARANOID_DOM_URL_ATTRIBUTES = { href: ['http:', 'https:', 'mailto:'], src: ['http:', 'https:'] };
/** Elements whose attributes a script may not set (they load code or change how the page reads URLs). */
const PARANOID_DOM_SEALED = new Set(['script', 'base', 'meta', 'link', 'iframe', 'frame', 'object', 'embed', 'style']);
const PARANOID_DOM_INPUT_TYPES = new Set(['text', 'checkbox', 'radio', 'number', 'range', 'button', 'search', 'color', 'date']);
const PARANOID_DOM_EVENTS = new Set(['click', 'dblclick', 'input', 'change', 'keydown', 'keyup', 'mouseenter', 'mouseleave', 'focus', 'blur']);
const PARANOID_DOM_POSITIONS = new Set(['beforebegin', 'afterbegin', 'beforeend', 'afterend']);
const PARANOID_DOM_LIMITS = { handles: 10000, results: 1000, listeners: 256, selector: 1024, text: 512 * 1024 };

/** One script's handles and listeners. */
function paranoidDomState() {
  return { handles: new Map(), ids: new WeakMap(), next: 1, listeners: 0 };
}

function paranoidDomHandle(state, element) {
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
  try {
    return document.querySelectorAll(selector);
  } catch {
    throw new SyntaxError(`${selector.slice(0, 80)} is not a CSS selector`);
  }
}

/** Checks an attribute a script sets (directly or in markup); returns the value to set. */
function paranoidDomAttribute(tag, name, value) {
  const n = String(name).toLowerCase();
  if (PARANOID_DOM_SEALED.has(tag)) throw new TypeError(`the attributes of <${tag}> cannot be set`);
  if (!PARANOID_DOM_ATTRIBUTES.has(n) && !/^(data|aria)-[a-z0-9_.-]+$/.test(n)) throw new TypeError(`the attribute ${n.slice(0, 40)} cannot be set`);
  const v = String(value);
  const schemes = PARANOID_DOM_URL_ATTRIBUTES[n];
  if (schemes) {
    let url;
    try { url = new URL(v, document.baseURI); } catch { throw new TypeError(`${n} must be a URL`); }
    if (!schemes.includes(url.protocol)) throw new TypeError(`${n} must be a ${schemes.join(' or ')} URL, not ${url.protocol}`);
    if (n === 'src' && url.origin !== location.origin) throw new TypeError(`src must be of the page's own origin (${location.origin}), not ${url.origin}`);
    return { name: n, value: url.href };
  }
  if (n === 'type' && tag === 'input' && !PARANOID_DOM_INPUT_TYPES.has(v.toLowerCase())) throw new TypeError(`an input of type ${v.slice(0, 20)} cannot be made`);
  return { name: n, value: v };
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
      if (node.namespaceURI !== 'http://www.w3.org/1999/xhtml' || PARANOID_DOM_DROPPED.has(tag)) continue;
      if (!PARANOID_DOM_TAGS.has(tag)) { copy(node, into); continue; }
      const made = document.createElement(tag);
      for (const attribute of node.attributes) {
        try {
          const { name, value } = paranoidDomAttribute(tag, attribute.name, attribute.value);
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
    case 'setAttr': { const e = el(); const { name: n, value } = paranoidDomAttribute(e.localName, second, third); e.setAttribute(n, value); return null; }
    case 'addClass': writable(el()).classList.add(cls(second)); return null;
    case 'removeClass': writable(el()).classList.remove(cls(second)); return null;
    case 'hide': el().style.setProperty('display', 'none', 'important'); return null;
    case 'show': el().style.removeProperty('display'); return null;
    case 'remove': { const e = el(); if (e === document.documentElement || e === document.body || e === document.head) throw new TypeError('the page itself cannot be removed'); e.remove(); return null; }
    case 'insertText':
    case 'insertHTML': {
      const e = typeof first === 'string' ? paranoidDomSelect(first)[0] : el();
      if (!e) return [];
      if (!PARANOID_DOM_POSITIONS.has(second)) throw new TypeError(`the position must be one of ${[...PARANOID_DOM_POSITIONS].join(', ')}`);
      writable(e);
      if (name === 'insertText') { e.insertAdjacentText(second, String(third)); return null; }
      const fragment = paranoidDomFragment(third);
      const made = [...fragment.children];
      const anchor = { beforebegin: () => e.before(fragment), afterbegin: () => e.prepend(fragment), beforeend: () => e.append(fragment), afterend: () => e.after(fragment) };
      anchor[second]();
      return made.map((m) => paranoidDomHandle(state, m));
    }
    case 'hideAll': for (const e of paranoidDomSelect(first)) e.style.setProperty('display', 'none', 'important'); return null;
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
        if ('value' in event.target && typeof event.target.value === 'string') data.value = event.target.value.slice(0, 10000);
        if (typeof event.target.checked === 'boolean') data.checked = event.target.checked;
        if (typeof event.key === 'string') data.key = event.key;
        emit(third, data);
      });
      return null;
    }
    default: throw new TypeError(`dom.${name} is not a DOM call`);
  }
}
