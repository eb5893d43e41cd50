// Sandboxed: counts the primes below a limit the page sends, and posts the answer back.
// It has no DOM, no network, no storage: only `paranoid.postMessage` and `paranoid.onMessage`.
function countPrimes(limit) {
  const sieve = new Uint8Array(limit + 1);
  let count = 0;
  for (let i = 2; i <= limit; i++) {
    if (sieve[i]) continue;
    count++;
    for (let j = i * i; j <= limit; j += i) sieve[j] = 1;
  }
  return count;
}
paranoid.onMessage((message) => {
  if (typeof message.limit !== 'number' || message.limit < 2 || message.limit > 5e6) {
    paranoid.postMessage({ error: 'limit must be a number from 2 to 5,000,000' });
    return;
  }
  paranoid.postMessage({ limit: message.limit, primes: countPrimes(message.limit) });
});
paranoid.postMessage({ ready: true });
