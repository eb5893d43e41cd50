'use strict';
// The options page's userscripts: install by pasting or from a file (both go through the install
// page), and per script: enable, disable, edit (re-vetted before it is saved), delete, export,
// its stored values and its run history. Script texts and names are the author's: textContent
// only.

/* global paranoidExtension, paranoidPolicy, paranoidListUserscripts, paranoidSaveUserscript, paranoidDeleteUserscript, paranoidUserscriptKeys, paranoidAnalyseUserscript, paranoidExcerpt, paranoidStoredDownloads, paranoidConnectText, paranoidUserscriptSourceUrl */


function usEl(tag, className, ...children) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  e.append(...children);
  return e;
}
function usButton(text, onClick) {
  const b = usEl('button', null, text);
  b.type = 'button';
  b.addEventListener('click', onClick);
  return b;
}

/** Sends the text to the install page, which shows it and asks. */
async function reviewDraft(source, from) {
  await paranoidExtension.storage.local.set({ 'paranoid:us:draft': { source, from } });
  await paranoidExtension.tabs.create({ url: paranoidExtension.runtime.getURL('ui/install.html?draft=1') });
}

document.getElementById('paste-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const text = document.getElementById('paste').value;
  if (text.trim() === '') { document.getElementById('paste-error').textContent = 'paste a script first'; return; }
  await reviewDraft(text, 'pasted');
});
document.getElementById('file').addEventListener('change', async (e) => {
  const file = e.target.files?.[0];
  if (!file) return;
  const limit = paranoidPolicy().userscripts.maxBytes;
  if (file.size > limit) { document.getElementById('paste-error').textContent = `${file.name} is over the limit of ${limit} bytes`; return; }
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
    await reviewDraft(text, `file ${file.name}`);
  } catch {
    document.getElementById('paste-error').textContent = `${file.name} is not UTF-8 text`;
  }
});

function historyLine(history) {
  const h = history !== null && typeof history === 'object' ? history : {};
  const n = (k) => (Number.isInteger(h[k]) && h[k] >= 0 ? h[k] : 0);
  return `${n('runs')} runs, ${n('rejections')} rejections, ${n('kills')} kills, ${n('errors')} errors`;
}

/** The editor: saved only when the edited text passes and keeps the name and namespace. */
function editor(record, item) {
  const area = usEl('textarea', 'editor');
  area.rows = 16; area.cols = 90; area.value = record.source;
  const problems = usEl('ul', 'problems');
  const save = usButton('Save', async () => {
    save.disabled = true;
    problems.replaceChildren();
    const analysis = await paranoidAnalyseUserscript(area.value);
    const meta = analysis.meta?.metadata;
    let refusals = analysis.refusals;
    if (analysis.ok && (meta.name !== record.metadata.name || (meta.namespace ?? null) !== (record.metadata.namespace ?? null))) {
      refusals = ['the name or namespace changed: that is another script, install it as one'];
    }
    const widened = analysis.ok ? meta.grants.filter((g) => !record.metadata.grants.includes(g)) : [];
    if (refusals.length === 0 && widened.length > 0) refusals = [`the edit asks for new grants (${widened.join(', ')}): install it again to review them`];
    if (refusals.length > 0) {
      for (const r of refusals) problems.append(usEl('li', 'error-text', r));
      for (const d of [...(analysis.meta?.errors ?? []), ...analysis.vet.diagnostics]) {
        const { text, caret } = paranoidExcerpt(area.value, d.line, d.column);
        problems.append(usEl('li', 'problem', `line ${d.line}: ${d.message}`, usEl('pre', 'excerpt', `${text}\n${caret}`)));
      }
      save.disabled = false;
      return;
    }
    const hosts = new Set(record.connect);
    await paranoidSaveUserscript({
      ...record,
      source: area.value,
      metadata: meta,
      updatedAt: Date.now(),
      ...paranoidStoredDownloads(analysis.downloads),
      // Hosts the user approved stay approved; new ones are not, until reinstalled.
      connect: meta.connects.map(paranoidConnectText).filter((h) => hosts.has(h)),
    });
    renderUserscripts();
  });
  item.append(usEl('div', 'edit', area, usEl('br'), save, ' ', usButton('Cancel', () => renderUserscripts()), problems));
}

