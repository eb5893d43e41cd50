// fidelity: a missing name: reading throws ReferenceError, typeof gives 'undefined', a strict assignment throws ReferenceError, a sloppy-safe feature test works
// expect: {"readError":true,"callError":true,"assignError":true,"typeofMissing":"undefined","typeofMissingIsUndefined":true,"featureTest":"fallback","inGlobal":false}
var __result;
var readError;
try { missingName; readError = 'no error'; } catch (e) { readError = e instanceof ReferenceError; }
var callError;
try { missingFunction(); callError = 'no error'; } catch (e) { callError = e.constructor === ReferenceError; }
var assignError = (function () {
  'use strict';
  try { undeclaredTarget = 1; return 'no error'; } catch (e) { return e instanceof ReferenceError; }
})();
__result = {
  readError: readError,
  callError: callError,
  assignError: assignError,
  typeofMissing: typeof missingName,
  typeofMissingIsUndefined: typeof missingName === 'undefined',
  featureTest: typeof missingName !== 'undefined' ? missingName : 'fallback',
  viaGlobal: globalThis.missingName,
  inGlobal: 'missingName' in globalThis,
};
