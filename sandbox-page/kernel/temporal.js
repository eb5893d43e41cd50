'use strict';
// Threat: `Temporal.Now` reads real time (a clock, like `Date.now()` and `performance.now()`).
// The rest of Temporal is pure arithmetic on dates and times the caller gives it. Defence: where
// the worker's engine has Temporal, the sandbox gets a namespace of its own, built at boot from
// what the kernel reads once:
// 1. Every property of the real namespace but `Now` is copied as it is (the classes: Instant,
//    ZonedDateTime, PlainDate …; none of them reads the time).
// 2. `Now` is a new object whose methods read the virtual clock (what `Date.now()` reads):
//    `instant()` is `Temporal.Instant.fromEpochMilliseconds(now)`, and the zoned and plain
//    ones are that instant in the time zone asked for, else in `timeZoneId()`, the real
//    `Temporal.Now.timeZoneId()` (the host's zone, which `Intl` tells the sandbox anyway; no
//    time). The methods the stand-ins call are captured here, so that a script replacing
//    `Temporal.Instant.fromEpochMilliseconds` changes only what it calls itself.
// 3. An engine without Temporal offers none (the policy's `stand-in-if-present`).
// Spec: Temporal proposal §2 (Temporal.Now), ECMA-262 §21.4.1.2 (time values).

/**
 * @param {any} c captured commons
 * @param {{ now: () => number }} clock the virtual clock
 * @returns {object | undefined} the stand-in namespace, or undefined where the engine has none
 */
function makeTemporal(c, clock) {
  const real = c.global.Temporal;
  if (!c.isObject(real)) return undefined;
  const realNow = real.Now;
  const Instant = real.Instant;
  const ZonedDateTime = real.ZonedDateTime;
  const method = (object, name) => {
    const value = c.isObject(object) ? c.get(object, name, object) : undefined;
    if (typeof value !== 'function') throw c.construct(c.Error, [`kernel: Temporal lacks ${name}`]);
    return value;
  };
  const fromEpochMilliseconds = method(Instant, 'fromEpochMilliseconds');
  const toZonedDateTimeISO = method(Instant.prototype, 'toZonedDateTimeISO');
  const toPlainDateTime = method(ZonedDateTime.prototype, 'toPlainDateTime');
  const toPlainDate = method(ZonedDateTime.prototype, 'toPlainDate');
  const toPlainTime = method(ZonedDateTime.prototype, 'toPlainTime');
  const realTimeZoneId = method(realNow, 'timeZoneId');

  const instant = () => c.apply(fromEpochMilliseconds, Instant, [clock.now()]);
  const timeZoneId = () => c.apply(realTimeZoneId, realNow, []);
  const zoned = (zone) => c.apply(toZonedDateTimeISO, instant(), [zone === undefined ? timeZoneId() : zone]);
  // Methods, as the real ones are: no `prototype`, not constructors.
  const now = {
    instant() { return instant(); },
    timeZoneId() { return timeZoneId(); },
    zonedDateTimeISO(zone) { return zoned(zone); },
    plainDateTimeISO(zone) { return c.apply(toPlainDateTime, zoned(zone), []); },
    plainDateISO(zone) { return c.apply(toPlainDate, zoned(zone), []); },
    plainTimeISO(zone) { return c.apply(toPlainTime, zoned(zone), []); },
  };
  const names = c.ownKeys(now);
  for (let i = 0; i < names.length; i++) c.defineProperty(now, names[i], { __proto__: null, enumerable: false });
  c.defineProperty(now, c.Symbol.toStringTag, { __proto__: null, value: 'Temporal.Now', writable: false, enumerable: false, configurable: true });

  const namespace = c.create(c.getPrototypeOf(real));
  const keys = c.ownKeys(real);
  for (let i = 0; i < keys.length; i++) {
    if (keys[i] === 'Now') continue;
    c.defineProperty(namespace, keys[i], c.getOwnPropertyDescriptor(real, keys[i]));
  }
  c.defineProperty(namespace, 'Now', { __proto__: null, value: now, writable: true, enumerable: false, configurable: true });
  return namespace;
}
