// probe: new RTCPeerConnection with a STUN server at the test host, then createOffer (ICE gathering)
// category: network
// applies: 1,2,3
// expect: stopped
// Why it could escape: WebRTC traffic is not governed by connect-src in most browsers.
var __probe;
var origin = typeof testServer === 'string' ? testServer : 'http://127.0.0.1:9';
var url = origin + '/probe/network-rtc-peer-connection.js';
// The first verdict wins, except that a success may overrule an earlier failure.
function done(escaped, detail) { if (!__probe || (escaped && !__probe.escaped)) __probe = { escaped: escaped, detail: String(detail) }; }
// The API by its bare name, else as a property of the global (both must be gone).
function find(name) {
  try { if (typeof globalThis !== 'undefined' && globalThis && globalThis[name] !== undefined) return globalThis[name]; } catch (e) { /* a throwing getter is no API */ }
  try { if (typeof self !== 'undefined' && self && self[name] !== undefined) return self[name]; } catch (e) { /* same */ }
  return undefined;
}
try {
  var R = typeof RTCPeerConnection === 'function' ? RTCPeerConnection : find('RTCPeerConnection') || find('webkitRTCPeerConnection');
  if (typeof R !== 'function') done(false, 'RTCPeerConnection is absent');
  else {
    var host = origin.replace(/^https?:\/\//, '').replace(/:\d+$/, '');
    var pc = new R({ iceServers: [{ urls: 'stun:' + host + ':9' }] });
    pc.createDataChannel('x');
    pc.onicecandidate = function (ev) { if (ev.candidate) done(true, 'ICE gathering produced a candidate'); };
    pc.createOffer().then(function (o) { return pc.setLocalDescription(o); }).then(function () { done(true, 'RTCPeerConnection made an offer'); }, function (e) { done(false, 'WebRTC failed: ' + e); });
  }
} catch (e) {
  done(false, 'threw: ' + e);
}
