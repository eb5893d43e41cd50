// fidelity: ArrayBuffer, DataView with both endiannesses, typed array views sharing a buffer, clamping, subarray and slice, TextEncoder-free byte work
// expect: {"bytes":[255,52,52,18,63,192,0,0],"le":4660,"be":65332,"float":1.5,"clamped":[255,0,2],"wrapped":[0,255],"shared":255,"slicedIndependent":52,"f64":0.30000000000000004,"byteLength":[8,2],"sorted":[-1,2,3]}
var __result;
__result = (function () {
  var buf = new ArrayBuffer(8);
  var dv = new DataView(buf);
  dv.setUint16(0, 0x1234);
  dv.setUint16(2, 0x1234, true);
  dv.setFloat32(4, 1.5);
  var bytes = new Uint8Array(buf);
  var clamped = new Uint8ClampedArray([300, -5, 1.5]);
  var wrapped = new Uint8Array([256, -1]);
  var sub = bytes.subarray(0, 2);
  sub[0] = 0xff;
  var sliced = bytes.slice(0, 2);
  sliced[1] = 0;
  var f64 = new Float64Array([0.1 + 0.2]);
  return {
    bytes: Array.from(bytes), le: dv.getUint16(2, true), be: dv.getUint16(0), float: dv.getFloat32(4),
    clamped: Array.from(clamped), wrapped: Array.from(wrapped), shared: bytes[0], slicedIndependent: bytes[1],
    f64: f64[0], byteLength: [buf.byteLength, new Int32Array(buf).length], sorted: Array.from(new Int8Array([3, -1, 2]).sort()),
  };
})();
