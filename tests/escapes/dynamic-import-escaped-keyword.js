// probe: im\u0070ort('data:...'): the import keyword spelled with a unicode escape
// category: dynamic-import
// applies: 3
// expect: stopped
// Why it could escape: if the vetter decoded the escape as a plain identifier call, an engine that read it as import() would load a module.
var __probe;
try {
  im\u0070ort('data:text/javascript,export default typeof importScripts').then(function (ns) {
    __probe = { escaped: true, detail: 'an escaped import() loaded a module: ' + ns.default };
  }, function (e) {
    __probe = { escaped: false, detail: 'import() rejected: ' + e };
  });
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
