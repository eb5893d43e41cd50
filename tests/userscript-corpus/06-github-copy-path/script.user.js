// ==UserScript==
// @name         GitHub: copy file path
// @namespace    paranoid-corpus
// @version      1.3.0
// @description  Adds a "Copy path" button to each row of a repository's file list
// @match        {{ORIGIN}}/c/06-github-copy-path/*
// @grant        GM_setClipboard
// @run-at       document-idle
// ==/UserScript==

(function () {
  'use strict';

  // "/owner/repo/blob/branch/some/path" → "some/path"
  function pathOf(href) {
    const parts = href.split(/[?#]/)[0].split('/');
    return decodeURIComponent(parts.slice(5).join('/'));
  }

  function addButtons() {
    const links = document.querySelectorAll('tr.react-directory-row a.Link--primary');
    for (const link of links) {
      const cell = link.closest('.react-directory-filename-column');
      if (!cell || cell.querySelector('.us-copy-path')) continue;
      const path = pathOf(link.getAttribute('href'));
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'us-copy-path btn-octicon';
      button.textContent = 'Copy path';
      button.title = `Copy "${path}"`;
      button.setAttribute('data-path', path);
      button.addEventListener('click', (event) => {
        event.preventDefault();
        event.stopPropagation();
        GM_setClipboard(path, 'text');
        button.textContent = 'Copied';
        button.classList.add('us-copied');
      });
      cell.appendChild(button);
    }
  }

  addButtons();
  // The file list is replaced without a page load when you open a folder: look again then.
  new MutationObserver(addButtons).observe(document.getElementById('repo-content'), { childList: true, subtree: true });
})();
