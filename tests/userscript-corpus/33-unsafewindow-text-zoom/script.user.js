// ==UserScript==
// @name         Text Zoom Keys
// @namespace    paranoid-corpus
// @version      2.1
// @description  [ and ] make the article's text smaller or larger; a badge shows the size
// @match        {{ORIGIN}}/c/33-unsafewindow-text-zoom/*
// @grant        unsafeWindow
// @grant        GM_addStyle
// ==/UserScript==

(function () {
  'use strict';
  // Written for managers that run it beside the page: the page's window when there is one.
  const w = typeof unsafeWindow !== 'undefined' ? unsafeWindow : window;
  const d = w.document;

  // The site's own settings object, when the manager lets the script reach it.
  let site;
  try {
    site = w.readerConfig ? 'reached' : 'absent';
  } catch (e) {
    site = 'refused: ' + e.name;
  }

  GM_addStyle('#tz-badge { position: fixed; right: 6px; bottom: 6px; background: #222; color: #fff; padding: 2px 8px; font: 12px sans-serif; }');
  const badge = d.createElement('div');
  badge.id = 'tz-badge';
  d.body.appendChild(badge);
  d.body.dataset.tzSite = site;

  let size = parseFloat(w.getComputedStyle(d.body).fontSize) || 16;
  const show = () => {
    badge.textContent = size + 'px';
    d.getElementById('article').style.fontSize = size + 'px';
  };
  w.addEventListener('keydown', (e) => {
    if (e.key === ']') size += 2;
    else if (e.key === '[') size -= 2;
    else return;
    show();
  });
  show();
})();
