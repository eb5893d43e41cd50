// ==UserScript==
// @name         Forum footer credits
// @namespace    paranoid-corpus
// @version      3.1.4
// @description  Says in the footer which script improved the page, and which version, read from GM_info
// @match        {{ORIGIN}}/c/16-gm-info-footer/*
// @grant        GM_info
// ==/UserScript==

(function () {
  'use strict';

  const info = typeof GM_info !== 'undefined' ? GM_info : GM.info;
  const { name, version, namespace } = info.script;

  const line = document.createElement('p');
  line.id = 'userscript-credit';
  line.className = 'credit';
  line.textContent = `Improved by ${name} ${version}`;
  line.title = `${namespace} · run by ${info.scriptHandler || 'a userscript manager'}`;
  line.setAttribute('data-handler', info.scriptHandler || '');

  const footer = document.querySelector('footer') || document.body;
  footer.appendChild(line);
})();
