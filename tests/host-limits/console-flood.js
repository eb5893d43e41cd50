// A sandbox that floods the host with console lines: the kernel passes at most 200 per virtual
// instant, says how many it dropped, and the host keeps at most 1,000 in all.
var __result = 0;
for (let i = 0; i < 100000; i++) { console.log('line', i); __result++; }
setTimeout(() => { console.log('later'); }, 5);
