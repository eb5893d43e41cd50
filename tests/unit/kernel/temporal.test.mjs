'use strict';
// sandbox-page/kernel/temporal.js: Temporal with a virtual `Now`. This Node has no Temporal, so
// the realm gets a small one of the same shape (the statics and methods the stand-in calls,
// and a `Now` that reads the test's real time): the stand-in's `Now` must read the virtual
// clock only, through the methods captured at boot, keep the rest of the namespace as it is,
// and give nothing where the engine has no Temporal.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { withCommons } from './load-kernel-file.mjs';

/** A Temporal of the real one's shape, in the realm: instants are { ms, zone }. */
const FAKE_TEMPORAL = `(() => {
  class Instant {
    constructor(ms) { this.ms = ms; }
    static fromEpochMilliseconds(ms) { return new Instant(ms); }
    toZonedDateTimeISO(zone) { return new ZonedDateTime(this.ms, String(zone)); }
    get epochMilliseconds() { return this.ms; }
  }
  class ZonedDateTime {
    constructor(ms, zone) { this.ms = ms; this.zone = zone; }
    toPlainDateTime() { return { kind: 'datetime', ms: this.ms, zone: this.zone }; }
    toPlainDate() { return { kind: 'date', ms: this.ms, zone: this.zone }; }
    toPlainTime() { return { kind: 'time', ms: this.ms, zone: this.zone }; }
  }
  class PlainDate {}
  const Now = {
    instant() { return Instant.fromEpochMilliseconds(Date.now()); },
    timeZoneId() { return 'Europe/Paris'; },
  };
  globalThis.Temporal = { Instant, ZonedDateTime, PlainDate, Now, [Symbol.toStringTag]: 'Temporal' };
})();`;

function boot({ withTemporal = true } = {}) {
  const loaded = withCommons(['temporal.js']);
  if (withTemporal) loaded.realm.run(FAKE_TEMPORAL);
  let virtual = 1_700_000_000_000;
  const temporal = loaded.makeTemporal(loaded.c, { now: () => virtual });
  return { ...loaded, temporal, move: (ms) => { virtual += ms; } };
}

describe('Temporal on the virtual clock', () => {
  it('Now reads the virtual clock, in the zone asked for or the host\'s', () => {
    const { temporal, move } = boot();
    assert.equal(temporal.Now.instant().epochMilliseconds, 1_700_000_000_000);
    move(250);
    assert.equal(temporal.Now.instant().epochMilliseconds, 1_700_000_000_250);
    assert.equal(temporal.Now.timeZoneId(), 'Europe/Paris');
    assert.deepEqual({ ...temporal.Now.zonedDateTimeISO() }, { ms: 1_700_000_000_250, zone: 'Europe/Paris' });
    assert.deepEqual({ ...temporal.Now.plainDateTimeISO('UTC') }, { kind: 'datetime', ms: 1_700_000_000_250, zone: 'UTC' });
    assert.deepEqual({ ...temporal.Now.plainDateISO() }, { kind: 'date', ms: 1_700_000_000_250, zone: 'Europe/Paris' });
    assert.deepEqual({ ...temporal.Now.plainTimeISO('Asia/Tokyo') }, { kind: 'time', ms: 1_700_000_000_250, zone: 'Asia/Tokyo' });
  });

  it('keeps the rest of the namespace, and never calls the real Now\'s clock', () => {
    const { temporal, realm } = boot();
    const real = realm.global.Temporal;
    assert.equal(temporal.Instant, real.Instant);
    assert.equal(temporal.PlainDate, real.PlainDate);
    assert.notEqual(temporal.Now, real.Now);
    assert.equal(Object.prototype.toString.call(temporal), '[object Temporal]');
    assert.equal(Object.prototype.toString.call(temporal.Now), '[object Temporal.Now]');
    assert.deepEqual(Object.keys(temporal.Now), [], 'its methods are not enumerable, as the real ones');
    real.Now.instant = () => { throw new Error('the real clock was read'); };
    assert.equal(temporal.Now.instant().epochMilliseconds, 1_700_000_000_000);
    assert.throws(() => new temporal.Now.instant(), TypeError, 'a method, not a constructor');
  });

  it('uses the methods captured at boot: a script replacing them changes only its own calls', () => {
    const { temporal, realm } = boot();
    realm.global.Temporal.Instant.fromEpochMilliseconds = () => ({ forged: true });
    realm.global.Temporal.Instant.prototype.toZonedDateTimeISO = () => ({ forged: true });
    assert.equal(temporal.Now.instant().epochMilliseconds, 1_700_000_000_000);
    assert.equal(temporal.Now.zonedDateTimeISO('UTC').zone, 'UTC');
  });

  it('is absent where the engine has no Temporal', () => {
    const { temporal } = boot({ withTemporal: false });
    assert.equal(temporal, undefined);
  });
});
