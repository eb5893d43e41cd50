'use strict';
// The full report for one tab (`?tab=N`): every sandboxed script with its diagnostics, errors
// at original positions, and, for quarantined scripts, every global they reached for.

/* global paranoidTabStatus, paranoidRenderScripts */

(async () => {
  const tabId = Number(new URLSearchParams(location.search).get('tab'));
  const note = document.getElementById('note');
  const status = Number.isInteger(tabId) ? await paranoidTabStatus(tabId) : null;
  if (status === null) {
    note.textContent = 'That tab is gone, or Paranoid does not run on it.';
    note.hidden = false;
    return;
  }
  document.getElementById('site').textContent = status.url;
  if (status.scripts.length === 0) { note.textContent = 'No sandboxed scripts on that page.'; note.hidden = false; }
  paranoidRenderScripts(document.getElementById('scripts'), status.scripts, true, status.dropped);
  document.body.dataset.loaded = 'true';
})();
