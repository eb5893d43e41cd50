// ==UserScript==
// @name         Timeline: no promoted cards, no shorts, no empty widgets
// @namespace    paranoid-corpus
// @version      2.4
// @description  Hides promoted cards and shorts shelves, and headings whose widget is empty, with :has()
// @match        {{ORIGIN}}/c/25-has-selector-cleanup/*
// @grant        none
// @run-at       document-end
// ==/UserScript==

(function () {
  'use strict';
  // A card is promoted when the marker is one of its own children, not text inside a post.
  const HIDE = [
    '.cell:has(> .card > .placement-tracking)',
    '.cell:has(.shelf .short)',
    'h2:has(+ ul:empty)',
    'h2:not(:has(~ ul))',
  ];
  let hidden = 0;
  for (const el of document.querySelectorAll(HIDE.join(', '))) {
    el.style.display = 'none';
    el.setAttribute('data-hidden-by', 'cleanup');
    hidden += 1;
  }
  // Only the menu's own entries, not the sub-menu's.
  const menu = document.querySelector('#top-menu > ul');
  const top = [...menu.querySelectorAll(':scope > li')].map((li) => li.firstChild.textContent.trim());
  document.body.setAttribute('data-menu', top.join('|'));
  document.body.setAttribute('data-hidden', String(hidden));
  // `:scope` in matches() is the element itself.
  document.body.setAttribute('data-scope-self', String(menu.matches(':scope')));
})();
