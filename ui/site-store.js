'use strict';
// Writes the user's per-site settings (the popup's switch, the options page). Readers go
// through `paranoidSiteSettings`, which validates what is stored.

/* global paranoidExtension, paranoidSitesKey */
/* exported paranoidStoredSites, paranoidUpdateSite */

async function paranoidStoredSites() {
  const stored = (await paranoidExtension.storage.local.get(paranoidSitesKey))[paranoidSitesKey];
  return stored !== null && typeof stored === 'object' ? stored : {};
}

/**
 * @param {string} origin
 * @param {((site: object) => void) | null} change edits the stored entry in place; null forgets it
 */
async function paranoidUpdateSite(origin, change) {
  const sites = await paranoidStoredSites();
  if (change === null) {
    delete sites[origin];
  } else {
    const site = sites[origin] !== null && typeof sites[origin] === 'object' ? sites[origin] : {};
    change(site);
    sites[origin] = site;
  }
  await paranoidExtension.storage.local.set({ [paranoidSitesKey]: sites });
}
