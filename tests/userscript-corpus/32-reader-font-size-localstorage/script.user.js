// ==UserScript==
// @name         Reader: font size buttons
// @namespace    paranoid-corpus
// @version      1.2.0
// @description  A− / A+ buttons for the article's text size, remembered for the site in localStorage
// @match        {{ORIGIN}}/c/32-reader-font-size-localstorage/*
// @grant        none
// ==/UserScript==

(function () {
  'use strict';

  const KEY = 'rf-prefs';
  const prefs = Object.assign({ size: 16, changed: 0 }, JSON.parse(localStorage.getItem(KEY) || '{}'));
  const article = document.getElementById('article');

  function apply() {
    article.style.fontSize = prefs.size + 'px';
    label.textContent = prefs.size + 'px';
  }
  function save() {
    prefs.changed += 1;
    localStorage.setItem(KEY, JSON.stringify(prefs));
    localStorage.rfLastChange = 'size ' + prefs.size;
  }

  const bar = document.createElement('div');
  bar.id = 'rf-bar';
  const smaller = document.createElement('button');
  smaller.id = 'rf-smaller';
  smaller.textContent = 'A−';
  const bigger = document.createElement('button');
  bigger.id = 'rf-bigger';
  bigger.textContent = 'A+';
  const label = document.createElement('span');
  label.id = 'rf-size';
  bar.append(smaller, bigger, label);
  document.querySelector('header').appendChild(bar);

  smaller.addEventListener('click', () => { prefs.size = Math.max(10, prefs.size - 2); apply(); save(); });
  bigger.addEventListener('click', () => { prefs.size = Math.min(32, prefs.size + 2); apply(); save(); });
  document.body.dataset.rfRestored = (localStorage.rfLastChange || 'nothing') + ', ' + prefs.changed + ' changes, token ' + localStorage.getItem('session-token');
  apply();
})();
