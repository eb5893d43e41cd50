// ==UserScript==
// @name         Gallery: full-size links and titles
// @namespace    paranoid-corpus
// @version      1.2.0
// @description  Links every gallery thumbnail to its full-size image, gives each a title (and an alt if it has none), and puts a placeholder in lazy images that have not loaded
// @match        {{ORIGIN}}/c/14-image-gallery-links/*
// @grant        none
// @run-at       document-idle
// ==/UserScript==

(function () {
  'use strict';

  // A 1×1 grey GIF: what a lazy image shows until the site loads it.
  const PLACEHOLDER = 'data:image/gif;base64,R0lGODlhAQABAIAAAMzMzAAAACH5BAAAAAAALAAAAAABAAEAAAICRAEAOw==';

  const fileName = (url) => decodeURIComponent(url.split(/[?#]/)[0].split('/').pop() || '');
  const fullSize = (url) => url.replace(/-thumb(\.\w+)$/, '$1');

  for (const img of document.querySelectorAll('.gallery img')) {
    const lazy = !img.getAttribute('src') && img.getAttribute('data-src');
    const source = lazy ? img.getAttribute('data-src') : img.src;
    const name = fileName(fullSize(source));

    if (!img.getAttribute('alt')) img.setAttribute('alt', name.replace(/\.\w+$/, '').replace(/[-_]+/g, ' '));
    img.title = `${img.alt} (${name})`;
    if (lazy) {
      img.src = PLACEHOLDER;
      img.classList.add('gl-placeholder');
    }

    // Already linked by the site: leave the link, mark it.
    const parentLink = img.closest('a');
    if (parentLink) {
      parentLink.classList.add('gl-full');
      continue;
    }
    const link = document.createElement('a');
    link.className = 'gl-full';
    link.href = fullSize(source);
    link.title = 'Open the full-size image';
    img.parentNode.insertBefore(link, img);
    link.appendChild(img);
  }
})();
