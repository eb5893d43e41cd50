// ==UserScript==
// @name         Reading Progress Bar
// @namespace    paranoid-corpus
// @version      1.4
// @description  A thin bar over long articles that shows how far down you have read
// @match        {{ORIGIN}}/c/34-reading-progress/*
// @grant        GM_addStyle
// ==/UserScript==

(function () {
  'use strict';
  GM_addStyle('#rp-bar { position: fixed; top: 0; left: 0; height: 4px; width: 0; background: #d33; z-index: 99999; }');
  const bar = document.createElement('div');
  bar.id = 'rp-bar';
  document.body.appendChild(bar);

  const update = () => {
    const root = document.scrollingElement || document.documentElement;
    const total = root.scrollHeight - window.innerHeight;
    const read = window.pageYOffset || root.scrollTop || 0;
    const pct = total > 0 ? Math.min(100, Math.round((read / total) * 100)) : 100;
    bar.style.width = pct + '%';
    bar.dataset.pct = String(pct);
    // Long enough to need the bar at all?
    bar.dataset.long = total > window.innerHeight ? 'yes' : 'no';
  };
  window.addEventListener('scroll', update, { passive: true });
  window.addEventListener('resize', update);
  update();
})();
