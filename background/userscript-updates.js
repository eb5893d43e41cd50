'use strict';
// Update checks for installed userscripts: once a day (an alarm) and when the settings page asks.
// Threat: an update replaces code the user approved, and may ask for more (grants, hosts, pages).
// 1. Only the script's own `@downloadURL` (else `@updateURL`) is asked, which rust-meta accepted
//    at install (https, or http to a loopback host); a redirect must land on such a URL too.
//    No cookies, no cache, at most the userscript size limit, UTF-8 only. It is the URL the
//    settings' review opens, so that the version offered is the one reviewed; the fetch and its
//    redirect rule are the install page's too (shared/userscript-store.js).
// 2. rust-meta reads what came back (`paranoid_update_offer`): an *offer* only when it is the
//    same script (name and namespace) with a newer `@version`.
// 3. The offer is stored beside the script (`paranoid:us:update:ID`) and shown in the settings.
//    Nothing is ever applied here: the user reviews the update on the install page, which fetches
//    the script itself and shows what it adds or removes before anything is replaced.

/* global paranoidExtension, paranoidWasmCall, paranoidListUserscripts, paranoidUserscriptKeys, paranoidUserscriptSourceUrl, paranoidFetchUserscript */
/* exported paranoidCheckUpdates, paranoidUpdateAlarm */

/** The alarm's name and period (a day, as the other managers' default). */
const paranoidUpdateAlarm = { name: 'paranoid:update-check', periodInMinutes: 24 * 60 };

/** What one script's check found: `{checkedAt, forVersion, version, offer}` or `{…, error}`. */
async function usCheckOne(record) {
  const m = record.metadata;
  const from = paranoidUserscriptSourceUrl(m);
  const base = { checkedAt: Date.now(), forVersion: m.version ?? null, from };
  try {
    const { source } = await paranoidFetchUserscript(from, { checkStart: true });
    const answer = await paranoidWasmCall('meta', 'paranoid_update_offer', JSON.stringify({
      installed: { name: m.name, namespace: m.namespace ?? null, version: m.version ?? null },
      source,
    }));
    if (!answer.ok) throw new Error(answer.diagnostics?.[0]?.message ?? 'the served metadata does not read');
    return { ...base, version: typeof answer.version === 'string' ? answer.version : null, offer: answer.offer === true };
  } catch (error) {
    return { ...base, offer: false, error: String(error.message).slice(0, 300) };
  }
}

/**
 * Checks every installed script that names where its updates come from, one at a time.
 * @returns {Promise<{ checked: number, offers: number }>}
 */
async function paranoidCheckUpdates() {
  const records = (await paranoidListUserscripts()).filter((r) => paranoidUserscriptSourceUrl(r.metadata) !== null);
  let offers = 0;
  for (const record of records) {
    const found = await usCheckOne(record);
    if (found.offer) offers++;
    await paranoidExtension.storage.local.set({ [paranoidUserscriptKeys.update(record.id)]: found });
  }
  return { checked: records.length, offers };
}

paranoidExtension.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name === paranoidUpdateAlarm.name) paranoidCheckUpdates();
});
// Alarms outlive the background (service worker or event page); make it once.
paranoidExtension.alarms.get(paranoidUpdateAlarm.name).then((alarm) => {
  if (!alarm) paranoidExtension.alarms.create(paranoidUpdateAlarm.name, { delayInMinutes: 10, periodInMinutes: paranoidUpdateAlarm.periodInMinutes });
});
