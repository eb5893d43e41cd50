// fidelity: a top-level var and function are properties of globalThis; globalThis writes are visible as bare names; deleting a plain global property works
// expect: {"varOnGlobal":5,"varInGlobal":true,"functionOnGlobal":"function","functionSame":true,"seenWritten":"via globalThis","seenViaWindow":42,"deleted":true,"typeofAfterDelete":"undefined","varUpdatesGlobal":6,"globalUpdatesVar":7}
var __result;
var counter = 5;
function helper() { return 'helped'; }
globalThis.written = 'via globalThis';
window.writtenViaWindow = 42;
var seenWritten = written;
var seenViaWindow = writtenViaWindow;
var deleted = delete globalThis.written;
__result = {
  varOnGlobal: globalThis.counter,
  varInGlobal: 'counter' in globalThis,
  functionOnGlobal: typeof globalThis.helper,
  functionSame: globalThis.helper === helper,
  seenWritten: seenWritten,
  seenViaWindow: seenViaWindow,
  deleted: deleted,
  typeofAfterDelete: typeof written,
  varUpdatesGlobal: (counter = 6, globalThis.counter),
  globalUpdatesVar: (globalThis.counter = 7, counter),
};
