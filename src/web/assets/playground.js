// The tools pages' progressive enhancement (src/web/pages/tools.ts); both pages work without it.
// - /tools: filters the list as you type (the same words and module filter the GET form sends).
// - /tools/{module}/{slug}: examples fill the form in place; "Run" calls the tool's real API route with the
//   session cookie and the X-CSRF-Token header (no key in the page; billed like any call) and shows the result,
//   and the same call as curl, @toolapi/client and MCP invoke_tool snippets (with $TOOLAPI_KEY, never a key).
// The form's controls say how they become JSON in data-kind (see src/web/tools/form.ts).
'use strict';

(function () {
  // ---- /tools: search as you type ------------------------------------------------------------------
  const search = document.getElementById('tool-search');
  if (search) {
    const q = search.querySelector('#q');
    const module = search.querySelector('#module');
    const count = document.getElementById('tool-count');
    const items = Array.from(document.querySelectorAll('.tool-list li'));
    const total = items.length;
    const filter = function () {
      const words = q.value.toLowerCase().split(/\s+/).filter(Boolean);
      const wanted = module.value;
      let shown = 0;
      for (const item of items) {
        const text = item.getAttribute('data-search') || '';
        const match = (!wanted || item.getAttribute('data-module') === wanted) && words.every((w) => text.includes(w));
        item.hidden = !match;
        if (match) shown++;
      }
      for (const section of document.querySelectorAll('.tool-module')) {
        section.hidden = !section.querySelector('li:not([hidden])');
      }
      count.textContent = shown === total ? total + ' tools.' : shown + ' of ' + total + ' tools match.';
      const params = new URLSearchParams();
      if (q.value.trim()) params.set('q', q.value.trim());
      if (wanted) params.set('module', wanted);
      history.replaceState(null, '', '/tools' + (params.size ? '?' + params : ''));
    };
    q.addEventListener('input', filter);
    module.addEventListener('change', filter);
  }

  // ---- /tools/{module}/{slug}: the playground --------------------------------------------------------
  const form = document.getElementById('playground');
  if (!form) return;
  const apiPath = form.getAttribute('data-api-path');
  const operationId = form.getAttribute('data-operation-id');
  const uploadField = form.getAttribute('data-upload-field');
  const controls = () => Array.from(form.querySelectorAll('[data-kind]'));

  function csrfToken() {
    const meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.getAttribute('content') : '';
  }

  function setAt(target, path, value) {
    let node = target;
    path.slice(0, -1).forEach((key) => {
      if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
      node = node[key];
    });
    node[path[path.length - 1]] = value;
  }

  function getAt(source, path) {
    return path.reduce((node, key) => (node && typeof node === 'object' ? node[key] : undefined), source);
  }

  const PLAIN_NUMBER = /^-?(?:0|[1-9]\d{0,14})(?:\.\d{1,14})?$/;

  /** The value a control sends, or undefined to leave the field out (the tool's default applies). */
  function fieldValue(el) {
    const kind = el.getAttribute('data-kind');
    const required = el.hasAttribute('required');
    const text = typeof el.value === 'string' ? el.value : '';
    switch (kind) {
      case 'boolean': {
        const fallback = el.getAttribute('data-default') === 'true';
        return el.checked !== fallback || required ? el.checked : undefined;
      }
      case 'tristate':
        return text === '' ? undefined : text === 'true';
      case 'checks': {
        const chosen = Array.from(el.querySelectorAll('input[type=checkbox]:checked')).map((c) => c.value);
        return chosen.length ? chosen : undefined;
      }
      case 'lines':
      case 'lines-number': {
        const lines = text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
        if (!lines.length) return required ? [] : undefined;
        return kind === 'lines' ? lines : lines.map((l) => (PLAIN_NUMBER.test(l) ? Number(l) : l));
      }
      case 'json':
        if (text.trim() === '') return undefined;
        try {
          return JSON.parse(text);
        } catch {
          return text; // the API answers with a validation error naming the field
        }
      case 'number':
      case 'enum-number':
        if (text === '') return undefined;
        return Number.isFinite(Number(text)) ? Number(text) : text;
      case 'numeric-text':
        if (text.trim() === '') return undefined;
        return PLAIN_NUMBER.test(text.trim()) ? Number(text.trim()) : text;
      default:
        return text === '' && !required ? undefined : text;
    }
  }

  /** What the form holds: the input object, the chosen files, the result format. */
  function collect() {
    const input = {};
    let files = [];
    let format = '';
    for (const el of controls()) {
      const kind = el.getAttribute('data-kind');
      if (kind === 'file') files = Array.from(el.files || []);
      else if (kind === 'format') format = el.value;
      else {
        const value = fieldValue(el);
        const name = el.getAttribute('name') || el.getAttribute('data-name');
        if (value !== undefined && name) setAt(input, name.split('.'), value);
      }
    }
    return { input, files, format };
  }

  /** Puts an example's input into the form (fields it leaves out go back to empty or their default). */
  function fill(input, upload) {
    for (const el of controls()) {
      const kind = el.getAttribute('data-kind');
      if (kind === 'file') {
        if (upload && upload.content !== null && typeof DataTransfer === 'function') {
          const transfer = new DataTransfer();
          transfer.items.add(new File([upload.content], upload.name, { type: 'text/plain' }));
          el.files = transfer.files;
        } else el.value = '';
        continue;
      }
      if (kind === 'format') continue;
      const name = el.getAttribute('name') || el.getAttribute('data-name');
      const value = getAt(input, name.split('.'));
      if (kind === 'boolean') el.checked = value === undefined ? el.getAttribute('data-default') === 'true' : value === true;
      else if (kind === 'checks') {
        const chosen = Array.isArray(value) ? value.map(String) : [];
        for (const box of el.querySelectorAll('input[type=checkbox]')) box.checked = chosen.includes(box.value);
      } else if (kind === 'lines' || kind === 'lines-number') el.value = Array.isArray(value) ? value.join('\n') : '';
      else if (kind === 'json') el.value = value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value, null, 2);
      else el.value = value === undefined ? '' : String(value);
    }
  }

  // ---- snippets ----------------------------------------------------------------------------------------
  const shellQuote = (s) => "'" + String(s).replace(/'/g, "'\\''") + "'";
  const partText = (v) => (typeof v === 'object' ? JSON.stringify(v) : String(v));
  const fileNames = (files) => (files.length ? files.map((f) => f.name) : ['your-file']);

  function snippets(state) {
    const origin = location.origin;
    const url = origin + apiPath + (state.format ? '?format=' + state.format : '');
    const multipart = uploadField && (state.files.length > 0 || form.querySelector('[data-kind=file][required]'));
    const curl = ['curl -X POST ' + shellQuote(url), '  -H "X-Api-Key: $TOOLAPI_KEY"'];
    if (multipart) {
      for (const name of fileNames(state.files)) curl.push('  -F ' + shellQuote(uploadField + '=@' + name));
      for (const [key, value] of Object.entries(state.input)) curl.push('  --form-string ' + shellQuote(key + '=' + partText(value)));
    } else {
      curl.push("  -H 'Content-Type: application/json'", '  -d ' + shellQuote(JSON.stringify(state.input)));
    }
    const names = fileNames(state.files).map((n) => './' + n);
    const clientInput = multipart ? Object.assign({ [uploadField]: names.length === 1 ? names[0] : names }, state.input) : state.input;
    const client = [
      "import { ToolApi } from '@toolapi/client';",
      '',
      'const api = new ToolApi({ apiKey: process.env.TOOLAPI_KEY!, baseUrl: ' + JSON.stringify(origin) + ' });',
      'const result = await api.call(' + JSON.stringify(operationId) + ', ' + JSON.stringify(clientInput, null, 2) + ');',
    ];
    if (state.format) client.push('// ?format=' + state.format + ' is a REST option; the client returns the JSON result.');
    const mcpInput = multipart
      ? Object.assign({ [uploadField]: fileNames(state.files).map((n) => ({ base64: '<base64 of ' + n + '>', fileName: n })) }, state.input)
      : state.input;
    const mcp = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'invoke_tool', arguments: { operationId: operationId, input: mcpInput } },
    };
    document.getElementById('snippet-curl').textContent = curl.join(' \\\n');
    document.getElementById('snippet-client').textContent = client.join('\n');
    document.getElementById('snippet-mcp').textContent =
      '// POST ' + origin + '/mcp/http with the header X-Api-Key: $TOOLAPI_KEY\n' + JSON.stringify(mcp, null, 2);
    document.getElementById('snippets').hidden = false;
  }

  // ---- results -----------------------------------------------------------------------------------------
  const resultSection = document.getElementById('result');
  const resultBody = document.getElementById('result-body');

  function el(tag, attrs, children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
    for (const child of [].concat(children || [])) node.append(child);
    return node;
  }

  function pre(text) {
    return el('pre', { tabindex: '0' }, text);
  }

  function showError(status, body) {
    const rows = [
      ['Error', (body.error || 'error') + ' (HTTP ' + status + ')'],
      ['Detail', body.detail || body.message || ''],
    ];
    if (body.param) rows.push(['Field', body.param]);
    if (body.requestId) rows.push(['Request id', body.requestId]);
    const list = el('dl', { class: 'facts' });
    for (const [term, value] of rows) list.append(el('dt', {}, term), el('dd', {}, value));
    resultBody.append(el('div', { class: 'run-error', role: 'alert' }, [list]));
    resultBody.append(el('details', {}, [el('summary', {}, 'The error envelope'), pre(JSON.stringify(body, null, 2))]));
  }

  function showFile(file) {
    // The same form as the dashboard's dates (src/web/components.ts `when`): 2026-11-25 20:41 UTC.
    const expires = String(file.expiresAt).slice(0, 16).replace('T', ' ') + ' UTC';
    const box = el('div', { class: 'file-result' }, [
      el('p', {}, [el('a', { class: 'button', href: file.downloadUrl, download: file.fileName, id: 'download' }, 'Download ' + file.fileName)]),
      el('p', { class: 'muted' }, [
        file.mimeType + ', ' + file.sizeBytes.toLocaleString('en') + ' bytes. The link works until ',
        el('time', { datetime: file.expiresAt }, expires),
        ' (then convert again).',
      ]),
    ]);
    resultBody.append(box);
  }

  async function showMarkdown(text) {
    const answer = await fetch('/tools/render-markdown', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrfToken() },
      body: JSON.stringify({ markdown: text }),
    });
    const view = el('div', { class: 'markdown' });
    if (answer.ok) view.innerHTML = (await answer.json()).html; // rendered with raw HTML escaped (tools/markdown.ts)
    else view.append(pre(text));
    resultBody.append(view, el('details', {}, [el('summary', {}, 'The Markdown text'), pre(text)]));
  }

  async function show(response, started) {
    resultBody.replaceChildren();
    const type = response.headers.get('content-type') || '';
    const remaining = response.headers.get('x-quota-remaining');
    resultBody.append(
      el('p', { class: 'muted', id: 'run-meta' }, 'HTTP ' + response.status + ' in ' + Math.round(performance.now() - started) + ' ms' + (remaining !== null ? ' · ' + remaining + ' credits left this month' : '')),
    );
    if (type.includes('json')) {
      const body = await response.json();
      if (!response.ok || (body && body.status === false)) showError(response.status, body || {});
      else {
        const result = body && typeof body === 'object' && 'result' in body ? body.result : body;
        if (result && typeof result === 'object' && typeof result.downloadUrl === 'string') showFile(result);
        if (body && Array.isArray(body.warnings) && body.warnings.length) {
          resultBody.append(el('ul', { class: 'warnings' }, body.warnings.map((w) => el('li', {}, w))));
        }
        resultBody.append(el('pre', { tabindex: '0', id: 'result-json' }, JSON.stringify(body, null, 2)));
      }
    } else if (type.includes('markdown')) await showMarkdown(await response.text());
    else resultBody.append(el('pre', { tabindex: '0', id: 'result-text' }, await response.text()));
    resultSection.hidden = false;
    document.getElementById('result-h').focus();
  }

  async function run() {
    const state = collect();
    snippets(state);
    const status = document.getElementById('run-status');
    const button = document.getElementById('run');
    const headers = { 'X-CSRF-Token': csrfToken(), Accept: 'application/json, text/markdown, text/plain' };
    let body;
    if (uploadField && (state.files.length > 0 || form.querySelector('[data-kind=file][required]'))) {
      body = new FormData();
      for (const file of state.files) body.append(uploadField, file, file.name);
      for (const [key, value] of Object.entries(state.input)) body.append(key, partText(value));
    } else {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(state.input);
    }
    button.disabled = true;
    status.textContent = 'Running…';
    const started = performance.now();
    try {
      const response = await fetch(apiPath + (state.format ? '?format=' + state.format : ''), { method: 'POST', credentials: 'same-origin', headers, body });
      await show(response, started);
      status.textContent = response.ok ? 'Done.' : 'The call was refused; see the result.';
    } catch (error) {
      status.textContent = 'The call did not complete: ' + error.message;
    } finally {
      button.disabled = false;
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (document.getElementById('run')) void run();
  });
  form.addEventListener('input', () => snippets(collect()));
  form.addEventListener('change', () => snippets(collect()));

  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a.use-example') : null;
    if (!link) return;
    event.preventDefault();
    const upload = link.hasAttribute('data-upload-name')
      ? { name: link.getAttribute('data-upload-name'), content: link.getAttribute('data-upload-content') }
      : undefined;
    fill(JSON.parse(link.getAttribute('data-example-input')), upload);
    snippets(collect());
    document.getElementById('try').scrollIntoView();
    const first = form.querySelector('[data-kind]:not([data-kind=checks]), .checks input');
    if (first) first.focus({ preventScroll: true });
  });

  snippets(collect());
})();
