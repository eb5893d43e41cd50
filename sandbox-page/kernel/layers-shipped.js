'use strict';
// The shipped extension has every layer on, whatever a message asks: the layer switches exist
// only in test builds (`test-build/sandbox-page/kernel/layers-test.js` replaces this file there).

/** @returns {{ isolation: true, scrub: true, transpile: true }} */
function layerSwitches() {
  return { __proto__: null, isolation: true, scrub: true, transpile: true };
}
