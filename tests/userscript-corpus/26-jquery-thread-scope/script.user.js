// ==UserScript==
// @name         Threads: reply counts and collapse buttons
// @namespace    paranoid-corpus
// @version      1.3
// @description  Counts each comment's direct replies and adds a button that collapses its subtree
// @match        {{ORIGIN}}/c/26-jquery-thread-scope/*
// @require      {{REQUIRE:jquery}}
// @grant        none
// @run-at       document-end
// ==/UserScript==

/* global $ */
$(function () {
  'use strict';
  $('.comment').each(function () {
    var $c = $(this);
    // Direct replies only: jQuery turns a leading `>` into `:scope >`.
    var direct = $c.find('> .children > .comment').length;
    // The points in this comment's own meta line.
    var points = $c.find('> .meta .points').first().text() || 'no points';
    // jQuery prefixes `:scope ` to a descendant selector, so the `div` must be inside the comment.
    var inside = $c.find('div .points').length;
    $c.attr('data-replies', direct).attr('data-points', points).attr('data-inside', inside);
    var $button = $('<button type="button" class="collapse"></button>').text('[-] ' + direct);
    $button.on('click', function () {
      var $kids = $c.children('.children');
      $kids.toggle();
      $(this).text(($kids.is(':hidden') ? '[+] ' : '[-] ') + direct);
    });
    $c.children('.body').after($button);
  });
});
