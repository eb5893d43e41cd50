// ==UserScript==
// @name         Wide reading layout
// @namespace    paranoid-corpus
// @version      3.0
// @description  Widens the article on the top page; frames (the comment widget) keep their layout
// @match        {{ORIGIN}}/c/27-frame-guard/*
// @grant        none
// @run-at       document-end
// ==/UserScript==

(function () {
  'use strict';
  document.documentElement.setAttribute('data-wide-layout', window.top === window.self ? 'top' : 'frame, left alone');
  // The usual guard: the layout is for the top page only.
  if (window.top !== window.self) return;
  document.body.classList.add('wide-layout');
  document.getElementById('article').style.maxWidth = 'none';
})();
