// ==UserScript==
// @name         Dates in my language
// @namespace    paranoid-corpus
// @version      1.4
// @description  Shows ISO dates in the reader's language; leaves phones alone (the site's app does it)
// @match        {{ORIGIN}}/c/28-dates-in-reader-language/*
// @grant        none
// @run-at       document-end
// ==/UserScript==

(function () {
  'use strict';
  if (/Android|iPhone|iPad|Mobile/i.test(navigator.userAgent)) return;
  const lang = navigator.languages && navigator.languages.length ? navigator.languages[0] : navigator.language;
  const format = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' });
  for (const time of document.querySelectorAll('time[datetime]')) {
    time.title = time.textContent;
    time.textContent = format.format(new Date(time.getAttribute('datetime')));
  }
  document.body.setAttribute('data-lang', lang);
})();
