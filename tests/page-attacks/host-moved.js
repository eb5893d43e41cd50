// expect: torn-down
// Moves each host into the body and restyles it (to see the frame, or make it reload).
new MutationObserver(() => {
  for (const host of __seen.hosts()) {
    __seen.note(`moved a ${host.localName}`);
    host.style.display = 'block';
    (document.body || document.head).append(host);
  }
}).observe(document.documentElement, { childList: true });
