// ==UserScript==
// @name         Remember my filters
// @namespace    paranoid-corpus
// @version      1.1.0
// @description  Remembers how you sort and filter the catalogue, and puts the form back that way on your next visit
// @match        {{ORIGIN}}/c/24-remember-filters/*
// @grant        GM_getValue
// @grant        GM_setValue
// ==/UserScript==

(function () {
  'use strict';

  const form = document.forms.filters;
  if (!form) return;
  const note = document.createElement('span');
  note.id = 'rf-note';
  form.append(note);

  const fields = () => Array.from(form.elements).filter((el) => el.name && el.matches(':where(select, input[type=checkbox])'));
  const describe = (saved) => Object.entries(saved).map(([k, v]) => `${k}=${v}`).join(', ');

  const saved = GM_getValue('filters', null);
  if (saved) {
    for (const el of fields()) {
      if (!(el.name in saved)) continue;
      if (el.type === 'checkbox') el.checked = saved[el.name] === true;
      else el.value = saved[el.name];
    }
    note.textContent = `Restored: ${describe(saved)} (${form.elements.sort.selectedOptions[0].textContent})`;
  } else {
    note.textContent = 'Nothing remembered yet';
  }

  form.addEventListener('change', () => {
    const now = {};
    for (const el of fields()) now[el.name] = el.type === 'checkbox' ? el.checked : el.value;
    GM_setValue('filters', now);
    note.textContent = `Remembered: ${describe(now)}`;
  });
})();
