'use strict';
// Threat: real time is a side channel (timing attacks on the host, on the CPU, on other
// sandboxes). Defence: untrusted code sees only virtual time, exactly as docs/design.md describes.
// 1. Virtual time stands still during synchronous code. A `run` from the host moves it to the
//    host's timestamp (never backwards). Any other call in (GM replies, deliveries, DOM events:
//    what a sandbox can make the host send at will) moves it only to the host's time rounded
//    down to `stepMs` (100 ms): had they moved it exactly, a script awaiting one between two
//    reads of `Date.now()` measured its own work to the millisecond (measured: 34, 4, 8, 5, 17
//    ms in Chromium). Each call in is an instant of its own for the CPU budget (`instant()`).
// 2. A timer due at virtual time D runs with the clock at exactly D, no earlier in real time
//    than D nor than its delay after it was set, and timers run in virtual order (due time, then
//    creation order), never in real order.
// 3. `Date`, `Date.now`, `Date()` and `Intl.DateTimeFormat`'s `format`/`formatToParts` without a
//    date read the virtual clock; `Date.prototype.constructor` is the stand-in.
// 4. Timer callbacks get `this === undefined`; string handlers (eval in disguise) are refused.
// Spec: HTML §8.6 (timers), ECMA-262 §21.4 (Date), ECMA-402 §11 (DateTimeFormat).

/**
 * @param {any} c captured commons
 * @param {{ changed(): void, uncaught(error: unknown): void }} hooks the kernel's event loop
 */
