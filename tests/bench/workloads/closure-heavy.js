// Makes and calls many closures (counters, composed functions).
function benchWorkload(n) {
  const compose = (f, g) => (x) => f(g(x));
  let total = 0;
  for (let i = 0; i < n; i++) {
    let counter = 0;
    const inc = () => { counter++; return counter; };
    const add = (k) => (x) => x + k;
    let f = (x) => x;
    for (let j = 0; j < 50; j++) f = compose(f, add(j));
    for (let j = 0; j < 40; j++) total += f(inc());
  }
  return total;
}
