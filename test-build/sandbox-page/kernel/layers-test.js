'use strict';
// Test builds only (never shipped): `cargo xtask sandbox-run --layers LIST` switches layers off
// to show what each one stops on its own. Anything not asked for explicitly stays on.

/** @param {{ isolation?: boolean, scrub?: boolean, transpile?: boolean } | undefined} requested */
function layerSwitches(requested) {
  const on = (key) => !(requested !== null && typeof requested === 'object' && requested[key] === false);
  return { __proto__: null, isolation: on('isolation'), scrub: on('scrub'), transpile: on('transpile') };
}
