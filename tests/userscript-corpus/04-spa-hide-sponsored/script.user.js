// ==UserScript==
// @name         Tube: no sponsored cards
// @namespace    paranoid-corpus
// @version      0.9.2
// @description  Hides sponsored and promoted cards in the feed, including the ones the app adds as you scroll
// @match        {{ORIGIN}}/c/04-spa-hide-sponsored/*
// @grant        none
// @run-at       document-idle
// ==/UserScript==

(function () {
  'use strict';

  const AD_TITLE = /^(sponsored|promoted)\s*:/i;
  let hidden = 0;

  function isAd(card) {
    if (card.querySelector('.badge-ad')) return true;
    const title = card.querySelector('.title');
    return title !== null && AD_TITLE.test(title.textContent.trim());
  }

  function sweep(root) {
    const cards = root.nodeType === Node.ELEMENT_NODE && root.matches('div.card') ? [root] : Array.from(root.querySelectorAll('div.card'));
    for (const card of cards) {
      if (card.hasAttribute('data-ns-seen')) continue;
      card.setAttribute('data-ns-seen', '');
      if (isAd(card)) {
        card.style.display = 'none';
        hidden += 1;
      }
    }
    document.body.setAttribute('data-ns-hidden', String(hidden));
  }

  sweep(document);

  // The feed is a single-page app: watch the whole body, the cards come in nested shelves.
  const observer = new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      for (const node of mutation.addedNodes) {
        if (node.nodeType === Node.ELEMENT_NODE) sweep(node);
      }
    }
  });
  observer.observe(document.body, { childList: true, subtree: true });
})();
