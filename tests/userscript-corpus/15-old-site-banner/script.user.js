// ==UserScript==
// @name         Old docs: point to the new site
// @namespace    paranoid-corpus
// @version      1.0.2
// @description  On the old documentation site, shows a banner with a link to the same page on the new site
// @match        {{ORIGIN}}/c/15-old-site-banner/*
// @grant        none
// ==/UserScript==

(function () {
  'use strict';

  const NEW_SITE = 'https://docs.example.org';
  // Old: /c/15-old-site-banner/<page> → new: /v2/<page>, keeping the query and the fragment.
  const rest = location.pathname.replace(/^\/c\/[^/]+\//, '');
  const target = `${NEW_SITE}/v2/${rest}${location.search}${location.hash}`;

  const banner = document.createElement('div');
  banner.id = 'moved-banner';
  banner.setAttribute('role', 'note');
  banner.style.cssText = 'background-color: #fff3cd; border-bottom: 1px solid #e0c36c; padding: 8px 12px; font: 14px sans-serif;';

  const text = document.createElement('span');
  text.textContent = `You are reading the old docs on ${location.hostname}. This page is now at `;
  const link = document.createElement('a');
  link.href = target;
  link.textContent = target.replace(/^https?:\/\//, '');
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'moved-close';
  close.textContent = 'Dismiss';
  close.addEventListener('click', () => banner.remove());

  banner.appendChild(text);
  banner.appendChild(link);
  banner.appendChild(document.createTextNode(' '));
  banner.appendChild(close);
  document.body.insertBefore(banner, document.body.firstChild);
  document.title = `[old] ${document.title}`;
})();
