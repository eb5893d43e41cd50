// ==UserScript==
// @name         j/k story navigation
// @namespace    paranoid-corpus
// @version      1.1
// @description  j and k move a highlight down and up the story list, as in a feed reader
// @match        {{ORIGIN}}/c/09-keyboard-jk-navigation/*
// @grant        none
// @run-at       document-end
// ==/UserScript==

(function () {
  'use strict';

  const stories = () => Array.from(document.querySelectorAll('#stories > li.story'));
  let index = 0;

  const status = document.createElement('div');
  status.id = 'jk-status';
  status.setAttribute('aria-live', 'polite');
  document.body.insertBefore(status, document.body.firstChild);

  function select(i) {
    const list = stories();
    if (list.length === 0) return;
    index = Math.max(0, Math.min(i, list.length - 1));
    list.forEach((li, j) => {
      li.classList.toggle('selected', j === index);
      if (j === index) li.setAttribute('aria-current', 'true');
      else li.removeAttribute('aria-current');
    });
    status.textContent = `${index + 1} / ${list.length}`;
  }

  function typing(target) {
    return target && target.nodeType === Node.ELEMENT_NODE && (target.matches('input, textarea, select') || target.isContentEditable === true);
  }

  document.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.altKey || event.metaKey || typing(event.target)) return;
    if (event.key === 'j') select(index + 1);
    else if (event.key === 'k') select(index - 1);
  });

  select(0);
})();
