// ==UserScript==
// @name         Endless results
// @namespace    paranoid-corpus
// @version      0.8.0
// @description  Appends the next page of results below the current one instead of making you click "Next"
// @match        {{ORIGIN}}/c/18-autopager-domparser/*
// @grant        none
// @run-at       document-end
// ==/UserScript==

(function () {
  'use strict';

  const list = document.getElementById('results');
  const pager = document.querySelector('nav.pager');
  if (!list || !pager) return;

  // Where a real auto-pager would request the next page, this site already has it in the page.
  function nextPageHtml() {
    const cached = document.getElementById('cached-page-2');
    return cached ? cached.textContent : null;
  }

  const button = document.createElement('button');
  button.type = 'button';
  button.id = 'ap-load-more';
  button.textContent = 'Load page 2 here';
  pager.parentNode.insertBefore(button, pager);

  button.addEventListener('click', () => {
    const html = nextPageHtml();
    if (html === null) return;
    const next = new DOMParser().parseFromString(html, 'text/html');
    const separator = document.createElement('li');
    separator.className = 'ap-separator';
    separator.textContent = `— ${next.title} —`;
    list.appendChild(separator);
    let added = 0;
    for (const item of next.querySelectorAll('#results > li.result:not(.sponsored)')) {
      list.appendChild(document.importNode(item, true));
      added += 1;
    }
    pager.hidden = true;
    button.textContent = `Added ${added} results · no more pages`;
    button.disabled = true;
  });
})();
