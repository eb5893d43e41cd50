'use strict';
// The popup: this tab's sandboxed scripts (a userscript's menu commands as buttons), the site's
// switch, links to the report and the settings. `?tab=N` shows another tab (the report link
// and the tests use it).

/* global paranoidTabStatus, paranoidRenderScripts, paranoidUpdateSite, paranoidExtension */

(async () => {
  const params = new URLSearchParams(location.search);
  let tabId = Number(params.get('tab'));
  if (!Number.isInteger(tabId) || tabId <= 0) {
    const [tab] = await paranoidExtension.tabs.query({ active: true, currentWindow: true });
    tabId = tab ? tab.id : -1;
  }
  const note = document.getElementById('note');
  const toggle = document.getElementById('enabled');
  const show = (text) => { note.textContent = text; note.hidden = false; };
  document.getElementById('options').addEventListener('click', (e) => { e.preventDefault(); paranoidExtension.runtime.openOptionsPage(); });
  document.getElementById('report').addEventListener('click', (e) => {
    e.preventDefault();
    paranoidExtension.tabs.create({ url: paranoidExtension.runtime.getURL(`ui/report.html?tab=${tabId}`) });
  });

  const status = await paranoidTabStatus(tabId);
  if (status === null) {
    toggle.disabled = true;
    show('Paranoid does not run on this page.');
    return;
  }
  document.getElementById('site').textContent = status.origin;
  toggle.checked = status.enabled;
  toggle.addEventListener('change', async () => {
    await paranoidUpdateSite(status.origin, (site) => { site.enabled = toggle.checked; });
    show(`Sandboxing is ${toggle.checked ? 'on' : 'off'} for ${status.origin}. Reload the page to apply it.`);
  });
  if (!status.enabled) show('Sandboxing is off for this site: its Paranoid scripts do not run.');
  else if (status.scripts.length === 0) show('No sandboxed scripts on this page.');
  // A userscript's menu command runs in its sandbox, in the frame whose entry it is.
  const onMenu = (entry, command) => {
    paranoidExtension.tabs.sendMessage(tabId, { type: 'paranoid:us-menu', entry: entry.id, command }, { frameId: entry.frameId }).catch(() => {});
  };
  paranoidRenderScripts(document.getElementById('scripts'), status.scripts, false, status.dropped, onMenu);
  document.body.dataset.loaded = 'true';
})();
