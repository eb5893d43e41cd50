'use strict';
// The GM API as a userscript sees it, built inside the script's own sandbox: this function's
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
  const build = () => {
    const GM = {};
    for (const name of granted) {
      const method = name.slice(3);
      if (name === 'GM.info') GM.info = freezeDeep(info);
      else if (name.startsWith('GM.')) GM[method] = (...args) => call(name, args);
    }
    globalThis.GM = Object.freeze(GM);
  };
}
