// probe: import.meta in a classic script, to learn the script URL and resolve modules against it
// category: dynamic-import
// applies: 3
// expect: stopped
// Why it could escape: import.meta.url and import.meta.resolve would reveal and resolve the kernel's URLs.
var __probe;
try {
  var url = import.meta.url;
  __probe = { escaped: true, detail: 'import.meta worked: ' + url };
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
