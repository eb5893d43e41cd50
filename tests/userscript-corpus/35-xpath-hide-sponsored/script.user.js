// ==UserScript==
// @name         Feed Cleaner (XPath)
// @namespace    paranoid-corpus
// @version      3.0.2
// @description  Hides feed posts labelled "Sponsored" or "Suggested for you", found by their text with XPath, also in posts loaded later
// @match        {{ORIGIN}}/c/35-xpath-hide-sponsored/*
// @grant        none
// ==/UserScript==

(function () {
  'use strict';
  const LABELS = ['Sponsored', 'Suggested for you'];
  const query = '//div[contains(concat(" ", normalize-space(@class), " "), " post ")]'
    + '[.//span[' + LABELS.map((l) => 'normalize-space(.)="' + l + '"').join(' or ') + ']]';

  function xpathAll(expr, context) {
    const result = document.evaluate(expr, context || document, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
    const nodes = [];
    for (let i = 0; i < result.snapshotLength; i++) nodes.push(result.snapshotItem(i));
    return nodes;
  }

  let hidden = 0;
  function clean() {
    for (const post of xpathAll(query)) {
      if (post.dataset.fcHidden) continue;
      post.style.display = 'none';
      post.dataset.fcHidden = '1';
      hidden++;
    }
    const count = document.evaluate('count(//div[@data-fc-hidden])', document, null, XPathResult.NUMBER_TYPE, null).numberValue;
    document.body.dataset.fcCount = String(count);
  }

  clean();
  new MutationObserver(clean).observe(document.getElementById('feed'), { childList: true });
})();
