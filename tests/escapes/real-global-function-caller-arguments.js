// probe: fn.caller / fn.arguments and the Function.prototype accessors, also on the sandbox's own functions
// category: real-global
// applies: 2,3
// expect: stopped
// Why it could escape: `.caller` of a sloppy function on the stack hands out its caller (the kernel).
var __probe;
var notes = [];
var leaked = [];
function inspect(name, fn) {
  if (typeof fn !== 'function') { notes.push(name + ' absent'); return; }
  ['caller', 'arguments'].forEach(function (key) {
    try {
      var v = fn[key];
      notes.push(name + '.' + key + '=' + (v === null ? 'null' : typeof v));
      if (typeof v === 'function' && v !== inspect && v !== probe) leaked.push(name + '.' + key + ' is a foreign function');
    } catch (e) { notes.push(name + '.' + key + ' threw ' + e.name); }
  });
}
function probe() {
  inspect('probe', probe);
  inspect('Function', Function);
  inspect('setTimeout', typeof setTimeout === 'function' ? setTimeout : undefined);
  inspect('Array.prototype.map', Array.prototype.map);
  // The accessors themselves, applied to a callback the engine calls while sort runs.
  var d = Object.getOwnPropertyDescriptor(Function.prototype, 'caller');
  if (d && typeof d.get === 'function') {
    [3, 1, 2].sort(function cmp(a, b) {
      try { var c = d.get.call(cmp); if (typeof c === 'function') leaked.push('caller accessor gave ' + (c.name || 'anonymous')); } catch (e) { notes.push('accessor threw ' + e.name); }
      return a - b;
    });
  }
}
try {
  probe();
  __probe = { escaped: leaked.length > 0, detail: (leaked.length ? leaked.join('; ') + ' | ' : '') + notes.join('; ') };
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e + ' | ' + notes.join('; ') };
}
