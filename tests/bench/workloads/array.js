// Array building, sorting, mapping and reducing.
function benchWorkload(n) {
  let total = 0;
  for (let i = 0; i < n; i++) {
    const a = [];
    for (let j = 0; j < 2000; j++) a.push((j * 7919 + i) % 1009);
    a.sort((x, y) => x - y);
    total += a.map((x) => x * 2).filter((x) => x % 3 === 0).reduce((s, x) => s + x, 0);
    total += a.indexOf(500) + a.slice(100, 200).length;
  }
  return total;
}
