// One escape probe per row of the kernel review (commons-table.mjs): it replaces the built-in
// with a transparent trap, makes the kernel work for it (console, timers, microtasks, the
// `Function` stand-ins, a refused function, the virtual clock, `Intl`, an uncaught throw, an
// unhandled rejection, `paranoid.cpuLevel`, an event's dispatch, an abort), and counts the trap's calls meanwhile. The probe's
// own calls go through references it took before the trap was set, and it hands the kernel only
// primitives and its own callbacks, so a call of the trap is the kernel using the polluted
// built-in: the probe counts it as an escape. A kernel that breaks instead fails closed (nothing
// escapes); the report says so.

import { COMMONS_TABLE } from './commons-table.mjs';

/** The rows that get a probe. */
export const POLLUTABLE = COMMONS_TABLE.filter((row) => row.kind !== 'none');

/**
 * The probe's source for one row.
 * @param {import('./commons-table.mjs').CommonsRow} row
 */
export function pollutionProbe(row) {
  const what = row.kind === 'constructor' || row.kind === 'prototype' ? `every function and accessor of ${row.owner}${row.kind === 'constructor' ? ' and its prototype' : ''}` : `${row.owner}.${row.name} (${row.kind})`;
  return `// probe: kernel review, \`${row.key}\`: ${what} replaced by a trap while the kernel works
// category: kernel-pollution
// applies: 3
// expect: stopped
// Why it could escape: a kernel that calls a built-in it did not capture before untrusted code ran runs the sandbox's replacement with the kernel's own arguments.
var __probe = { escaped: false, detail: 'the probe did not finish' };
(function () {
  // Taken before any trap is set; the probe's own calls use only these.
  var apply, construct, ownKeys, gopd, define, getProto;
  try {
    apply = Reflect.apply; construct = Reflect.construct; ownKeys = Reflect.ownKeys;
    gopd = Object.getOwnPropertyDescriptor; define = Object.defineProperty; getProto = Object.getPrototypeOf;
  } catch (e) {
    __probe = { escaped: false, detail: 'nothing checked: no Reflect or Object to set traps with' };
    return;
  }
  // Each may be missing when a layer is switched off (with layer 3 off, names the stand-in
  // scope gives are looked up on the scrubbed global instead).
  function take(read) { try { var v = read(); return typeof v === 'function' ? v : null; } catch (e) { return null; } }
  var log = take(function () { return console.log; }), warn = take(function () { return console.warn; });
  var later = take(function () { return setTimeout; }), cancel = take(function () { return clearTimeout; });
  var every = take(function () { return setInterval; }), stop = take(function () { return clearInterval; });
  var micro = take(function () { return queueMicrotask; });
  var ET = take(function () { return EventTarget; }), Ev = take(function () { return Event; });
  var AC = take(function () { return AbortController; }), AS = take(function () { return AbortSignal; });
  var anySignal = AS !== null ? take(function () { return AS.any; }) : null;
  var timeoutSignal = AS !== null ? take(function () { return AS.timeout; }) : null;
  var listen = ET !== null ? take(function () { return ET.prototype.addEventListener; }) : null;
  var fire = ET !== null ? take(function () { return ET.prototype.dispatchEvent; }) : null;
  var abortOf = AC !== null ? take(function () { return AC.prototype.abort; }) : null;
  var signalOf = AC !== null ? take(function () { var d = gopd(AC.prototype, 'signal'); return d && d.get; }) : null;
  var iteratorKey = typeof Symbol === 'function' ? Symbol.iterator : null;
  var Fn = take(function () { return Function; });
  var D = take(function () { return Date; }), dateNow = take(function () { return Date.now; });
  var DTF = take(function () { return Intl.DateTimeFormat; });
  var p = null;
  try { p = typeof paranoid === 'object' && paranoid !== null ? paranoid : null; } catch (e) { p = null; }
  var cpuLevel = p !== null ? take(function () { return p.cpuLevel; }) : null;
  if (later === null) { __probe = { escaped: false, detail: 'nothing checked: no setTimeout to finish with' }; return; }

  var armed = false, hits = 0, first = '', traps = 0, skipped = 0;
  function hit(label) { if (!armed) return; hits++; if (first === '') first = label; }
  function trapFunction(original, label) {
    return function () {
      hit(label);
      if (new.target !== undefined) return construct(original, arguments, new.target);
      return apply(original, this, arguments);
    };
  }
  function trapKey(target, key, label, halves) {
    var d = gopd(target, key);
    if (d === undefined) { skipped++; return; }
    if ('value' in d) {
      if (typeof d.value !== 'function' || halves !== 'value') { return; }
      var t = trapFunction(d.value, label);
      if (d.configurable) { define(target, key, { value: t, writable: d.writable, enumerable: d.enumerable, configurable: true }); traps++; }
      else if (d.writable) { target[key] = t; traps++; }
      else skipped++;
      return;
    }
    if (!d.configurable) { skipped++; return; }
    var get = d.get, set = d.set;
    define(target, key, {
      get: get !== undefined && halves !== 'set' ? trapFunction(get, label + ' (get)') : get,
      set: set !== undefined && halves !== 'get' ? trapFunction(set, label + ' (set)') : set,
      enumerable: d.enumerable, configurable: true,
    });
    traps++;
  }
  function trapAll(target, label) {
    var keys = ownKeys(target);
    for (var i = 0; i < keys.length; i++) {
      var k = keys[i];
      if (k === 'constructor' || k === 'prototype') continue;
      var d = gopd(target, k);
      if ('value' in d) { if (typeof d.value === 'function') trapKey(target, k, label + '.' + (typeof k === 'symbol' ? 'symbol' : k), 'value'); }
      else trapKey(target, k, label + '.' + (typeof k === 'symbol' ? 'symbol' : k), 'both');
    }
  }

  // The object and what it inherits from, up to \`stop\` (so a typed array's %TypedArray% and
  // an error type's Error are trapped too), never Object.prototype or Function.prototype
  // themselves (they have rows of their own).
  function trapChain(target, stop, label) {
    for (var o = target, depth = 0; o !== null && o !== stop && o !== Object.prototype && o !== Function.prototype; o = getProto(o), depth++) {
      trapAll(o, depth === 0 ? label : label + ' (inherited ' + depth + ')');
    }
  }

  var owner;
  try { owner = (function () { return ${row.owner}; })(); } catch (e) { owner = undefined; }
  if ((typeof owner !== 'object' && typeof owner !== 'function') || owner === null) {
    __probe = { escaped: false, detail: 'not reachable from the sandbox: ${row.owner}' };
    return;
  }
  try {
    ${trapStatement(row)}
  } catch (e) {
    __probe = { escaped: false, detail: 'could not set the trap: ' + (typeof e === 'object' && e !== null ? e.name : typeof e) };
    return;
  }
  if (traps === 0) { __probe = { escaped: false, detail: 'nothing replaceable (' + skipped + ' missing or frozen)' }; return; }

  armed = true;
  var steps = 0;
  function step(f) { try { f(); steps++; } catch (e) { /* a refusal is the kernel working */ steps++; } }
  if (log !== null) step(function () { log('kernel review', 1, true, null, undefined); });
  if (warn !== null) step(function () { warn('kernel review'); });
  if (cancel !== null) step(function () { var t = later(function () {}, 50); cancel(t); });
  if (every !== null && stop !== null) step(function () { var i = every(function () { stop(i); }, 1); });
  if (micro !== null) step(function () { micro(function () {}); });
  if (Fn !== null) step(function () { Fn('a', 'return a + 1')(1); });
  if (Fn !== null) step(function () { new Fn('return (')(); });
  if (D !== null && dateNow !== null) step(function () { dateNow(); new D(); D(); new D(0); });
  if (DTF !== null) step(function () { var f = new DTF('en-US'); f.format(); f.formatToParts(); });
  if (cpuLevel !== null) step(function () { apply(cpuLevel, p, []); });
  // The DOM's events and aborting, written in the kernel: a dispatch with a once listener and a
  // throwing one, a controller's abort reaching a signal-bound listener and a dependent signal,
  // a virtual timeout.
  if (ET !== null && Ev !== null && listen !== null && fire !== null) step(function () {
    var t = construct(ET, []);
    apply(listen, t, ['x', function () {}, { once: true }]);
    apply(listen, t, ['x', function () { throw 'thrown in a listener on purpose'; }]);
    apply(fire, t, [construct(Ev, ['x', { cancelable: true }])]);
  });
  if (AC !== null && iteratorKey !== null && anySignal !== null && timeoutSignal !== null && listen !== null && abortOf !== null && signalOf !== null) step(function () {
    var ac = construct(AC, []);
    var s = apply(signalOf, ac, []);
    var t = construct(ET, []);
    apply(listen, t, ['y', function () {}, { signal: s }]);
    // The iterable is the probe's own, not an array: its iteration is the probe's business.
    var once = {};
    once[iteratorKey] = function () { var done = false; return { next: function () { var r = { value: s, done: done }; done = true; return r; } }; };
    apply(anySignal, AS, [once]);
    apply(timeoutSignal, AS, [1]);
    apply(abortOf, ac, ['reason']);
  });
  // An unhandled rejection: the kernel's own event handler reports it (only where there is a kernel).
  if (p !== null) step(function () { (async function () { throw 'rejected on purpose'; })(); });
  // An uncaught throw in a timer: the kernel describes and reports it (only where there is one).
  if (p !== null) later(function () { throw 'thrown in a timer on purpose'; }, 0);
  if (Fn !== null) later(function () { try { Fn('return 2')(); } catch (e) { /* refused: the kernel working */ } }, 2);
  later(function () {
    armed = false;
    __probe = {
      escaped: hits > 0,
      detail: hits > 0
        ? 'the kernel called the trap ' + hits + ' times, first ' + first
        : traps + ' traps set (' + skipped + ' missing or frozen), ' + steps + ' kernel steps, no call',
    };
  }, 20);
})();
`;
}

/** The statement that sets the traps of `row` on `owner`. */
function trapStatement(row) {
  const label = JSON.stringify(row.kind === 'constructor' || row.kind === 'prototype' ? row.owner : `${row.owner}.${row.name}`);
  switch (row.kind) {
    case 'method': return `trapKey(owner, ${JSON.stringify(row.name)}, ${label}, 'value');`;
    case 'getter': return `trapKey(owner, ${JSON.stringify(row.name)}, ${label}, 'get');`;
    case 'setter': return `trapKey(owner, ${JSON.stringify(row.name)}, ${label}, 'set');`;
    case 'prototype': return `trapAll(owner, ${label});`;
    case 'constructor': return `trapChain(owner, Function.prototype, ${label}); if (typeof owner === 'function' && (typeof owner.prototype === 'object' || typeof owner.prototype === 'function') && owner.prototype !== null) trapChain(owner.prototype, Object.prototype, ${label} + '.prototype');`;
    default: throw new Error(`no probe for kind ${row.kind}`);
  }
}
