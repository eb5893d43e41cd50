// ==UserScript==
// @name         Chirp: number the timeline
// @namespace    paranoid-corpus
// @version      1.0.1
// @description  Numbers every post in the timeline and marks the ones by people you follow closely, including posts that arrive later
// @match        {{ORIGIN}}/c/20-growing-page-badges/*
// @grant        GM_addStyle
// @run-at       document-end
// ==/UserScript==

(function () {
  'use strict';

  const CLOSE = ['@ada'];
  let seen = 0;

  GM_addStyle(`
    .ch-badge { display: inline-block; min-width: 2em; margin-right: 6px; color: #fff; background: #1da1f2; border-radius: 8px; text-align: center; font-size: 11px; }
    .tweet.ch-close { background: #fffbe6; }
  `);

  function badgeNew() {
    document.querySelectorAll('.tweet').forEach((tweet) => {
      if (tweet.dataset.chNumber) return;
      seen += 1;
      tweet.dataset.chNumber = String(seen);
      const badge = document.createElement('span');
      badge.className = 'ch-badge';
      badge.textContent = `#${seen}`;
      tweet.insertBefore(badge, tweet.firstChild);
      const handle = tweet.querySelector('.handle');
      if (handle && CLOSE.includes(handle.textContent.trim())) tweet.classList.add('ch-close');
    });
  }

  // Simple and robust: look again every half second.
  badgeNew();
  setInterval(badgeNew, 500);
})();
