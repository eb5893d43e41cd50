// probe: import /*c*/ ( 'data:...' ) with a comment and a line break between import and the parenthesis
// category: dynamic-import
// applies: 3
// expect: stopped
// Why it could escape: a vetter that matches the text "import(" rather than the syntax would miss the gap.
var __probe;
try {
  var p = import /* a gap */
    ('data:text/javascript,export default typeof importScripts');
  p.then(function (ns) {
    __probe = { escaped: true, detail: 'a data: module loaded through the gap, it saw importScripts as ' + ns.default };
  }, function (e) {
    __probe = { escaped: false, detail: 'import() rejected: ' + e };
  });
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
