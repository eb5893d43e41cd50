// probe: catastrophic regex backtracking: /^(a+)+$/.test('a'.repeat(40) + 'b')
// category: denial-of-service
// applies: 1
// expect: killed
// Why it could hurt: one call into the regex engine runs for years; the loop is in native code, not in script.
var __probe;
var result = /^(a+)+$/.test('a'.repeat(40) + 'b');
__probe = { escaped: false, detail: 'the backtracking match finished: ' + result };
