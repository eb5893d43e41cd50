'use strict';
// The install page: shows a userscript's metadata, every grant and `@connect` host in plain
// words, its downloads and the vet report, and installs it only when the user confirms and
// everything passed. The script comes from `?url=` (a `.user.js` the user opened, or the
// settings' review of an update; fetched without cookies, a redirect only to https or loopback)
// or from `?draft=1` (pasted or picked from a file in the options page).
// Where it came from is shown first and in full: the origin after redirects, which is also what
// is recorded. A script of the same name already installed is replaced only by a copy from the
// origin it came from (rust-meta's `paranoid_update_review`), or when the user ticks "this is the
// same script"; otherwise the copy is installed beside it, with an id and values of its own.
// What the copy changes is listed from that answer: every way it widens, hosts from what the
// user approved (a refused host starts unticked), and the code's diff.
// Everything shown came from the script's author or a site: rendered with textContent only.

/* global paranoidExtension, paranoidPolicy, paranoidWasmCall, paranoidAnalyseUserscript, paranoidExcerpt, paranoidStoredDownloads, paranoidConnectText, paranoidUserscriptId, paranoidListUserscripts, paranoidSaveUserscript, paranoidUserscriptKeys, paranoidFetchUserscript */

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

/**
 * @returns {Promise<{ source: string, from: string, asked: string | null }>} `from`: the URL the
 *   text came from after redirects, or `pasted` / `file NAME`; `asked`: the URL asked, when a
 *   redirect ended elsewhere
 */
async function loadSource() {
  const params = new URLSearchParams(location.search);
  const url = params.get('url');
  if (url !== null) {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`only http(s) URLs are installed from, not ${parsed.protocol}`);
    let fetched;
    try {
      fetched = await paranoidFetchUserscript(parsed.href);
    } catch (error) {
      throw error.status ? new Error(`cannot fetch ${parsed.href}: ${error.message}`) : error;
    }
    return { source: fetched.source, from: fetched.url, asked: fetched.redirected ? parsed.href : null };
  }
  if (params.get('draft') === '1') {
    const draft = (await paranoidExtension.storage.local.get(DRAFT_KEY))[DRAFT_KEY];
    if (draft === null || typeof draft !== 'object' || typeof draft.source !== 'string') throw new Error('there is no script to install: paste one in the settings');
    return { source: draft.source, from: typeof draft.from === 'string' ? draft.from : 'pasted', asked: null };
  }
  throw new Error('no script given (?url= or ?draft=1)');
}

