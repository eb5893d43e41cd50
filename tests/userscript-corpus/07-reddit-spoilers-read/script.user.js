// ==UserScript==
// @name         Old Reddit: spoilers shown, read posts dimmed
// @namespace    paranoid-corpus
// @version      2.2
// @description  Reveals every spoiler on the page, and adds a "mark read" button whose posts stay dimmed on later visits
// @match        {{ORIGIN}}/c/07-reddit-spoilers-read/*
// @grant        GM_getValue
// @grant        GM_setValue
// @grant        GM_addStyle
// @run-at       document-end
// ==/UserScript==

(function () {
  'use strict';

  GM_addStyle(`
    .md .md-spoiler-text.rs-revealed { background: transparent !important; color: inherit !important; border-bottom: 1px dashed #999; }
    .thing.rs-read { opacity: 0.5; }
    .rs-read-button { background: none; border: 0; padding: 0; color: #888; font: inherit; cursor: pointer; }
  `);

  // Spoilers: shown at once, no click each.
  for (const spoiler of document.querySelectorAll('.md .md-spoiler-text')) {
    spoiler.classList.add('rs-revealed');
    spoiler.removeAttribute('title');
  }

  // Read posts: a list of fullnames, kept across visits, newest last, at most 500.
  const KEY = 'readPosts';
  const read = GM_getValue(KEY, []);
  const save = () => GM_setValue(KEY, read.slice(-500));

  for (const thing of document.querySelectorAll('#siteTable > .thing.link')) {
    const id = thing.getAttribute('data-fullname');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'rs-read-button';
    const show = () => {
      const isRead = read.includes(id);
      thing.classList.toggle('rs-read', isRead);
      button.textContent = isRead ? 'mark unread' : 'mark read';
    };
    button.addEventListener('click', () => {
      const at = read.indexOf(id);
      if (at === -1) read.push(id); else read.splice(at, 1);
      save();
      show();
    });
    const item = document.createElement('li');
    item.appendChild(button);
    thing.querySelector('ul.flat-list.buttons').appendChild(item);
    show();
  }
})();
