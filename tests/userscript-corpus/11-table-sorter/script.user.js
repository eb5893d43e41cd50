// ==UserScript==
// @name         Sortable tables
// @namespace    paranoid-corpus
// @version      0.4.1
// @description  Click a column header to sort a data table by it; click again to reverse
// @match        {{ORIGIN}}/c/11-table-sorter/*
// @grant        none
// @run-at       document-idle
// ==/UserScript==

(function () {
  'use strict';

  // Numbers (with thousands separators) sort as numbers, the rest as text without case.
  function cellValue(row, column) {
    const cell = row.children[column];
    const text = cell ? cell.textContent.trim() : '';
    const number = Number(text.replace(/[,\s]/g, ''));
    return text !== '' && !Number.isNaN(number) ? number : text.toLowerCase();
  }

  function makeSortable(table) {
    const headers = Array.from(table.querySelectorAll('thead th'));
    const body = table.tBodies ? table.tBodies[0] : table.querySelector('tbody');
    headers.forEach((th, column) => {
      th.classList.add('ts-sortable');
      th.setAttribute('role', 'button');
      th.title = `Sort by ${th.textContent.trim()}`;
      const arrow = document.createElement('span');
      arrow.className = 'ts-arrow';
      arrow.textContent = ' ↕';
      th.appendChild(arrow);
      th.addEventListener('click', () => {
        const ascending = th.getAttribute('aria-sort') !== 'ascending';
        for (const other of headers) {
          other.removeAttribute('aria-sort');
          other.querySelector('.ts-arrow').textContent = ' ↕';
        }
        th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
        arrow.textContent = ascending ? ' ▲' : ' ▼';
        const rows = Array.from(body.querySelectorAll('tr'));
        rows.sort((a, b) => {
          const x = cellValue(a, column);
          const y = cellValue(b, column);
          return (x < y ? -1 : x > y ? 1 : 0) * (ascending ? 1 : -1);
        });
        for (const row of rows) body.appendChild(row);
      });
    });
  }

  for (const table of document.querySelectorAll('table.data-table, table.sortable')) makeSortable(table);
})();
