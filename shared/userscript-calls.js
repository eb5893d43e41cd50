'use strict';
// Whether a userscript may make a call to the content script or the background: the one check
// both apply, each on its own, from the policy's tables. A call needs its grant (or the grant it
// comes with, `callsWithGrant`), or the power over the page that gives it too (`callsWithPage`:
// the page's `fetch` is a `GM.xmlHttpRequest`, `window.open` a `GM.openInTab`); a few need
// neither (`callsForEveryScript`: the script's own `localStorage`).

/* global paranoidPolicy */
/* exported paranoidUserscriptMay */

/**
 * @param {string} call the call's name (`GM.xmlHttpRequest`)
 * @param {{ has(grant: string): boolean }} grants the script's grants
 * @param {{ requests?: boolean, navigate?: boolean }} page what the user let it do with pages
 * @returns {boolean}
 */
function paranoidUserscriptMay(call, grants, page) {
  const { callsWithGrant, callsWithPage, callsForEveryScript } = paranoidPolicy().userscripts;
  if (callsForEveryScript.includes(call)) return true;
  if (grants.has(Object.hasOwn(callsWithGrant, call) ? callsWithGrant[call] : call)) return true;
  return Object.hasOwn(callsWithPage, call) && page !== null && typeof page === 'object' && page[callsWithPage[call]] === true;
}
