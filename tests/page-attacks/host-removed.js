// expect: torn-down
// Removes whatever a content script adds to `<html>` as soon as it appears.
new MutationObserver(() => {
  for (const host of __seen.hosts()) { __seen.note(`removed a ${host.localName}`); host.remove(); }
}).observe(document.documentElement, { childList: true });
