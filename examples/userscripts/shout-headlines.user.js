// ==UserScript==
// @name        Shout headlines
// @namespace   https://github.com/paranoid-sandbox/examples
// @version     1.0
// @description Rewrites every h2 in capitals and counts them in the title.
// @match       *://*/*
// @grant       paranoid.dom.read
// @grant       paranoid.dom.write
// ==/UserScript==

(async () => {
  const headlines = await dom.query('h2');
  for (const h of headlines) await h.setText((await h.text()).toUpperCase());
  await dom.insertText('h1', 'beforeend', ` (${headlines.length} headlines)`);
})();
