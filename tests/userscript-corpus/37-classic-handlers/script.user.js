// ==UserScript==
// @name         Forum Helper (classic)
// @namespace    paranoid-corpus
// @version      0.9
// @description  Old-style handlers: window.onload, a button's onclick, document.onkeydown and window.onscroll
// @match        {{ORIGIN}}/c/37-classic-handlers/*
// @run-at       document-start
// @grant        none
// ==/UserScript==

var clicks = 0;

document.onkeydown = function (e) {
  if (e.key === 'k') document.body.setAttribute('data-k', 'pressed');
};

window.onscroll = function () {
  document.body.setAttribute('data-scrolled', window.scrollY > 0 ? 'yes' : 'no');
};

// Started before the page: what needs the body waits for the page to have loaded.
window.onload = function () {
  document.body.setAttribute('data-loaded', this === window ? 'yes' : 'with another this');
  // Old scripts rewrite whole parts of the page as markup (here, the posts, with the page's
  // own onclick attributes in them).
  var posts = document.getElementById('posts');
  posts.innerHTML = posts.innerHTML.replace(/post (\d+) /g, 'post #$1 ');
  var button = document.createElement('button');
  button.id = 'fh-count';
  button.innerHTML = 'Count';
  button.onclick = function () {
    clicks += 1;
    button.setAttribute('data-count', String(clicks));
  };
  document.body.appendChild(button);
};
