// ==UserScript==
// @name         Shop: deals first
// @namespace    paranoid-corpus
// @version      1.7
// @description  Tags products under $10 as deals and adds a button that shows only the deals
// @match        {{ORIGIN}}/c/12-jquery-deals/*
// @require      {{REQUIRE:jquery}}
// @grant        none
// @run-at       document-end
// ==/UserScript==

/* global $ */
$(document).ready(function () {
  'use strict';

  var LIMIT = 10;
  var deals = 0;

  $('.product').each(function () {
    var $product = $(this);
    var price = parseFloat($product.find('.price').text().replace(/[^0-9.]/g, ''));
    $product.attr('data-price', price.toFixed(2));
    if (price < LIMIT) {
      deals += 1;
      $product.addClass('deal');
      $product.find('h3').append('<span class="deal-tag">Deal</span>');
    }
  });

  var onlyDeals = false;
  var $button = $('<button type="button" id="deals-only"></button>');
  var label = function () {
    $button.text(onlyDeals ? 'Show all products' : 'Show deals only (' + deals + ')');
  };
  $button.on('click', function () {
    onlyDeals = !onlyDeals;
    $('.product').not('.deal').css('display', onlyDeals ? 'none' : '');
    label();
  });
  label();
  $('#toolbar').append($button);
});
