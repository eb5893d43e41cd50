// ==UserScript==
// @name         Word and character counter
// @namespace    paranoid-corpus
// @version      1.0.5
// @description  Shows words and characters left next to the label of every text area that has a length limit
// @match        {{ORIGIN}}/c/10-textarea-word-count/*
// @grant        GM_addStyle
// @run-at       document-end
// ==/UserScript==

(function () {
  'use strict';

  GM_addStyle(`
    .wc-badge { margin-left: 0.6em; font-weight: normal; font-size: 12px; color: #666; }
    .wc-badge.wc-near { color: #b00; }
  `);

  const words = (text) => text.trim().split(/\s+/).filter(Boolean).length;

  for (const area of document.querySelectorAll('textarea[maxlength]')) {
    const label = area.id ? document.querySelector(`label[for="${area.id}"]`) : null;
    if (!label) continue;
    const max = parseInt(area.getAttribute('maxlength'), 10);
    const badge = document.createElement('span');
    badge.className = 'wc-badge';
    label.appendChild(badge);
    const update = () => {
      const text = area.value;
      const n = words(text);
      badge.textContent = `${n} ${n === 1 ? 'word' : 'words'} · ${text.length}/${max}`;
      badge.classList.toggle('wc-near', text.length > max * 0.9);
    };
    area.addEventListener('input', update);
    update();
  }
})();
