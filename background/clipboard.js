'use strict';
// GM.setClipboard, done by the extension rather than the page: a page's clipboard needs the page
// focused (Chrome) or secure (both), and a userscript's page is often neither. Chrome's service
// worker has no DOM, so it writes through an offscreen document (background/clipboard-page.html)
// that exists only for the write; Firefox's background page writes itself. Both need the
// manifest's clipboardWrite, which is what lets them write without a click.

/* global paranoidExtension, paranoidPolicy */

const CLIPBOARD_PAGE = 'background/clipboard-page.html';
let clipboardQueue = Promise.resolve();

/**
 * Replaces the clipboard's text. Writes one at a time: Chrome allows one offscreen document.
 * @param {string} text
 * @returns {Promise<void>}
 */
function paranoidWriteClipboard(text) {
  if (typeof text !== 'string') return Promise.reject(new TypeError('GM.setClipboard: the text must be a string'));
  const limit = paranoidPolicy().messageLimit;
  if (text.length > limit) return Promise.reject(new RangeError(`GM.setClipboard: the text has ${text.length} characters, over the limit of ${limit}`));
  const write = clipboardQueue.then(() => (paranoidExtension.offscreen ? writeThroughOffscreen(text) : navigator.clipboard.writeText(text)));
  clipboardQueue = write.catch(() => {});
  return write;
}

/** @param {string} text */
async function writeThroughOffscreen(text) {
  await paranoidExtension.offscreen.createDocument({
    url: CLIPBOARD_PAGE, reasons: ['CLIPBOARD'], justification: 'A userscript you allowed to (GM.setClipboard) replaces the clipboard\'s text.',
  });
  try {
    const answer = await paranoidExtension.runtime.sendMessage({ type: 'paranoid:clipboard-write', text });
    if (answer?.ok !== true) throw new Error(`GM.setClipboard: the browser did not write the clipboard${answer?.error ? ` (${answer.error})` : ''}`);
  } finally {
    await paranoidExtension.offscreen.closeDocument().catch(() => {});
  }
}
