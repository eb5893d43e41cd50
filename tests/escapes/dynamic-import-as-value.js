// probe: import used as a value: var load = import; load('data:...'), and new import(...)
// category: dynamic-import
// applies: 3
// expect: stopped
// Why it could escape: if `import` could be taken as a first-class function it could be called from anywhere, even from strings.
var __probe;
try {
  var load = import;
  load('data:text/javascript,export default typeof importScripts').then(function (ns) {
    __probe = { escaped: true, detail: 'import as a value loaded a module: ' + ns.default };
  });
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
