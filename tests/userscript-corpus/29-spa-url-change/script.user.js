// ==UserScript==
// @name         Tube: video id in the title bar
// @namespace    paranoid-corpus
// @version      2.3.0
// @description  Shows the id of the video you are watching, and keeps a list of the pages seen, on a site that changes pages without loading them
// @match        {{ORIGIN}}/c/29-spa-url-change/*
// @grant        none
// @run-at       document-idle
// ==/UserScript==

(function () {
  'use strict';

  // The site changes its address with history.pushState, which fires no event: the usual
  // remedy is to wrap it, and to listen to popstate for the back and forward buttons.
  const notify = () => window.dispatchEvent(new Event('locationchange'));
  const pushState = history.pushState;
  history.pushState = function () {
    const result = pushState.apply(this, arguments);
    notify();
    return result;
  };
  const replaceState = history.replaceState;
  history.replaceState = function () {
    const result = replaceState.apply(this, arguments);
    notify();
    return result;
  };
  window.addEventListener('popstate', notify);

  const seen = [];
  function onPage() {
    const id = new URL(location.href).searchParams.get('v');
    seen.push(id ? 'watch:' + id : 'home');
    document.body.dataset.vidSeen = seen.join(' ');
    let badge = document.getElementById('vid-badge');
    if (!id) {
      if (badge) badge.remove();
      return;
    }
    if (!badge) {
      badge = document.createElement('span');
      badge.id = 'vid-badge';
      badge.style.cssText = 'background:#222;color:#fff;padding:2px 6px;border-radius:4px;margin-left:8px';
      document.querySelector('header h1').appendChild(badge);
    }
    badge.textContent = 'id ' + id;
  }

  window.addEventListener('locationchange', onPage);
  onPage();
})();
