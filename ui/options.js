'use strict';
// The options page: per-site settings. A quarantine pattern is checked and compiled by Rust
// (rust-meta's `paranoid_match_pattern`); only the compiled regex is used by the content script
// and the network rules, so JS never interprets a pattern itself.

/* global paranoidExtension, paranoidPolicy, paranoidSiteSettings, paranoidStoredSites, paranoidUpdateSite, paranoidWasmCall */

const limits = paranoidPolicy().pageScripts;
document.getElementById('default-cap').textContent = String(limits.siteDefaultCpuCapMs);

function cell(...children) {
  const td = document.createElement('td');
  td.append(...children);
  return td;
}

async function render() {
  const sites = await paranoidStoredSites();
  const body = document.getElementById('sites');
  body.replaceChildren();
  for (const origin of Object.keys(sites).sort()) {
    const site = paranoidSiteSettings(sites, origin);
    const row = document.createElement('tr');
    row.dataset.origin = origin;
    const name = document.createElement('span');
    name.textContent = origin;
    const remove = document.createElement('button');
    remove.textContent = 'Forget';
    remove.addEventListener('click', async () => {
      await paranoidUpdateSite(origin, null);
      render();
    });
    const enabled = document.createElement('input');
    enabled.type = 'checkbox';
    enabled.checked = site.enabled;
    enabled.addEventListener('change', () => paranoidUpdateSite(origin, (s) => { s.enabled = enabled.checked; }));
    const cap = document.createElement('input');
    cap.type = 'number'; cap.min = '1'; cap.max = String(limits.siteMaxCpuCapMs); cap.value = String(site.cpuCapMs);
    cap.addEventListener('change', () => {
      const v = Number(cap.value);
      if (Number.isInteger(v) && v >= 1 && v <= limits.siteMaxCpuCapMs) paranoidUpdateSite(origin, (s) => { s.cpuCapMs = v; });
      else cap.value = String(site.cpuCapMs);
    });
    const cookies = document.createElement('input');
    cookies.type = 'checkbox';
    cookies.checked = site.credentials;
    cookies.addEventListener('change', () => paranoidUpdateSite(origin, (s) => { s.credentials = cookies.checked; }));

    const rules = document.createElement('div');
    for (const rule of site.quarantine) {
      const line = document.createElement('div');
      const code = document.createElement('code');
      code.textContent = rule.pattern;
      const drop = document.createElement('button');
      drop.textContent = '×';
      drop.title = 'Remove this rule';
      drop.addEventListener('click', async () => {
        await paranoidUpdateSite(origin, (s) => { s.quarantine = (s.quarantine || []).filter((r) => r.pattern !== rule.pattern); });
        render();
      });
      line.append(code, ' ', drop);
      rules.append(line);
    }
    const form = document.createElement('form');
    const pattern = document.createElement('input');
    pattern.type = 'text'; pattern.placeholder = '*://*.tracker.example/*'; pattern.size = 28; pattern.className = 'new-pattern';
    const add = document.createElement('button');
    add.textContent = 'Quarantine';
    const error = document.createElement('div');
    error.className = 'error-text';
    form.append(pattern, ' ', add, error);
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      const text = pattern.value.trim();
      const answer = await paranoidWasmCall('meta', 'paranoid_match_pattern', text);
      if (!answer.ok) { error.textContent = answer.diagnostics?.[0]?.message ?? 'not a match pattern'; return; }
      // The network rule takes RE2 with a size limit (about 2 KB compiled): a pattern the
      // browser cannot hold would block nothing, so it is refused here.
      const dnr = paranoidExtension.declarativeNetRequest;
      if (typeof dnr.isRegexSupported === 'function') {
        const supported = await dnr.isRegexSupported({ regex: answer.regex });
        if (!supported.isSupported) { error.textContent = `the browser's network rules cannot hold this pattern (${supported.reason}): use a shorter host or path`; return; }
      }
      await paranoidUpdateSite(origin, (s) => {
        s.quarantine = (Array.isArray(s.quarantine) ? s.quarantine : []).filter((r) => r.pattern !== text);
        s.quarantine.push({ pattern: text, regex: answer.regex });
      });
      render();
    });
    rules.append(form);
    row.append(cell(name, ' ', remove), cell(enabled), cell(cap), cell(cookies), cell(rules));
    body.append(row);
  }
  document.body.dataset.loaded = 'true';
}

document.getElementById('add-site').addEventListener('submit', async (e) => {
  e.preventDefault();
  const error = document.getElementById('add-error');
  error.textContent = '';
  let origin;
  try { origin = new URL(document.getElementById('new-origin').value.trim()).origin; } catch { origin = 'null'; }
  if (origin === 'null' || !/^https?:/.test(origin)) { error.textContent = 'an http(s) origin, such as https://example.com'; return; }
  await paranoidUpdateSite(origin, () => {});
  render();
});
render();
