// probe: requestAnimationFrame's timestamp as a clock: a real frame time, or one that differs from the virtual performance.now()
// category: timing
// applies: 2,3
// expect: stopped
// Why it could escape: a worker's real requestAnimationFrame hands each callback the real time of the frame.
var __probe;
try {
  if (typeof requestAnimationFrame !== 'function') {
    __probe = { escaped: false, detail: 'requestAnimationFrame is absent' };
  } else {
    var stamps = [];
    var nows = [];
    var frame = function (t) {
      stamps.push(t);
      nows.push(typeof performance === 'object' && performance !== null ? performance.now() : null);
      // A busy frame: a real clock would move within it.
      var x = 0;
      for (var i = 0; i < 200000; i++) x = (x * 31 + i) | 0;
      if (nows[nows.length - 1] !== null && performance.now() !== nows[nows.length - 1]) {
        __probe = { escaped: true, detail: 'performance.now() moved inside a frame callback' };
        return;
      }
      if (stamps.length < 3) { requestAnimationFrame(frame); return; }
      var real = stamps.some(function (s, k) { return s !== nows[k] || s !== Math.floor(s); });
      __probe = { escaped: real, detail: 'frame stamps ' + stamps.join(',') + ' against performance.now() ' + nows.join(',') };
    };
    requestAnimationFrame(frame);
  }
} catch (e) {
  __probe = { escaped: false, detail: 'threw: ' + e };
}
