// probe: import('data:text/javascript,...') from a classic script
// category: dynamic-import
// applies: 3
// expect: stopped
// Why it could escape: a dynamically imported module is fetched and run by the engine, never seen by the vetter.
var __probe;
try {
  import('data:text/javascript,export default typeof importScripts').then(function (ns) {
    __probe = { escaped: true, detail: 'a data: module loaded, it saw importScripts as ' + ns.default };
  }, function (e) {
    __probe = { escaped: false, detail: 'import() rejected: ' + e };
  });
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
