// prelude: lodash
// Library-style code: lodash's collection functions on generated data.
function benchWorkload(n) {
  const _ = globalThis._;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const rows = _.range(300).map((j) => ({ id: j, group: j % 7, value: (j * 31 + i) % 101 }));
    const grouped = _.groupBy(rows, 'group');
    total += _.sumBy(_.values(_.mapValues(grouped, (g) => _.maxBy(g, 'value'))), 'value');
    total += _.uniq(_.map(rows, 'value')).length + _.chunk(rows, 10).length;
    total += _.sortBy(rows, ['value', 'id'])[0].id + _.cloneDeep(rows.slice(0, 20)).length;
  }
  return total;
}
