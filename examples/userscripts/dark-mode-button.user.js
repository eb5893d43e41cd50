// ==UserScript==
// @name        Dark mode button
// @namespace   https://github.com/paranoid-sandbox/examples
// @version     1.0
// @description Adds a button that switches the page to dark colours, and remembers it.
// @match       *://*/*
// @grant       paranoid.dom.read
// @grant       paranoid.dom.write
// @grant       GM.addStyle
// @grant       GM.getValue
// @grant       GM.setValue
// ==/UserScript==

(async () => {
  await GM.addStyle(`
    .paranoid-dark, .paranoid-dark body { background: #16161c !important; color: #e6e6ee !important; }
    .paranoid-dark-button { position: fixed; right: 12px; bottom: 12px; z-index: 2147483647; }`);
  const html = await dom.one('html');
  let dark = await GM.getValue('dark', false);
  const show = () => (dark ? html.addClass('paranoid-dark') : html.removeClass('paranoid-dark'));
  await show();
  const [button] = await dom.insertHTML('body', 'beforeend', '<button class="paranoid-dark-button" type="button">Dark mode</button>');
  await button.on('click', async () => {
    dark = !dark;
    await show();
    await GM.setValue('dark', dark);
  });
})();
