// String building, slicing, searching and case changes.
function benchWorkload(n) {
  let total = 0;
  for (let i = 0; i < n; i++) {
    let s = '';
    for (let j = 0; j < 300; j++) s += String.fromCharCode(97 + ((i + j) % 26));
    const parts = s.split('e');
    total += parts.length + s.toUpperCase().indexOf('Q') + s.slice(10, 50).replace('a', 'b').length;
    total += s.padStart(400, '-').trim().length + s.charCodeAt(i % 300);
  }
  return total;
}
