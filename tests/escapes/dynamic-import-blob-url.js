// probe: import(URL.createObjectURL(new Blob([...]))): a module from a blob: URL, which the CSP's script-src allows
// category: dynamic-import
// applies: 2,3
// expect: stopped
// Why it could escape: the CSP allows blob: scripts, so only the missing Blob/URL and the refused import() stop this.
var __probe;
try {
  var src = 'export default typeof importScripts';
  var url = URL.createObjectURL(new Blob([src], { type: 'text/javascript' }));
  import(url).then(function (ns) {
    __probe = { escaped: true, detail: 'a blob: module loaded, it saw importScripts as ' + ns.default };
  }, function (e) {
    __probe = { escaped: false, detail: 'import() rejected: ' + e };
  });
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
