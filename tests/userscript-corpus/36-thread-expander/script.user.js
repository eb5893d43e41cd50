// ==UserScript==
// @name         Thread Expander
// @namespace    paranoid-corpus
// @version      2.0
// @description  Opens every folded reply and loads the whole thread, so that it reads in one go
// @match        {{ORIGIN}}/c/36-thread-expander/*
// @require      {{REQUIRE:jquery}}
// @grant        none
// ==/UserScript==

(function () {
  'use strict';
  let pressed = 0;
  const expand = () => {
    // Each folded reply's button, pressed once: the site's own code unfolds it.
    document.querySelectorAll('button.more-replies:not([data-expanded])').forEach((button) => {
      button.dataset.expanded = 'yes';
      button.click();
      pressed++;
    });
    // The site's "load more" button, pressed through jQuery as many scripts do.
    const more = $('#load-more');
    if (more.length && !more.data('pressed')) {
      more.data('pressed', true);
      more.trigger('click');
    }
    document.body.dataset.expanderPressed = String(pressed);
  };
  new MutationObserver(() => {
    $('#load-more').removeData('pressed');
    expand();
  }).observe(document.getElementById('thread'), { childList: true });
  expand();
})();
