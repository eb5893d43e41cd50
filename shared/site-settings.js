'use strict';
// The user's settings per site, in `storage.local` under one key: read by the content script,
// the popup, the options page and the background; written only by the popup and the options
// page. Whatever is stored is checked on the way out: a malformed entry gives the defaults,
// never a wider permission.

/* global paranoidPolicy */
/* exported paranoidSiteSettings, paranoidSitesKey */

const paranoidSitesKey = 'paranoid:sites';

/**
 * The settings of one site (an origin such as `https://example.com`), validated.
 * @param {unknown} stored what `storage.local` holds under `paranoidSitesKey`
 * @param {string} origin
 * @returns {{ enabled: boolean, cpuCapMs: number, credentials: boolean,
 *   quarantine: { pattern: string, regex: string }[] }}
 */
function paranoidSiteSettings(stored, origin) {
  const limits = paranoidPolicy().pageScripts;
  const out = { enabled: true, cpuCapMs: limits.siteDefaultCpuCapMs, credentials: false, quarantine: [] };
  const sites = stored !== null && typeof stored === 'object' ? stored : {};
  const site = Object.hasOwn(sites, origin) ? sites[origin] : null;
  if (site === null || typeof site !== 'object') return out;
  if (site.enabled === false) out.enabled = false;
  if (Number.isInteger(site.cpuCapMs) && site.cpuCapMs >= 1 && site.cpuCapMs <= limits.siteMaxCpuCapMs) out.cpuCapMs = site.cpuCapMs;
  if (site.credentials === true) out.credentials = true;
  if (Array.isArray(site.quarantine)) {
    for (const rule of site.quarantine) {
      if (rule !== null && typeof rule === 'object' && typeof rule.pattern === 'string' && typeof rule.regex === 'string') {
        out.quarantine.push({ pattern: rule.pattern, regex: rule.regex });
      }
    }
  }
  return out;
}