/** The origin of a URL `from`, or null for a pasted text or a file. */
function originOf(from) {
  try {
    const u = new URL(from);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** How `from` reads where an origin would be: `text you pasted`, `the file x.user.js`. */
function localWords(from) {
  return from.startsWith('file ') ? `the file ${from.slice(5)}` : 'text you pasted';
}

/** Where the script came from, first on the page and never clipped. */
async function showOrigin(from, asked) {
  $('origin-block').hidden = false;
  const origin = originOf(from);
  $('origin').textContent = origin ?? localWords(from);
  if (origin === null) return;
  $('from-url').hidden = false;
  $('from-url').textContent = from;
  if (asked !== null) {
    $('redirected').hidden = false;
    $('redirected').textContent = `redirected from ${asked}`;
  }
  // rust-meta's rule for where updates may come from: https, or http to a loopback host.
  const secure = await paranoidWasmCall('meta', 'paranoid_update_url', from);
  $('plain-http').hidden = secure.ok === true;
}

/**
 * The installed script this copy is compared with, if one has its name and namespace: the one
 * from the same origin if there is one (then `review.sameSource`), else the first of them.
 * @returns {Promise<{ record: any, review: any } | null>}
 */
async function installedVersion(meta, source, from, downloads) {
  const records = (await paranoidListUserscripts())
    .filter((r) => r.metadata.name === meta.name && (r.metadata.namespace ?? null) === (meta.namespace ?? null));
  const firstId = await paranoidUserscriptId(meta.namespace, meta.name);
  records.sort((a, b) => Number(b.id === firstId) - Number(a.id === firstId));
  const fetched = (kind) => downloads.filter((d) => d.kind === kind).map((d) => ({ name: d.name, url: d.url, digest: d.digest }));
  let found = null;
  for (const record of records) {
    const review = await paranoidWasmCall('meta', 'paranoid_update_review', JSON.stringify({
      installed: {
        metadata: record.metadata, source: record.source, from: typeof record.from === 'string' ? record.from : null, connect: record.connect,
        requires: record.requires.map((d) => ({ url: d.url, digest: d.digest ?? null })),
        resources: record.resources.map((d) => ({ name: d.name, url: d.url, digest: d.digest ?? null })),
      },
      source, from, requires: fetched('require'), resources: fetched('resource'),
    }));
    if (!review.ok) continue;
    if (review.sameSource) return { record, review };
    found ??= { record, review };
  }
  return found;
}

/** The id a new script gets: its name's first, else one of its name and origin's. */
async function freeId(meta, from) {
  const source = originOf(from) ?? 'local';
  const candidates = [
    await paranoidUserscriptId(meta.namespace, meta.name),
    await paranoidUserscriptId(meta.namespace, meta.name, source),
  ];
  const taken = await paranoidExtension.storage.local.get(candidates.map(paranoidUserscriptKeys.script));
  return candidates.find((id) => !Object.hasOwn(taken, paranoidUserscriptKeys.script(id)))
    ?? paranoidUserscriptId(meta.namespace, meta.name, `${source}\n${crypto.randomUUID()}`);
}

/** The change list rust-meta made, with the file's diff under the code's line. */
function showChanges(installed, sameSource) {
  const { record, review } = installed;
  $('changes').hidden = false;
  if (!sameSource) $('changes-title').textContent = `How it differs from the installed “${record.metadata.name}”`;
  const list = $('change-list');
  for (const c of review.changes) {
    const item = el('li', c.effect, c.text);
    item.dataset.field = c.field;
    list.append(item);
  }
  if (review.changes.length === 0) list.append(el('li', null, 'nothing changes: the same code and metadata as the installed version'));
  $('changes-legend').hidden = !review.changes.some((c) => c.effect === 'widens');
  const lines = review.code.lines;
  if (lines.length === 0) return;
  const pre = el('pre');
  const kinds = { '+': 'add', '-': 'del', '@': 'hunk', ' ': 'same' };
  for (const line of lines) pre.append(el('span', kinds[line.kind] ?? 'same', line.kind === '@' ? line.text : `${line.kind}${line.text}`));
  if (review.code.cut) pre.append(el('span', 'hunk', `… the diff stops here, after ${lines.length} lines`));
  const details = el('details', 'code-diff', el('summary', null, 'Show the changed lines'), pre);
  const at = list.querySelector('li[data-field="code"]') ?? list.appendChild(el('li', null, 'the metadata block changed'));
  // Too many changes for the shortest diff: the counts are an upper bound.
  if (!review.code.exact) at.append(' (counted roughly: too many changes to pair every line)');
  at.append(' ', details);
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
  const { source, from, asked } = loaded;
  await showOrigin(from, asked);
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

  let installed = null;
  let sameSource = false;
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
    const page = analysis.page;
    if (meta.grants.length === 0 && !page.reads && !page.writes && !page.requests && !page.navigates && !page.presses) grants.append(el('li', 'muted', 'Nothing beyond running its own code: no storage, no requests, no access to the page.'));
    for (const name of meta.grants) {
      const g = table.find((t) => t.name === name);
      grants.append(el('li', 'grant', el('span', null, g ? g.means : name), ' ', code(name)));
    }
    // The page: what the code reaches for, ticked; the user may refuse either. A `paranoid.dom.*`
    // grant asks for the same by name.
    const reads = page.reads || meta.grants.includes('paranoid.dom.read');
    const writes = page.writes || meta.grants.includes('paranoid.dom.write');
    if (reads || writes || page.requests || page.navigates || page.presses) {
      $('page-block').hidden = false;
      if (page.names.length > 0) $('page-names').append(': ', ...page.names.slice(0, 12).flatMap((n, i) => [i > 0 ? ', ' : '', code(n)]));
      for (const [id, asked] of [['page-read', reads], ['page-write', writes], ['page-requests', page.requests], ['page-press', page.presses], ['page-navigate', page.navigates]]) {
        $(id).checked = asked;
        // A script that presses the page's buttons may press a link: "opens pages" is offered,
        // unticked, for the user to give if following them is what the script is for.
        if (!asked && !(id === 'page-navigate' && page.presses)) $(id).closest('li').hidden = true;
      }
    } else if (meta.grants.length > 0) {
      grants.append(el('li', 'muted', 'It does not use the page it runs on.'));
    }
    installed = analysis.ok ? await installedVersion(meta, source, from, analysis.downloads) : null;
    sameSource = installed?.review.sameSource === true;
    if (installed && !sameSource) {
      // Same name and namespace, another origin: anyone can copy a name, so this is another
      // script unless the user says it is the same one.
      const where = installed.review.installedOrigins.length ? installed.review.installedOrigins.join(' and ') : 'text you pasted or a file';
      $('other-script').hidden = false;
      $('other-script-text').append(
        el('strong', null, `Another script named “${installed.record.metadata.name}” is installed, from ${where}.`), ' ',
        originOf(from) === null
          ? `This copy is ${localWords(from)}, not fetched from there: it is installed as a separate script, with no stored values, beside the installed one.`
          : 'This copy comes from another site: it is installed as a separate script, with no stored values, beside the installed one.');
      const box = el('input');
      box.type = 'checkbox';
      box.id = 'same-script';
      $('other-script-choice').append(el('label', null, box, `This is the same script: replace the one from ${where} (it keeps its stored values)`));
      const label = () => { $('install').textContent = box.checked ? 'Replace the installed script' : 'Install as a separate script'; };
      box.addEventListener('change', label);
      label();
    }
    if (installed) showChanges(installed, sameSource);

    // The page's `fetch` with no `@connect`: what such a script means is its own site's API, so
    // `self` is offered (ticked, as the other guesses are; the user may refuse it).
    const connects = meta.connects.length === 0 && page.requests ? [{ kind: 'page' }] : meta.connects;
    if (connects.length > 0) {
      $('connect-block').hidden = false;
      // Compared with an installed version, the boxes start from what the user approved.
      const states = new Map((installed?.review.connect ?? []).map((h) => [h.host, h.state]));
      for (const c of connects) {
        const box = el('input');
        box.type = 'checkbox';
        box.dataset.host = paranoidConnectText(c);
        const state = states.get(box.dataset.host);
        box.checked = state !== 'refused';
        const note = state === 'refused' ? ' — you refused it for the installed version' : state === 'new' ? ' — new in this version' : '';
        $('connect').append(el('li', c.kind === 'any' || state === 'new' ? 'warn-text' : null, el('label', null, box, ' ', connectWords(c), note)));
      }
      if (meta.connects.length === 0) $('connect').append(el('li', 'muted', 'Its metadata names no @connect host: this is the one its code seems to need.'));
      if (!meta.grants.includes('GM.xmlHttpRequest') && !page.requests) $('connect').append(el('li', 'muted', 'It does not ask for GM.xmlHttpRequest nor use fetch, so it cannot send requests anyway.'));
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
    // The installed version is replaced only by a copy from its own origin, or by the user's word.
    const replaces = installed !== null && (sameSource || $('same-script')?.checked === true) ? installed.record : null;
    const id = replaces?.id ?? await freeId(meta, from);
    const now = Date.now();
    if (replaces === null) {
      // A new script starts with nothing stored under its id.
      await paranoidExtension.storage.local.remove([paranoidUserscriptKeys.values(id), paranoidUserscriptKeys.history(id)]);
    }
    await paranoidSaveUserscript({
      id,
      source,
      metadata: meta,
      enabled: true,
      from,
      installedAt: replaces?.installedAt ?? now,
      updatedAt: now,
      ...paranoidStoredDownloads(analysis.downloads),
      connect: [...document.querySelectorAll('#connect input[type=checkbox]')].filter((b) => b.checked).map((b) => b.dataset.host),
      cookies: $('cookies').checked,
      page: { read: $('page-read').checked, write: $('page-write').checked, requests: $('page-requests').checked, press: $('page-press').checked, navigate: $('page-navigate').checked },
    });
    // A stored update offer was for the version this one replaces.
    await paranoidExtension.storage.local.remove([DRAFT_KEY, paranoidUserscriptKeys.update(id)]);
    $('done').hidden = false;
    $('done').textContent = replaces === null
      ? installed === null ? 'Installed. It runs from the next page load on.' : 'Installed as a separate script, beside the other one. It runs from the next page load on.'
      : sameSource ? 'Updated.' : 'Replaced the installed script; it keeps its stored values.';
    document.body.dataset.installed = id;
  });
  $('cancel').addEventListener('click', () => window.close());
  document.body.dataset.loaded = 'true';
}

main();
