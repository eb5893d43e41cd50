// Regular expressions: matching, global replace, capture groups.
function benchWorkload(n) {
  const text = 'The quick brown fox, 42 jumps over 7 lazy dogs at 3:15pm on 2024-05-06. '.repeat(20);
  const date = /(\d{4})-(\d{2})-(\d{2})/g;
  let total = 0;
  for (let i = 0; i < n; i++) {
    total += (text.match(/\b\w{5}\b/g) || []).length;
    total += text.replace(/\d+/g, (m) => String(Number(m) + i)).length;
    date.lastIndex = 0;
    for (let m = date.exec(text); m !== null; m = date.exec(text)) total += Number(m[3]);
    total += /lazy\s+(\w+)/.exec(text)[1].length;
  }
  return total;
}
