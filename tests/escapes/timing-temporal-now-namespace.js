// probe: Temporal.Now as a clock: instant() and the zoned and plain readings moving during synchronous work, or differing from Date.now(), to the millisecond; and a Now reached elsewhere in the namespace
// category: timing
// applies: 2,3
// expect: stopped
// Why it could escape: the engine's Temporal.Now reads real time to the nanosecond; a namespace copied as it is would hand it over.
var __probe;
try {
  if (typeof Temporal !== 'object' || Temporal === null) {
    __probe = { escaped: false, detail: 'Temporal is absent' };
  } else {
    var hits = [];
    var first = Temporal.Now.instant();
    var zoned = Temporal.Now.zonedDateTimeISO('UTC');
    var before = Date.now();
    // Busy work: a real clock moves by milliseconds here.
    var x = 0;
    for (var i = 0; i < 1000000; i++) x = (x * 31 + i) | 0;
    var second = Temporal.Now.instant();
    if (String(first.epochNanoseconds) !== String(second.epochNanoseconds)) hits.push('instant() moved: ' + first.toString() + ' then ' + second.toString());
    if (first.epochMilliseconds !== before) hits.push('instant() is not Date.now(): ' + first.epochMilliseconds + ' vs ' + before);
    if (first.epochNanoseconds % 1000000n !== 0n) hits.push('instant() has sub-millisecond digits: ' + first.epochNanoseconds);
    if (zoned.epochMilliseconds !== before) hits.push('zonedDateTimeISO() is not Date.now()');
    if (Temporal.Now.plainTimeISO('UTC').toString() !== Temporal.Now.plainTimeISO('UTC').toString()) hits.push('plainTimeISO() moved');
    // Other ways to a Now: the namespace's prototype chain, and the classes' constructors.
    var seen = [Object.getPrototypeOf(Temporal), Temporal.Instant, Temporal.ZonedDateTime, Temporal.PlainDateTime];
    for (var k = 0; k < seen.length; k++) {
      if (seen[k] && Object.prototype.hasOwnProperty.call(seen[k], 'Now')) hits.push('a Now on ' + k);
    }
    __probe = { escaped: hits.length > 0, detail: hits.length ? hits.join('; ') : 'Temporal.Now stood still at ' + first.toString() + ' (Date.now() ' + before + ')' };
  }
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
