// Storms the page with events a content script might listen to: custom events named like ours
// with forged details, message events, and DOM mutations, for the whole run.
const names = ['paranoid-post', 'paranoid-run', 'paranoid-ready', 'paranoid-kill', 'paranoid-result', 'paranoid:hello', 'message'];
let n = 0;
const storm = () => {
  for (let i = 0; i < 50; i++) {
    const type = names[n++ % names.length];
    const detail = { type: 'run', source: 'paranoid.postMessage("forged")', id: n, json: '"forged"' };
    document.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
    for (const s of document.querySelectorAll('script')) s.dispatchEvent(new CustomEvent(type, { detail: JSON.stringify(detail), bubbles: true }));
  }
  const junk = document.createElement('span');
  document.documentElement.append(junk);
  junk.remove();
  if (n < 20000) setTimeout(storm, 5);
};
storm();
