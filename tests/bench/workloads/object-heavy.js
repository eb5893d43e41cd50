// Allocates and reads many small objects with a few shapes.
function benchWorkload(n) {
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const points = [];
    for (let j = 0; j < 200; j++) points.push({ x: j, y: i, tag: j % 3 === 0 ? 'a' : 'b', next: null });
    for (let j = 1; j < points.length; j++) points[j - 1].next = points[j];
    for (let p = points[0]; p !== null; p = p.next) sum += p.tag === 'a' ? p.x : p.y;
  }
  return sum;
}
