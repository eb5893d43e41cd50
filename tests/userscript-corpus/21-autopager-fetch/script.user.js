// ==UserScript==
// @name         Endless forum pages
// @namespace    paranoid-corpus
// @version      1.3.0
// @description  Loads the next page of a forum thread below this one when you scroll to the end (here: when you press the button)
// @match        {{ORIGIN}}/c/21-autopager-fetch/*
// @grant        none
// ==/UserScript==

(async function () {
  'use strict';

  const thread = document.querySelector('.thread');
  let nextLink = document.querySelector('a.next-page');
  if (!thread || !nextLink) return;

  const status = document.createElement('div');
  status.id = 'pager-status';
  status.textContent = 'More pages below';
  thread.after(status);

  async function loadNext() {
    if (!nextLink) return false;
    const url = nextLink.getAttribute('href');
    status.textContent = 'Loading…';
    let html;
    try {
      const response = await fetch(url, { headers: { Accept: 'text/html' } });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      html = await response.text();
    } catch (error) {
      status.textContent = `Could not load ${url}: ${error.message}`;
      return false;
    }
    const page = new DOMParser().parseFromString(html, 'text/html');
    const marker = document.createElement('h3');
    marker.className = 'page-marker';
    marker.textContent = page.title;
    thread.appendChild(marker);
    for (const post of page.querySelectorAll('.thread > .post')) thread.appendChild(document.importNode(post, true));
    const more = page.querySelector('a.next-page');
    nextLink.setAttribute('href', more ? more.getAttribute('href') : '#');
    if (!more) { nextLink.closest('nav').remove(); nextLink = null; }
    status.textContent = nextLink ? 'More pages below' : 'End of thread';
    return true;
  }

  const button = document.createElement('button');
  button.id = 'load-all';
  button.type = 'button';
  button.textContent = 'Load the rest of the thread';
  button.addEventListener('click', async () => {
    button.disabled = true;
    while (await loadNext());
    button.textContent = `Showing ${thread.querySelectorAll('.post').length} posts`;
  });
  status.after(button);
})();
