// JSON round trips of a nested document.
function benchWorkload(n) {
  const doc = { users: [] };
  for (let j = 0; j < 100; j++) doc.users.push({ id: j, name: `user ${j}`, tags: ['a', 'b', String(j)], score: j / 7, active: j % 2 === 0 });
  let total = 0;
  for (let i = 0; i < n; i++) {
    const text = JSON.stringify(doc);
    const back = JSON.parse(text);
    total += text.length + back.users[i % 100].id;
  }
  return total;
}
