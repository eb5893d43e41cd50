// probe: setTimeout('code') with a string that would run unvetted
// category: eval
// applies: 1,2,3
// expect: stopped
// Why it could escape: HTML timers evaluate a string argument as global code (the CSP without unsafe-eval and the stand-in must refuse it).
var __probe;
// The string names a reserved identifier, so it can only run if nothing vetted it.
var code = "var __paranoid_probe_marker = 1; var s = this['__paranoid_scope__']; (s || this).__probe = { escaped: true, detail: 'the setTimeout string ran unvetted' };";
try {
  var id = setTimeout(code, 0);
  setTimeout(function () {
    try { clearInterval(id); } catch (e) { /* nothing to clear */ }
    if (!__probe) __probe = { escaped: false, detail: 'setTimeout accepted a string without throwing, but it did not run' };
  }, 20);
} catch (e) {
  __probe = { escaped: false, detail: 'setTimeout refused the string: ' + e };
}
