'use strict';
// The install page: shows a userscript's metadata, every grant and `@connect` host in plain
// words, its downloads and the vet report, and installs it only when the user confirms and
// everything passed. The script comes from `?url=` (a `.user.js` the user opened; fetched
// without cookies) or from `?draft=1` (pasted or picked from a file in the options page).
// Everything shown came from the script's author: rendered with textContent only.

/* global paranoidPolicy, paranoidReadText, paranoidAnalyseUserscript, paranoidExcerpt, paranoidStoredDownloads, paranoidConnectText, paranoidUserscriptId, paranoidGetUserscript, paranoidSaveUserscript, paranoidUserscriptKeys */

const installApi = globalThis.browser ?? globalThis.chrome;
const DRAFT_KEY = 'paranoid:us:draft';

const $ = (id) => document.getElementById(id);
function el(tag, className, ...children) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  e.append(...children);
  return e;
}
function fact(list, term, ...details) {
  list.append(el('dt', null, term), el('dd', null, ...details));
}
const code = (text) => el('code', null, text);

const RUN_AT_WORDS = {
  'document-start': 'as early as it can, before the page has loaded',
  'document-end': 'when the page has loaded, before its images',
  'document-idle': 'after the page has loaded completely',
};

/** @returns {Promise<{ source: string, from: string }>} */
async function loadSource() {
  const params = new URLSearchParams(location.search);
  const url = params.get('url');
  if (url !== null) {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`only http(s) URLs are installed from, not ${parsed.protocol}`);
    const response = await fetch(parsed.href, { credentials: 'omit', redirect: 'follow', cache: 'no-store' });
    if (!response.ok) throw new Error(`cannot fetch ${parsed.href}: HTTP ${response.status}`);
    return { source: await paranoidReadText(response, paranoidPolicy().userscripts.maxBytes), from: parsed.href };
  }
  if (params.get('draft') === '1') {
    const draft = (await installApi.storage.local.get(DRAFT_KEY))[DRAFT_KEY];
    if (draft === null || typeof draft !== 'object' || typeof draft.source !== 'string') throw new Error('there is no script to install: paste one in the settings');
    return { source: draft.source, from: typeof draft.from === 'string' ? draft.from : 'pasted' };
  }
  throw new Error('no script given (?url= or ?draft=1)');
}

function problemItem(source, kind, p) {
  const item = el('li', `problem ${kind}`);
  const where = p.line ? ` (line ${p.line}${p.column ? `, column ${p.column}` : ''})` : '';
  item.append(el('span', 'kind', kind), ' ', el('span', 'message', `${p.key ? `@${p.key}: ` : ''}${p.message}${where}`));
  if (p.line) {
    const { text, caret } = paranoidExcerpt(source, p.line, p.column);
    item.append(el('pre', 'excerpt', `${text}${caret ? `\n${caret}` : ''}`));
  }
  return item;
}

/** What changes if this replaces `old`: grants, hosts and pages added or removed. */
function changesFrom(old, meta) {
  const diff = (label, before, after) => {
    const out = [];
    for (const x of after) if (!before.includes(x)) out.push(`adds ${label} ${x}`);
    for (const x of before) if (!after.includes(x)) out.push(`removes ${label} ${x}`);
    return out;
  };
  const hosts = (m) => m.connects.map(paranoidConnectText);
  const pages = (m) => [...m.matches, ...m.includes];
  return [
    ...(old.metadata.version !== meta.version ? [`version ${old.metadata.version ?? '(none)'} → ${meta.version ?? '(none)'}`] : []),
    ...diff('grant', old.metadata.grants, meta.grants),
    ...diff('host', hosts(old.metadata), hosts(meta)),
    ...diff('page', pages(old.metadata), pages(meta)),
  ];
}