async function renderUserscripts() {
  const list = document.getElementById('userscripts');
  const records = await paranoidListUserscripts();
  const extra = records.length ? await paranoidExtension.storage.local.get(records.flatMap((r) => [paranoidUserscriptKeys.values(r.id), paranoidUserscriptKeys.history(r.id), paranoidUserscriptKeys.update(r.id)])) : {};
  list.replaceChildren();
  if (records.length === 0) list.append(usEl('li', 'empty', 'No userscripts installed.'));
  for (const record of records) {
    const m = record.metadata;
    const item = usEl('li', 'userscript');
    item.dataset.id = record.id;
    item.dataset.name = m.name;
    const enabled = usEl('input');
    enabled.type = 'checkbox';
    enabled.checked = record.enabled;
    enabled.className = 'enabled';
    enabled.addEventListener('change', async () => {
      await paranoidSaveUserscript({ ...record, enabled: enabled.checked });
      renderUserscripts();
    });
    const head = usEl('div', 'script-head', usEl('label', null, enabled, ' ', usEl('span', 'script-name', m.name)), usEl('span', 'muted', m.version ? `v${m.version}` : ''));
    const runsOn = [...m.matches, ...m.includes].join(', ') || 'no page';
    const grants = m.grants.length ? m.grants.join(', ') : 'none';
    const values = extra[paranoidUserscriptKeys.values(record.id)];
    const valueNames = values !== null && typeof values === 'object' ? Object.keys(values) : [];
    const history = extra[paranoidUserscriptKeys.history(record.id)];
    // Two scripts may share a name (a copy from another site is installed beside the first):
    // where each came from tells them apart.
    const from = typeof record.from === 'string' ? record.from : 'unknown';
    const details = usEl('div', 'script-meta',
      usEl('span', null, `runs on ${runsOn}`), usEl('span', null, `grants: ${grants}`),
      usEl('span', null, `hosts: ${record.connect.join(', ') || 'none'}`), usEl('span', 'from', `from ${from}`));
    const stats = usEl('div', 'script-meta', usEl('span', 'history', historyLine(history)),
      usEl('span', 'values', `${valueNames.length} stored value${valueNames.length === 1 ? '' : 's'}${valueNames.length ? `: ${valueNames.slice(0, 10).join(', ')}${valueNames.length > 10 ? ', …' : ''}` : ''}`));
    const last = Array.isArray(history?.last) ? history.last.slice(-5) : [];
    const recent = usEl('ul', 'recent');
    for (const h of last) {
      if (h === null || typeof h !== 'object') continue;
      recent.append(usEl('li', null, `${new Date(Number(h.at) || 0).toLocaleString()} ${String(h.outcome)} on ${String(h.url)}${h.detail ? `: ${String(h.detail)}` : ''}`));
    }
    // Updates are checked once a day and on request (background/userscript-updates.js), but
    // never applied there: reviewing one opens the install page at the URL the check asked,
    // which shows everything it changes before anything is replaced.
    const updateFrom = paranoidUserscriptSourceUrl(m);
    const check = extra[paranoidUserscriptKeys.update(record.id)];
    const known = check !== null && typeof check === 'object' && check.forVersion === (m.version ?? null) ? check : null;
    const offered = known?.offer === true && typeof known.version === 'string' ? known.version : null;
    const review = () => paranoidExtension.tabs.create({ url: paranoidExtension.runtime.getURL(`ui/install.html?url=${encodeURIComponent(updateFrom)}`) });
    const update = updateFrom
      ? [usButton(offered !== null ? `Review the update to v${offered}` : 'Check for an update', review)]
      : [];
    const updateLine = known === null ? [] : [usEl('div', `script-meta update${offered !== null ? ' offered' : ''}`, usEl('span', null,
      offered !== null ? `Version ${offered} is available (checked ${new Date(Number(known.checkedAt) || 0).toLocaleString()}).`
        : typeof known.error === 'string' ? `The last update check failed: ${known.error}`
          : `Up to date (checked ${new Date(Number(known.checkedAt) || 0).toLocaleString()}).`))];
    const actions = usEl('div', 'actions',
      usButton('Edit', () => editor(record, item)),
      ...update,
      usButton('Export', () => {
        const a = usEl('a');
        a.href = URL.createObjectURL(new Blob([record.source], { type: 'text/javascript' }));
        a.download = `${m.name.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 60) || 'script'}.user.js`;
        a.click();
        setTimeout(() => URL.revokeObjectURL(a.href), 10000);
      }),
      usButton('Clear stored values', async () => { await paranoidExtension.storage.local.remove(paranoidUserscriptKeys.values(record.id)); renderUserscripts(); }),
      usButton('Delete', async () => {
        if (!confirm(`Delete ${m.name}, its stored values and its history?`)) return;
        await paranoidDeleteUserscript(record.id);
        renderUserscripts();
      }));
    item.append(head, details, ...updateLine, stats, recent, actions);
    list.append(item);
  }
  document.body.dataset.userscripts = String(records.length);
}

document.getElementById('check-updates').addEventListener('click', async () => {
  const status = document.getElementById('check-updates-status');
  status.textContent = 'Checking…';
  const answer = await paranoidExtension.runtime.sendMessage({ type: 'paranoid:check-updates' });
  status.textContent = answer && Number.isInteger(answer.checked)
    ? `Checked ${answer.checked} script${answer.checked === 1 ? '' : 's'}: ${answer.offers} update${answer.offers === 1 ? '' : 's'} to review.`
    : `The check failed: ${answer?.error ?? 'no answer'}`;
  document.body.dataset.updatesChecked = String(answer?.checked ?? -1);
});

renderUserscripts();
paranoidExtension.storage.onChanged.addListener((changes, area) => {
  // Not while an edit is open: a running script's history would throw the edit away.
  if (document.querySelector('#userscripts .edit')) return;
  if (area === 'local' && Object.keys(changes).some((k) => k.startsWith('paranoid:us:') && k !== 'paranoid:us:draft')) renderUserscripts();
});
