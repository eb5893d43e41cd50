// ==UserScript==
// @name         Reading list: grouped, with a filter
// @namespace    paranoid-corpus
// @version      2.1.0
// @description  Groups a flat reading list into one section per topic, and adds a filter box (debounced)
// @match        {{ORIGIN}}/c/13-lodash-group-and-filter/*
// @require      {{REQUIRE:lodash}}
// @grant        GM_addStyle
// ==/UserScript==

/* global _ */
(function () {
  'use strict';

  GM_addStyle('.rg-group h2 { font-size: 16px; margin: 12px 0 4px; } .rg-group ul { margin: 0; } #rg-filter { margin: 8px 0; }');

  const list = document.getElementById('reading');
  if (!list) return;

  const entries = _.map(list.querySelectorAll('li.entry'), (li) => ({
    li,
    topic: li.getAttribute('data-topic') || 'other',
    title: _.trim(li.querySelector('a').textContent),
  }));
  const byTopic = _.groupBy(entries, 'topic');

  const container = document.createElement('div');
  container.id = 'rg-groups';
  _.forEach(_.sortBy(_.keys(byTopic), (t) => (t === 'other' ? '~' : t)), (topic) => {
    const section = document.createElement('section');
    section.className = 'rg-group';
    section.setAttribute('data-topic', topic);
    const heading = document.createElement('h2');
    heading.textContent = `${_.upperFirst(topic)} (${byTopic[topic].length})`;
    const ul = document.createElement('ul');
    _.forEach(_.sortBy(byTopic[topic], (e) => e.title.toLowerCase()), (e) => ul.appendChild(e.li));
    section.appendChild(heading);
    section.appendChild(ul);
    container.appendChild(section);
  });
  list.parentNode.insertBefore(container, list);
  list.remove();

  // A filter box: hides entries and empty groups as you type, once you pause.
  const filter = document.createElement('input');
  filter.type = 'search';
  filter.id = 'rg-filter';
  filter.placeholder = 'Filter the list';
  const apply = _.debounce(() => {
    const words = _.words(filter.value.toLowerCase());
    _.forEach(entries, (e) => {
      const text = e.li.textContent.toLowerCase();
      e.li.style.display = _.every(words, (w) => text.includes(w)) ? '' : 'none';
    });
    _.forEach(container.querySelectorAll('section.rg-group'), (section) => {
      const shown = _.some(section.querySelectorAll('li.entry'), (li) => li.style.display !== 'none');
      section.style.display = shown ? '' : 'none';
    });
  }, 250);
  filter.addEventListener('input', apply);
  container.parentNode.insertBefore(filter, container);
})();
