// ==UserScript==
// @name         Clean URLs: strip tracking parameters
// @namespace    paranoid-corpus
// @version      3.1.0
// @description  Removes utm_*, fbclid and similar tracking parameters from the address bar and from the page's links
// @match        {{ORIGIN}}/c/31-strip-tracking-params/*
// @grant        none
// @run-at       document-start
// ==/UserScript==

(function () {
  'use strict';

  const TRACKING = /^(utm_[a-z]+|fbclid|gclid|dclid|mc_eid|igshid|ref_src)$/i;

  function clean(href) {
    const url = new URL(href, location.href);
    const dropped = [...url.searchParams.keys()].filter((k) => TRACKING.test(k));
    for (const k of dropped) url.searchParams.delete(k);
    return { href: url.href, dropped };
  }

  // The address bar, without a reload: the site's own state stays with the entry.
  const here = clean(location.href);
  if (here.dropped.length > 0) history.replaceState(history.state, '', here.href);

  function cleanLinks() {
    let n = 0;
    for (const a of document.querySelectorAll('a[href*="?"]')) {
      const link = clean(a.href);
      if (link.dropped.length === 0) continue;
      a.href = link.href;
      n += 1;
    }
    document.documentElement.dataset.cleanUrls = here.dropped.join(',') + ' / ' + n + ' links';
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', cleanLinks);
  else cleanLinks();
})();
