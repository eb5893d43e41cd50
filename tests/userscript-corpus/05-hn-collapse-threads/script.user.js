// ==UserScript==
// @name         HN thread folding
// @namespace    paranoid-corpus
// @version      3.0.1
// @description  Adds a [–] toggle to every comment that folds away its replies, and says how many it hid
// @match        {{ORIGIN}}/c/05-hn-collapse-threads/*
// @grant        none
// @run-at       document-end
// ==/UserScript==

(function () {
  'use strict';

  const rows = Array.from(document.querySelectorAll('table.comment-tree tr.athing.comtr'));
  const depthOf = (row) => parseInt(row.querySelector('td.ind').getAttribute('indent'), 10) || 0;
  const depths = rows.map(depthOf);

  // The replies of comment i: the rows after it that are indented deeper.
  function replies(i) {
    const out = [];
    for (let j = i + 1; j < rows.length && depths[j] > depths[i]; j++) out.push(rows[j]);
    return out;
  }

  // A row is shown unless a comment above it, on its thread, is folded.
  function refresh() {
    const open = [];
    rows.forEach((row, i) => {
      while (open.length && open[open.length - 1].depth >= depths[i]) open.pop();
      const hidden = open.some((o) => o.folded);
      row.style.display = hidden ? 'none' : '';
      open.push({ depth: depths[i], folded: row.classList.contains('us-folded') });
    });
  }

  rows.forEach((row, i) => {
    const toggle = document.createElement('a');
    toggle.className = 'us-toggle';
    toggle.setAttribute('role', 'button');
    toggle.style.cursor = 'pointer';
    toggle.textContent = '[–]';
    toggle.addEventListener('click', () => {
      const folded = row.classList.toggle('us-folded');
      row.querySelector('.comment').style.display = folded ? 'none' : '';
      toggle.textContent = folded ? `[+${replies(i).length}]` : '[–]';
      refresh();
    });
    const head = row.querySelector('.comhead');
    head.appendChild(document.createTextNode(' '));
    head.appendChild(toggle);
  });
})();
