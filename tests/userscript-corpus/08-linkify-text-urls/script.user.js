// ==UserScript==
// @name         Linkify plain URLs
// @namespace    paranoid-corpus
// @version      4.0.3
// @description  Turns http(s) URLs written as plain text into links; leaves links, code and preformatted text alone
// @match        {{ORIGIN}}/c/08-linkify-text-urls/*
// @grant        none
// @run-at       document-idle
// ==/UserScript==

(function () {
  'use strict';

  const SKIP = new Set(['A', 'CODE', 'PRE', 'SCRIPT', 'STYLE', 'TEXTAREA', 'BUTTON', 'SELECT', 'OPTION', 'KBD', 'SAMP']);
  // A URL ends before white space, quotes and angle brackets, and not on punctuation.
  const URL_RE = /\bhttps?:\/\/[^\s<>"']*[^\s<>"'.,;:!?)\]]/g;

  function skipped(node) {
    for (let el = node.parentNode; el && el !== document.body; el = el.parentNode) {
      if (SKIP.has(el.nodeName) || el.isContentEditable) return true;
    }
    return false;
  }

  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
    acceptNode(node) {
      if (!/https?:\/\//.test(node.nodeValue)) return NodeFilter.FILTER_SKIP;
      return skipped(node) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT;
    },
  });
  const texts = [];
  while (walker.nextNode()) texts.push(walker.currentNode);

  let count = 0;
  for (const text of texts) {
    const source = text.nodeValue;
    const fragment = document.createDocumentFragment();
    let last = 0;
    URL_RE.lastIndex = 0;
    let match;
    while ((match = URL_RE.exec(source)) !== null) {
      if (match.index > last) fragment.appendChild(document.createTextNode(source.slice(last, match.index)));
      const a = document.createElement('a');
      a.href = match[0];
      a.textContent = match[0];
      a.className = 'linkified';
      a.target = '_blank';
      a.rel = 'noopener noreferrer';
      fragment.appendChild(a);
      last = match.index + match[0].length;
      count += 1;
    }
    if (last === 0) continue;
    if (last < source.length) fragment.appendChild(document.createTextNode(source.slice(last)));
    text.parentNode.replaceChild(fragment, text);
  }
  document.body.setAttribute('data-linkified', String(count));
})();
