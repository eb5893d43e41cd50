// probe: paranoid.constructor, paranoid.__proto__, Object.getPrototypeOf(paranoid) and every member, a few levels deep: anything from another realm or a host object?
// category: host-api
// applies: 1,2
// expect: stopped
// prelude: escapes/prelude/host-api-helpers.js
// Why it could escape: an API object built in the frame's realm, or wrapping a host object, leads to that realm's Function and global.
var __probe;
if (typeof paranoid !== 'object' && typeof paranoid !== 'function') {
  __probe = { escaped: false, detail: 'no host api' };
} else {
  try {
    scan(paranoid, 'paranoid', 4);
    try { scan(paranoid.constructor, 'paranoid.constructor', 2); } catch (e) { notes.push('constructor threw ' + e.name); }
    try { scan(paranoid.__proto__, 'paranoid.__proto__', 2); } catch (e) { notes.push('__proto__ threw ' + e.name); }
    notes.push('members: ' + Reflect.ownKeys(paranoid).map(String).join(','));
    finish();
  } catch (e) {
    __probe = { escaped: false, detail: 'threw: ' + e };
  }
}
