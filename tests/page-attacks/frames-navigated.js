// expect: either
// Walks `window.frames` and, as soon as any frame appears, navigates it to a page of the
// attacker's own (a parent may navigate its children's frames), which takes whatever init and
// port the content script then posts and answers with forged `hello`s. Also tries the host's
// own frame through the DOM, if it can find one. Where the browser hides the frame from
// `window.frames`, nothing is navigated and the sandbox runs as usual.
const done = new Set();
const tick = () => {
  for (let i = 0; i < window.frames.length; i++) {
    const w = window.frames[i];
    if (done.has(w)) continue;
    done.add(w);
    try { w.location.href = __seen.catcher; __seen.note(`navigated frame ${i}`); } catch (e) { __seen.note(`navigate ${i}: ${e.name}`); }
  }
  for (const host of __seen.hosts()) {
    if (host.shadowRoot) __seen.got('an open shadow root on our host', host.shadowRoot.innerHTML);
  }
};
setInterval(tick, 1);
new MutationObserver(tick).observe(document, { childList: true, subtree: true });
