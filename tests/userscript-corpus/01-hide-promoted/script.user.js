// ==UserScript==
// @name         Hide promoted posts
// @namespace    paranoid-corpus
// @version      1.2
// @description  Removes promoted posts and the sidebar's ads from a feed
// @match        {{ORIGIN}}/c/01-hide-promoted/*
// @grant        none
// @run-at       document-end
// ==/UserScript==

(function () {
  'use strict';
  const selectors = ['.promoted', '[data-ad]', 'aside .ad-slot'];
  function clean(root) {
    for (const el of root.querySelectorAll(selectors.join(','))) el.remove();
  }
  clean(document);
  document.body.setAttribute('data-cleaned', String(document.querySelectorAll('.post').length));
})();
