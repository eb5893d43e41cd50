// ==UserScript==
// @name         Night reader
// @namespace    paranoid-corpus
// @version      1.4.0
// @description  A dark theme for the docs, switched by a button in the header and remembered across visits
// @match        {{ORIGIN}}/c/03-dark-mode-toggle/*
// @grant        GM_addStyle
// @grant        GM_getValue
// @grant        GM_setValue
// @run-at       document-start
// ==/UserScript==

(function () {
  'use strict';

  const KEY = 'nightMode';
  GM_addStyle(`
    html.nr-dark, html.nr-dark body { background: #111 !important; color: #ddd !important; }
    html.nr-dark header { border-color: #333 !important; }
    html.nr-dark a { color: #8ab4f8 !important; }
    html.nr-dark pre, html.nr-dark code { background: #222 !important; color: #eee !important; }
    #nr-toggle { float: right; font: inherit; font-size: 13px; cursor: pointer; }
  `);

  let night = GM_getValue(KEY, false);
  const root = document.documentElement;
  // Set the class as early as possible, so that a dark page does not flash white first.
  if (night) root.classList.add('nr-dark');

  function label(button) {
    button.textContent = night ? '☀ Light' : '☾ Dark';
    button.title = night ? 'Back to the site\'s own colours' : 'Switch to dark colours';
  }

  function addToggle() {
    if (document.getElementById('nr-toggle')) return;
    const button = document.createElement('button');
    button.id = 'nr-toggle';
    button.type = 'button';
    label(button);
    button.addEventListener('click', () => {
      night = !night;
      root.classList.toggle('nr-dark', night);
      GM_setValue(KEY, night);
      label(button);
    });
    (document.querySelector('header') || document.body).appendChild(button);
  }

  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', addToggle);
  } else {
    addToggle();
  }
})();
