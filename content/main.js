'use strict';
// The content script's entry (document_start): read this site's settings, then start the
// page's opt-in scripts, the quarantine and the userscripts that match the page. With the site
// switched off nothing runs: the page's `text/x-paranoid` tags stay inert, as without the
// extension, and no userscript runs there.

/* global paranoidExtension, paranoidSiteSettings, paranoidSitesKey, paranoidRegistry, paranoidPageScripts, paranoidQuarantine, paranoidUserscripts, paranoidAskUserscripts */

(async () => {
  // Asked at once, beside the settings read: `document-start` scripts wait for both.
  const userscripts = paranoidAskUserscripts();
  let stored = {};
  try { stored = (await paranoidExtension.storage.local.get(paranoidSitesKey))[paranoidSitesKey]; } catch { /* defaults */ }
  const site = paranoidSiteSettings(stored, location.origin);
  paranoidRegistry.setSite(site);
  if (!site.enabled) return;
  paranoidQuarantine(site, paranoidRegistry);
  paranoidPageScripts(site, paranoidRegistry);
  paranoidUserscripts(site, paranoidRegistry, userscripts);
})();
