'use strict';
// The offscreen document's one job (Chrome): put the service worker's text on the clipboard.
// An offscreen document never has focus, so navigator.clipboard refuses it; a selected textarea
// and execCommand('copy') is what Chrome documents for this.

chrome.runtime.onMessage.addListener((message, sender, respond) => {
  if (sender.id !== chrome.runtime.id || message === null || typeof message !== 'object') return undefined;
  if (message.type !== 'paranoid:clipboard-write' || typeof message.text !== 'string') return undefined;
  const box = /** @type {HTMLTextAreaElement} */ (document.getElementById('text'));
  box.value = message.text;
  box.select();
  const ok = document.execCommand('copy');
  box.value = '';
  respond(ok ? { ok: true } : { ok: false, error: 'execCommand copy returned false' });
  return undefined;
});