function connectWords(c) {
  if (c.kind === 'any') return 'any host at all (*)';
  if (c.kind === 'page') return 'the host of the page it runs on (self)';
  // An IP address has no subdomains.
  return /^\[|\.\d+$|^\d+$/.test(c.host) ? c.host : `${c.host} and its subdomains`;
}

async function main() {
  let loaded;
  try {
    loaded = await loadSource();
  } catch (error) {
    $('loading').textContent = `Cannot install: ${error.message}`;
    $('loading').className = 'error-text';
    document.body.dataset.loaded = 'true';
    return;
  }
  const { source, from } = loaded;
  $('from').textContent = from;
  const analysis = await paranoidAnalyseUserscript(source);
  $('loading').hidden = true;
  const meta = analysis.meta?.metadata ?? null;

  const verdict = $('verdict');
  verdict.hidden = false;
  verdict.className = analysis.ok ? 'verdict ok' : 'verdict bad';
  verdict.textContent = analysis.ok
    ? 'Vetted: nothing in this script is refused. It runs in a sandbox of its own, with only what is listed below.'
    : `This script cannot be installed: ${analysis.refusals.join('; ')}.`;
  document.body.dataset.verdict = analysis.ok ? 'ok' : 'refused';

  if (meta) {
    $('title').textContent = `Install ${meta.name || 'a userscript'}${meta.version ? ` ${meta.version}` : ''}`;
    $('summary').hidden = false;
    $('description').textContent = meta.description ?? '';
    const facts = $('facts');
    if (meta.namespace) fact(facts, 'Namespace', meta.namespace);
    fact(facts, 'Runs on', ...(meta.matches.length + meta.includes.length === 0 ? ['no page (it names none)'] : [...meta.matches, ...meta.includes].map((p) => el('div', null, code(p)))));
    if (meta.excludeMatches.length + meta.excludes.length > 0) fact(facts, 'Never on', ...[...meta.excludeMatches, ...meta.excludes].map((p) => el('div', null, code(p))));
    fact(facts, 'Runs', RUN_AT_WORDS[meta.runAt] ?? meta.runAt, meta.noframes ? ', in top-level pages only (@noframes)' : ', in top-level pages and in the frames they contain');

    $('powers').hidden = false;
    const grants = $('grants');
    const table = paranoidPolicy().userscripts.grants;
    if (meta.grants.length === 0) grants.append(el('li', 'muted', 'Nothing beyond running its own code: no storage, no requests, no access to the page.'));
    for (const name of meta.grants) {
      const g = table.find((t) => t.name === name);
      grants.append(el('li', 'grant', el('span', null, g ? g.means : name), ' ', code(name)));
    }
    if (meta.connects.length > 0) {
      $('connect-block').hidden = false;
      for (const c of meta.connects) {
        const box = el('input');
        box.type = 'checkbox';
        box.checked = true;
        box.dataset.host = paranoidConnectText(c);
        $('connect').append(el('li', c.kind === 'any' ? 'warn-text' : null, el('label', null, box, ' ', connectWords(c))));
      }
      if (!meta.grants.includes('GM.xmlHttpRequest')) $('connect').append(el('li', 'muted', 'It does not ask for GM.xmlHttpRequest, so it cannot send requests anyway.'));
    }

    const old = analysis.ok ? await paranoidGetUserscript(await paranoidUserscriptId(meta.namespace, meta.name)) : null;
    if (old) {
      $('changes').hidden = false;
      const changes = changesFrom(old, meta);
      for (const c of changes.length ? changes : ['nothing that widens or narrows what it may do']) $('change-list').append(el('li', null, c));
    }

    if (analysis.downloads.length > 0) {
      $('downloads-block').hidden = false;
      for (const d of analysis.downloads) {
        const state = d.ok ? (d.integrity ? 'hash checked' : 'not pinned by a hash: this copy is kept') : d.error;
        $('downloads').append(el('li', d.ok ? null : 'error-text', `${d.kind === 'require' ? 'code' : `resource ${d.name}`}: `, code(d.url), ` — ${state}`));
        for (const p of d.diagnostics) $('downloads').append(problemItem(d.text ?? '', 'refused', p));
      }
    }

    if (meta.other.length > 0) {
      $('other-block').hidden = false;
      for (const o of meta.other) fact($('other'), `@${o.key}`, o.value);
    }
  }

  const problems = $('problems');
  for (const p of analysis.meta?.errors ?? []) problems.append(problemItem(source, 'error', p));
  for (const d of analysis.vet.diagnostics) problems.append(problemItem(source, 'refused', { ...d, message: `${d.message} [${d.code}]` }));
  for (const p of analysis.meta?.warnings ?? []) problems.append(problemItem(source, 'warning', p));
  $('problems-block').hidden = problems.children.length === 0;

  $('source-block').hidden = false;
  $('source').textContent = source;
  $('actions').hidden = false;
  const install = $('install');
  install.disabled = !analysis.ok;
  install.addEventListener('click', async () => {
    install.disabled = true;
    const id = await paranoidUserscriptId(meta.namespace, meta.name);
    const old = await paranoidGetUserscript(id);
    const now = Date.now();
    await paranoidSaveUserscript({
      id,
      source,
      metadata: meta,
      enabled: true,
      from,
      installedAt: old?.installedAt ?? now,
      updatedAt: now,
      ...paranoidStoredDownloads(analysis.downloads),
      connect: [...document.querySelectorAll('#connect input[type=checkbox]')].filter((b) => b.checked).map((b) => b.dataset.host),
      cookies: $('cookies').checked,
    });
    // A stored update offer was for the version this one replaces.
    await installApi.storage.local.remove([DRAFT_KEY, paranoidUserscriptKeys.update(id)]);
    $('done').hidden = false;
    $('done').textContent = old ? 'Updated.' : 'Installed. It runs from the next page load on.';
    document.body.dataset.installed = id;
  });
  $('cancel').addEventListener('click', () => window.close());
  document.body.dataset.loaded = 'true';
}

main();
