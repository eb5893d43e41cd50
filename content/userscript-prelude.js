'use strict';
// The GM API and the `dom` capability as a userscript sees them, built inside its own sandbox: this function's
// text is run there (vetted and transpiled like any script) before the script's `@require`s.
// It is convenience, not a boundary: every call becomes a message that the content script and
// the background check against the script's grants, so a script that tampers with this code
// only breaks its own calls. It is never called in the content script.

/* exported paranoidUserscriptPrelude */
/* global paranoid */

function paranoidUserscriptPrelude() {
  'use strict';
  const pending = new Map();
  let next = 0;
  let granted = [];
  let info = null;
  const call = (name, args) => new Promise((resolve, reject) => {
    next += 1;
    pending.set(next, { resolve, reject });
    paranoid.postMessage({ call: name, id: next, args });
  });
  paranoid.onMessage((message) => {
    if (message === null || typeof message !== 'object') return;
    if (message.init !== undefined && info === null) {
      granted = Array.isArray(message.init.grants) ? message.init.grants : [];
      info = message.init.info;
      build();
      return;
    }
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
  const freezeDeep = (value) => {
    if (value !== null && typeof value === 'object') {
      for (const key of Object.keys(value)) freezeDeep(value[key]);
      Object.freeze(value);
    }
    return value;
  };
  // GM.xmlHttpRequest as the managers have it: callbacks (onload, onerror, ontimeout, onabort)
  // and a promise of the response with an `abort()`. Only data crosses: the callbacks stay
  // here; a request is named by a number of this script's own, for `abort()`.
  let nextRequest = 0;
  const xmlHttpRequest = (details) => {
    const d = details !== null && typeof details === 'object' ? details : {};
    nextRequest += 1;
    const key = nextRequest;
    const request = { method: d.method, url: String(d.url), headers: d.headers, data: d.data === undefined ? undefined : String(d.data), timeout: d.timeout, key };
    const promise = call('GM.xmlHttpRequest', [request]).then((response) => {
      if (d.responseType === 'json') {
        try { response.response = JSON.parse(response.responseText); } catch { response.response = null; }
      } else response.response = response.responseText;
      if (typeof d.onload === 'function') d.onload(response);
      return response;
    }, (error) => {
      const failure = { error: error.message, status: 0, readyState: 4, finalUrl: request.url };
      const handler = /: aborted$/.test(error.message) && typeof d.onabort === 'function' ? d.onabort
        : /timed out/.test(error.message) && typeof d.ontimeout === 'function' ? d.ontimeout : d.onerror;
      if (typeof handler === 'function') handler(failure);
      throw error;
    });
    // A script that handles errors with callbacks need not handle the promise too.
    if (typeof d.onerror === 'function' || typeof d.ontimeout === 'function' || typeof d.onabort === 'function') promise.catch(() => {});
    // Settles the promise with "aborted" unless the response is already on its way.
    promise.abort = () => { call('GM.xmlHttpRequest.abort', [key]).catch(() => {}); };
    return promise;
  };
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
  // GM.notification(text, title) or ({ text, title, onclick, ondone }): only text and title
  // cross; the callbacks wait here for the background's word that the user clicked or closed it.
  const notifications = new Map();
  const notification = (details, title) => {
    const d = details !== null && typeof details === 'object' ? details : { text: details, title };
    return call('GM.notification', [{ text: d.text, title: d.title }]).then((shown) => {
      if (typeof d.onclick === 'function' || typeof d.ondone === 'function') notifications.set(String(shown.id), { onclick: d.onclick, ondone: d.ondone });
      return shown;
    });
  };
  const build = () => {
    const GM = {};
    for (const name of granted) {
      const method = name.slice(3);
      if (name === 'GM.info') GM.info = freezeDeep(info);
      else if (name === 'GM.xmlHttpRequest') GM.xmlHttpRequest = xmlHttpRequest;
      else if (name === 'GM.notification') GM.notification = notification;
      else if (name.startsWith('GM.')) GM[method] = (...args) => call(name, args);
    }
    globalThis.GM = Object.freeze(GM);
    if (granted.includes('paranoid.dom.read') || granted.includes('paranoid.dom.write')) globalThis.dom = dom;
  };
}
