// Reads built-in globals (Math, Number, String, Array) in a hot loop: where a stand-in global
// costs most, since every free identifier is a property read on the scope.
function benchWorkload(n) {
  let acc = 0;
  for (let i = 0; i < n * 1000; i++) {
    acc += Math.floor(Math.sqrt(i) + Math.sin(i) * Math.PI);
    acc += Number.isInteger(i) ? 1 : 0;
    acc = acc % Number.MAX_SAFE_INTEGER;
    if (Array.isArray(acc)) acc = 0;
    acc += String(i % 10).length;
  }
  return acc;
}
