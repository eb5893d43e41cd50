// ==UserScript==
// @name        Hide clutter
// @namespace   https://github.com/paranoid-sandbox/examples
// @version     1.0
// @description Hides ads, cookie banners and "sponsored" boxes.
// @match       *://*/*
// @grant       paranoid.dom.write
// ==/UserScript==

// Write-only: the script cannot read the page, and hiding by selector tells it nothing back.
dom.hide('.ad, .ads, .sponsored, [data-ad], #cookie-banner');
