// ==UserScript==
// @name         Checkout autofill
// @namespace    paranoid-corpus
// @version      1.3.2
// @description  Adds a "Fill my details" button to the shipping form: fills the fields from a saved profile, unticks the newsletter, ticks the terms
// @match        {{ORIGIN}}/c/19-form-autofill/*
// @grant        GM_getValue
// @grant        GM_setValue
// @run-at       document-idle
// ==/UserScript==

(function () {
  'use strict';

  const DEFAULT_PROFILE = { fullName: 'Ada Lovelace', email: 'ada@example.org', country: 'France', newsletter: false, terms: true };
  const profile = Object.assign({}, DEFAULT_PROFILE, GM_getValue('profile', {}));

  const form = document.querySelector('form#shipping');
  if (!form) return;

  function fill() {
    for (const [name, value] of Object.entries(profile)) {
      const field = form.querySelector(`[name="${name}"]`);
      if (!field) continue;
      if (field.type === 'checkbox') {
        field.checked = Boolean(value);
      } else if (field.tagName === 'SELECT') {
        // By value or by the text the user sees.
        Array.from(field.options).forEach((o) => {
          if (o.value === value || o.textContent.trim() === value) o.setAttribute('selected', '');
          else o.removeAttribute('selected');
        });
      } else {
        field.value = value;
      }
      field.classList.add('af-filled');
    }
    GM_setValue('lastFilled', new Date().toISOString());
  }

  const button = document.createElement('button');
  button.type = 'button';
  button.id = 'af-fill';
  button.textContent = 'Fill my details';
  button.addEventListener('click', () => {
    fill();
    button.textContent = 'Filled ✓';
  });
  form.insertBefore(button, form.firstChild);
})();
