// ==UserScript==
// @name         Reading time
// @namespace    paranoid-corpus
// @version      1.5.0
// @description  Shows an estimated reading time under each post title; menu commands hide it and change the reading speed
// @match        {{ORIGIN}}/c/17-menu-command-reading-time/*
// @require      {{REQUIRE:underscore}}
// @grant        GM_registerMenuCommand
// @grant        GM_getValue
// @grant        GM_setValue
// ==/UserScript==

/* global _ */
(function () {
  'use strict';

  let wpm = GM_getValue('wordsPerMinute', 20);
  let shown = GM_getValue('shown', true);

  const posts = Array.from(document.querySelectorAll('article.post'));
  const wordCount = (post) => _.chain(Array.from(post.querySelectorAll('.post-body p')))
    .map((p) => p.textContent.trim().split(/\s+/).filter(Boolean).length)
    .reduce((sum, n) => sum + n, 0)
    .value();

  function render() {
    _.each(posts, (post) => {
      let badge = post.querySelector('.rt-badge');
      if (!badge) {
        badge = document.createElement('p');
        badge.className = 'rt-badge';
        post.querySelector('.post-title').insertAdjacentElement('afterend', badge);
      }
      const words = wordCount(post);
      const minutes = Math.max(1, Math.round(words / wpm));
      badge.textContent = `${minutes} min read · ${words} words`;
      badge.setAttribute('data-words', String(words));
      badge.hidden = !shown;
    });
  }

  GM_registerMenuCommand('Show or hide reading times', () => {
    shown = !shown;
    GM_setValue('shown', shown);
    render();
  });
  GM_registerMenuCommand('I read faster', () => {
    wpm = Math.round(wpm * 1.5);
    GM_setValue('wordsPerMinute', wpm);
    render();
  }, { id: 'faster' });

  render();
})();
