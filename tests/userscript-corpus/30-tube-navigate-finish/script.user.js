// ==UserScript==
// @name         Tube: hover to mark as seen
// @namespace    paranoid-corpus
// @version      1.4.1
// @description  Marks videos you have hovered over as seen, again on every page the site moves to
// @match        {{ORIGIN}}/c/30-tube-navigate-finish/*
// @require      {{REQUIRE:jquery}}
// @grant        GM_getValue
// @grant        GM_setValue
// @grant        window.onurlchange
// @run-at       document-end
// ==/UserScript==

/* global $, GM_getValue, GM_setValue */
(function () {
  'use strict';

  const seen = new Set(GM_getValue('seen', []));
  const pages = [];

  function mark() {
    $('.thumb').each(function () {
      $(this).toggleClass('tm-seen', seen.has(this.dataset.id)).css('opacity', seen.has(this.dataset.id) ? '0.5' : '');
    });
    $('body').attr('data-tm-marked', $('.thumb.tm-seen').length);
  }

  // jQuery's mouseenter: delegated, it listens to mouseover and mouseout.
  $(document).on('mouseenter', '.thumb', function () {
    seen.add(this.dataset.id);
    GM_setValue('seen', [...seen]);
    $(this).addClass('tm-seen').css('opacity', '0.5');
    $('body').attr('data-tm-last-hover', this.dataset.id);
  });

  // The site's own event, once its page is drawn.
  window.addEventListener('yt-navigate-finish', () => {
    pages.push(new URLSearchParams(location.search).get('c') || 'home');
    $('body').attr('data-tm-pages', pages.join(' '));
    mark();
  });

  // Tampermonkey's way to hear the address change, where it is granted.
  if (window.onurlchange === null) {
    window.addEventListener('urlchange', (info) => {
      $('body').attr('data-tm-url', info.url.replace(/^.*\//, ''));
    });
  }

  mark();
})();
