// ==UserScript==
// @name         Remember my layout
// @namespace    paranoid-corpus
// @version      2.0
// @description  A compact/wide toggle whose choice is kept, on top of a GM4-style polyfill
// @match        {{ORIGIN}}/c/02-gm4-style-polyfill/*
// @require      {{REQUIRE:./polyfill.js}}
// @grant        GM.getValue
// @grant        GM.setValue
// @grant        GM_getValue
// @grant        GM_setValue
// @grant        GM_addStyle
// ==/UserScript==

(async () => {
  'use strict';
  GM_addStyle('body.compact .item { padding: 0 !important; }');
  let compact = await GM.getValue('compact', false);
  const apply = () => {
    document.body.classList.toggle('compact', compact);
    toggle.textContent = compact ? 'Wide view' : 'Compact view';
  };
  const toggle = document.createElement('button');
  toggle.id = 'layout-toggle';
  toggle.addEventListener('click', async () => {
    compact = !compact;
    apply();
    await GM.setValue('compact', compact);
  });
  document.querySelector('nav').append(toggle);
  apply();
})();