function makeClock(c, hooks, stepMs) {
  const realNow = () => c.apply(c.performanceNow, c.performance, []);
  let virtualNow = c.apply(c.dateNow, c.Date, []);
  let instantId = 0;
  let anchorVirtual = virtualNow;
  let anchorReal = realNow();

  // Timers: a binary heap in a null-prototype object (no inherited index setters), ordered by
  // (due, seq); `live` maps ids to entries so that clearing is O(1) and lazy.
  const heap = c.create(null);
  let size = 0;
  const live = c.create(null);
  let nextId = 1;
  let seq = 0;
  // The comparisons are written out in the loops, with no call inside them: a stack overflow
  // (untrusted code can call in with almost no stack left) can then only happen before a loop
  // starts, never halfway through one, so the heap is never left out of order.
  const push = (entry) => {
    let i = size++;
    heap[i] = entry;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const a = heap[i], b = heap[parent];
      if (!(a.due < b.due || (a.due === b.due && a.seq < b.seq))) break;
      heap[i] = b; heap[parent] = a;
      i = parent;
    }
  };
  const pop = () => {
    const top = heap[0];
    size--;
    heap[0] = heap[size];
    heap[size] = undefined;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1, r = l + 1;
      let m = i;
      if (l < size) { const a = heap[l], b = heap[m]; if (a.due < b.due || (a.due === b.due && a.seq < b.seq)) m = l; }
      if (r < size) { const a = heap[r], b = heap[m]; if (a.due < b.due || (a.due === b.due && a.seq < b.seq)) m = r; }
      if (m === i) break;
      const t = heap[i]; heap[i] = heap[m]; heap[m] = t;
      i = m;
    }
    return top;
  };
  const dropCleared = () => { while (size > 0 && live[heap[0].id] !== heap[0]) pop(); };

  const delayOf = (timeout) => {
    const n = c.Number(timeout);
    if (!(n > 0)) return 0;
    return n > 2147483647 ? 2147483647 : c.mathFloor(n);
  };
  const schedule = (name, handler, timeout, args, repeat) => {
    if (typeof handler !== 'function') {
      throw c.construct(c.TypeError, [`${name}: the handler must be a function (a string would be evaluated, which the sandbox refuses)`]);
    }
    const delay = delayOf(timeout);
    const entry = { __proto__: null, id: nextId++, due: virtualNow + delay, notBefore: realNow() + delay, seq: seq++, handler, args, repeat, delay };
    live[entry.id] = entry;
    push(entry);
    hooks.changed();
    return entry.id;
  };
  const clear = (id) => {
    const key = typeof id === 'number' ? id : c.Number(id);
    if (live[key] !== undefined) { live[key] = undefined; hooks.changed(); }
  };

  // The stand-ins untrusted code sees. Method shorthand gives functions without `prototype`.
  const timers = {
    setTimeout(handler, timeout, ...args) { return schedule('setTimeout', handler, timeout, args, false); },
    setInterval(handler, timeout, ...args) { return schedule('setInterval', handler, timeout, args, true); },
    clearTimeout(id) { clear(id); },
    clearInterval(id) { clear(id); },
    queueMicrotask(callback) {
      if (typeof callback !== 'function') throw c.construct(c.TypeError, ['queueMicrotask: the callback must be a function']);
      c.apply(c.queueMicrotask, undefined, [() => {
        try { c.apply(callback, undefined, []); } catch (error) { hooks.uncaught(error); }
      }]);
    },
  };

  // Date: the realm's own Date.prototype, so instances and methods are native; only "now" moves.
  const RealDate = c.Date;
  const dateToString = RealDate.prototype.toString;
  const Date = function Date(...args) {
    if (new.target === undefined) return c.apply(dateToString, c.construct(RealDate, [virtualNow]), []);
    return c.construct(RealDate, args.length === 0 ? [virtualNow] : args, new.target);
  };
  c.defineProperty(Date, 'length', { __proto__: null, value: 7, writable: false, enumerable: false, configurable: true });
  c.defineProperty(Date, 'prototype', { __proto__: null, value: RealDate.prototype, writable: false, enumerable: false, configurable: false });
  const statics = {
    now() { return virtualNow; },
    parse: RealDate.parse,
    UTC: RealDate.UTC,
  };
  const staticKeys = ['now', 'parse', 'UTC'];
  for (let i = 0; i < staticKeys.length; i++) {
    c.defineProperty(Date, staticKeys[i], { __proto__: null, value: statics[staticKeys[i]], writable: true, enumerable: false, configurable: true });
  }
  c.defineProperty(RealDate.prototype, 'constructor', { __proto__: null, value: Date, writable: false, enumerable: false, configurable: false });

  // Intl.DateTimeFormat: `format` (a getter giving a bound function) and `formatToParts` use the
  // current time when called without a date. Both are redefined on the realm's prototype.
  const dtfProto = c.Intl.DateTimeFormat.prototype;
  const realFormatGetter = c.getOwnPropertyDescriptor(dtfProto, 'format').get;
  const realFormatToParts = dtfProto.formatToParts;
  c.defineProperty(dtfProto, 'format', {
    __proto__: null,
    configurable: false,
    enumerable: false,
    get() {
      const bound = c.apply(realFormatGetter, this, []);
      return (date) => c.apply(bound, undefined, [date === undefined ? virtualNow : date]);
    },
  });
  c.defineProperty(dtfProto, 'formatToParts', {
    __proto__: null,
    configurable: false,
    enumerable: false,
    writable: false,
    value: {
      formatToParts(date) { return c.apply(realFormatToParts, this, [date === undefined ? virtualNow : date]); },
    }.formatToParts,
  });

  return c.freeze({
    __proto__: null,
    standIns: c.freeze({
      __proto__: null,
      Date,
      Intl: c.Intl,
      setTimeout: timers.setTimeout,
      setInterval: timers.setInterval,
      clearTimeout: timers.clearTimeout,
      clearInterval: timers.clearInterval,
      queueMicrotask: timers.queueMicrotask,
    }),
    now: () => virtualNow,
    /** Which instant the CPU budget counts: a new one at each call in and each move of time. */
    instant: () => instantId,
    /**
     * A call in from the host, with the host's timestamp: a `run` (`exact`) moves the clock to it,
     * any other call to it rounded down to the step; never backwards. Timers are anchored where
     * the clock moved to.
     */
    hostCall(t, exact) {
      instantId++;
      if (typeof t !== 'number' || !(t === t)) return;
      const to = exact ? t : c.mathFloor(t / stepMs) * stepMs;
      if (to <= virtualNow) return;
      virtualNow = to;
      anchorVirtual = virtualNow;
      anchorReal = realNow() - (t - to);
    },
    pending() { dropCleared(); let n = 0; for (let i = 0; i < size; i++) if (live[heap[i].id] === heap[i]) n++; return n; },
    /** Real milliseconds until the next timer may run, or -1 when none is pending. */
    realDelay() {
      dropCleared();
      if (size === 0) return -1;
      const now = realNow();
      const byClock = anchorReal + (heap[0].due - anchorVirtual) - now;
      const byDelay = heap[0].notBefore - now;
      const wait = byClock > byDelay ? byClock : byDelay;
      return wait > 0 ? wait : 0;
    },
    /** Runs the earliest timer (one per task, as browsers do). */
    runNext() {
      dropCleared();
      if (size === 0) return;
      const entry = pop();
      if (entry.due > virtualNow) { virtualNow = entry.due; instantId++; }
      if (entry.repeat) {
        entry.due = virtualNow + (entry.delay > 0 ? entry.delay : 1);
        entry.notBefore = realNow() + entry.delay;
        entry.seq = seq++;
        push(entry);
      } else {
        live[entry.id] = undefined;
      }
      try {
        c.apply(entry.handler, undefined, entry.args);
      } catch (error) {
        hooks.uncaught(error);
      }
    },
  });
}
