// ==UserScript==
// @name         Quick define
// @namespace    paranoid-corpus
// @version      0.4.2
// @description  Select a word (double-click it) to get a small "look it up" box beside the text
// @match        {{ORIGIN}}/c/23-selection-lookup/*
// @grant        GM_addStyle
// ==/UserScript==

(function () {
  'use strict';

  GM_addStyle(`
    #qd-box { position: fixed; right: 1em; bottom: 1em; padding: .5em 1em; background: #ffd; border: 1px solid #cc9; }
    #qd-box a { margin-left: .5em; }
  `);

  let box = null;
  function show(word) {
    if (!box) {
      box = document.createElement('div');
      box.id = 'qd-box';
      document.body.appendChild(box);
    }
    box.textContent = `Look up “${word}”`;
    const link = document.createElement('a');
    link.href = `/c/23-selection-lookup/define?q=${encodeURIComponent(word)}`;
    link.textContent = 'define';
    box.appendChild(link);
    box.hidden = false;
  }

  // Other scripts (and the site's styles) can tell the helper is on.
  document.documentElement.dataset.quickDefine = 'on';

  document.addEventListener('mouseup', () => {
    const text = window.getSelection().toString().trim();
    if (text === '' || text.length > 40 || /\s/.test(text)) {
      if (box) box.hidden = true;
      return;
    }
    show(text);
  });
})();
