// ==UserScript==
// @name         Always the old layout
// @namespace    paranoid-corpus
// @version      2.0.1
// @description  Sends you from the new layout's pages to the same page on the old layout, keeping the query
// @match        {{ORIGIN}}/c/22-redirect-to-old-layout/*
// @grant        none
// @run-at       document-start
// ==/UserScript==

(function () {
  'use strict';
  const path = window.location.pathname;
  if (!path.endsWith('/new.html')) return;
  // Replace, not assign: the new layout should not be left in the history to come back to.
  window.location.replace(path.replace(/\/new\.html$/, '/old.html') + window.location.search + '&from=new');
})();
