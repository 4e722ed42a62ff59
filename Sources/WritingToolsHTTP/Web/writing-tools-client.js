// writing-tools-client.js: every HTTP call the browser library makes, in one place.
//
// The library (writing-tools.js) talks to `writing-tools serve` only through this class, so a page
// can hand it another client (`WritingTools.attach(el, { client })`) with the same four methods.
// All offsets are UTF-16 code units (JavaScript string indices), as the server's.
//
// Endpoints (docs/http-api.md): GET /api/tools, POST /api/tools/{tool} (JSON or Server-Sent
// Events), the sessions (POST /api/sessions and /api/sessions/{id}/…: every review is the
// server's), and LanguageTool's POST /v2/check as the fallback for servers without /api (its
// review is then kept in the browser: writing-tools-local.js).

import { LocalSession } from './writing-tools-local.js';

/** An error the server (or the network) gave: `code` is the server's (`no_model`,
 *  `model_failed`, `tool_failed`, …) or `network`; `status` the HTTP status (0: no answer). */
export class WritingToolsError extends Error {
  constructor(code, message, status = 0) {
    super(message);
    this.name = 'WritingToolsError';
    this.code = code;
    this.status = status;
  }
}

export class WritingToolsClient {
  /** `base`: the server's URL ('' = this page's origin). `apiKey`: sent as a Bearer token. */
  constructor(base = '', { apiKey = null } = {}) {
    this.base = base.replace(/\/$/, '');
    this.apiKey = apiKey;
    this.hasAPI = null; // unknown until the first call; false: only LanguageTool's /v2
  }

  headers(extra = {}) {
    // text/plain keeps a cross-origin request "simple" (no preflight); the server reads JSON anyway.
    const h = { 'Content-Type': 'text/plain;charset=UTF-8', ...extra };
    if (this.apiKey) h.Authorization = 'Bearer ' + this.apiKey;
    return h;
  }

  async fetch(path, init) {
    let res;
    try {
      res = await fetch(this.base + path, init);
    } catch (e) {
      if (e.name === 'AbortError') throw e;
      throw new WritingToolsError('network', 'Cannot reach the Writing Tools server at ' + (this.base || location.origin) + '.', 0);
    }
    return res;
  }

  static async errorOf(res) {
    let code = 'http_' + res.status, message = res.statusText || ('HTTP ' + res.status);
    try {
      const t = await res.text();
      try {
        const j = JSON.parse(t);
        if (j && j.error) { code = j.error.code || code; message = j.error.message || message; }
      } catch { if (t) message = t.replace(/^Error:\s*/, ''); }
    } catch { /* no body */ }
    return new WritingToolsError(code, message, res.status);
  }

  /** The server's tools and engines: `{tools:[…], engines:['builtin'(,'model')], defaultEngine, model}`. */
  async info() {
    const res = await this.fetch('/api/tools', { headers: this.apiKey ? { Authorization: 'Bearer ' + this.apiKey } : {} });
    if (res.status === 404) {
      this.hasAPI = false;
      return { tools: ['proofread'], engines: ['builtin'], defaultEngine: 'builtin', model: null, languageToolOnly: true };
    }
    if (!res.ok) throw await WritingToolsClient.errorOf(res);
    this.hasAPI = true;
    return res.json();
  }

  /**
   * Runs `tool` on `request` (`{text, range:{start,end}, protectedRanges, markup, language,
   * resultOptions, engine, instruction}`). Streams when `onChunk` is given (each `chunk` event's
   * text, already checked by the server's output contract). Resolves to the server's answer:
   * `{tool, engine, text, output, changed, result, edits:[{id,startIndex,endIndex,original,
   * correction,types,explanation,ruleId}], notices}` with indices in `request.text`.
   */
  async run(tool, request, { onChunk = null, onNotice = null, signal = null } = {}) {
    if (this.hasAPI === false) {
      if (tool !== 'proofread') throw new WritingToolsError('unsupported', 'This server answers only LanguageTool\'s /v2/check: Proofread only.', 404);
      return this.checkV2(request, signal);
    }
    const stream = !!onChunk;
    const res = await this.fetch('/api/tools/' + encodeURIComponent(tool), {
      method: 'POST', signal,
      headers: this.headers(stream ? { Accept: 'text/event-stream' } : {}),
      body: JSON.stringify({ ...request, stream }),
    });
    if (res.status === 404 && this.hasAPI === null) {
      const body = await res.text();
      if (!body.trim().startsWith('{')) { this.hasAPI = false; return this.run(tool, request, { onChunk, onNotice, signal }); }
      throw new WritingToolsError('not_found', body, 404);
    }
    if (!res.ok) throw await WritingToolsClient.errorOf(res);
    this.hasAPI = true;
    if (!stream) return res.json();
    return WritingToolsClient.readEvents(res, onChunk, onNotice);
  }

  /**
   * POSTs `body` as JSON to `path` and resolves to the JSON answer; with `onChunk`, asks for
   * Server-Sent Events and resolves to the `result` event's JSON (each `chunk` event's text to
   * `onChunk` first). Throws a WritingToolsError for an error status or an `error` event.
   */
  async post(path, body = {}, { onChunk = null, onNotice = null, signal = null } = {}) {
    const stream = !!onChunk;
    const res = await this.fetch(path, {
      method: 'POST', signal,
      headers: this.headers(stream ? { Accept: 'text/event-stream' } : {}),
      body: JSON.stringify(stream ? { ...body, stream } : body),
    });
    if (!res.ok) throw await WritingToolsClient.errorOf(res);
    if (!stream) return res.json();
    return WritingToolsClient.readEvents(res, onChunk, onNotice);
  }

  /**
   * Starts a reviewable session of `tool` on `request` (the fields of `run`): the server's
   * (POST /api/sessions; streamed when `onChunk` is given), or, on a server with LanguageTool's
   * /v2 only, a Proofread kept in the browser (LocalSession). Resolves to a ServerSession or a
   * LocalSession: the same methods, each resolving to the session's JSON (`state`).
   */
  async startSession(tool, request, options = {}) {
    if (this.hasAPI === false) {
      const answer = await this.run(tool, request, options);
      const edits = answer.edits.map(e => ({ start: e.startIndex, end: e.endIndex, replacement: e.correction, explanation: e.explanation, types: e.types, ruleId: e.ruleId }));
      return new LocalSession(request.text, edits, answer.notices || []);
    }
    let json;
    try {
      json = await this.post('/api/sessions', { ...request, tool }, options);
    } catch (e) {
      if (e.status === 404 && this.hasAPI === null && e.code === 'http_404') { this.hasAPI = false; return this.startSession(tool, request, options); }
      throw e;
    }
    this.hasAPI = true;
    return new ServerSession(this, json);
  }

  /** Reads a Server-Sent Events answer to its `result` (or `error`) event. */
  static async readEvents(res, onChunk, onNotice) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '', result = null;
    const handle = (block) => {
      let event = 'message', data = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const i = line.indexOf(':');
        const field = i < 0 ? line : line.slice(0, i);
        const value = i < 0 ? '' : line.slice(i + 1).replace(/^ /, '');
        if (field === 'event') event = value; else if (field === 'data') data.push(value);
      }
      if (!data.length) return;
      const payload = JSON.parse(data.join('\n'));
      if (event === 'chunk') onChunk(payload.text);
      else if (event === 'notice' && onNotice) onNotice(payload.message);
      else if (event === 'result') result = payload;
      else if (event === 'error') throw new WritingToolsError(payload.error.code, payload.error.message, 200);
    };
    for (;;) {
      const { value, done } = await reader.read();
      if (value) buffer += decoder.decode(value, { stream: true });
      buffer = buffer.replace(/\r\n?/g, '\n');
      let k;
      while ((k = buffer.indexOf('\n\n')) >= 0) { handle(buffer.slice(0, k)); buffer = buffer.slice(k + 2); }
      if (done) break;
    }
    if (buffer.trim()) handle(buffer);
    if (!result) throw new WritingToolsError('stream_ended', 'The server ended the stream without a result.', 200);
    return result;
  }

  /** Proofread through LanguageTool's /v2/check (a server without /api): the first
   *  replacement of each match in the range, outside the protected ranges. */
  async checkV2(request, signal) {
    const { text, range = { start: 0, end: text.length }, protectedRanges = [], language = 'en-US' } = request;
    const form = new URLSearchParams({ text, language });
    const res = await this.fetch('/v2/check', { method: 'POST', signal, body: form, headers: this.apiKey ? { Authorization: 'Bearer ' + this.apiKey } : {} });
    if (!res.ok) throw await WritingToolsClient.errorOf(res);
    const j = await res.json();
    const edits = [];
    for (const m of j.matches) {
      const s = m.offset, e = m.offset + m.length;
      if (!m.replacements.length || s < range.start || e > range.end) continue;
      if (protectedRanges.some(p => s < p.end && p.start < e)) continue;
      const types = m.rule.category.id === 'TYPOS' ? ['spelling'] : m.rule.issueType === 'whitespace' || m.rule.category.id === 'PUNCTUATION' ? ['punctuation'] : ['grammar'];
      edits.push({ id: edits.length, startIndex: s, endIndex: e, original: text.slice(s, e), correction: m.replacements[0].value, types, explanation: m.message, ruleId: m.rule.id });
    }
    return { tool: 'proofread', engine: 'builtin', text, edits, result: null, notices: [] };
  }
}

/**
 * A session held by `writing-tools serve` (docs/http-api.md, "Sessions"): every action is a
 * request, and resolves to the session's JSON after it (also kept in `state`): `text` (as it
 * stands), `originalText`, `suggestions` (`id`, `startIndex`/`endIndex` in `text`, `original`,
 * `replacement`, `state`, `applied`, `explanation`, `types`, `ruleId`), `canUndo`, `shown`.
 */
export class ServerSession {
  constructor(client, json) { this.client = client; this.id = json.id; this.state = json; }
  async action(path, body = {}, options = {}) {
    const json = await this.client.post('/api/sessions/' + encodeURIComponent(this.id) + '/' + path, body, options);
    this.state = json;
    return json;
  }
  accept(n) { return this.action(`suggestions/${n}/accept`); }
  reject(n) { return this.action(`suggestions/${n}/reject`); }
  /** Takes back the decisions about suggestion `n` (undecided and applied again). */
  revert(n) { return this.action(`suggestions/${n}/revert`); }
  acceptAll() { return this.action('accept-all'); }
  /** Takes back the last decision. */
  undo() { return this.action('undo'); }
  /** The host replaced `[start, end)` of the session's text with `text`. */
  edit(start, end, text) { return this.action('edit', { start, end, text }); }
  showOriginal() { return this.action('show-original'); }
  showRewritten() { return this.action('show-rewritten'); }
  rewriteAgain(options = {}) { return this.action('rewrite-again', {}, options); }
  refine(instruction, options = {}) { return this.action('refine', { instruction }, options); }
  /** Ends it: `accept` keeps the text as it stands, otherwise the original comes back (host edits kept). */
  finish(accept) { return this.action('finish', { accept }); }
  /** Forgets it on the server (DELETE); never throws. */
  async close() {
    try { await this.client.fetch('/api/sessions/' + encodeURIComponent(this.id), { method: 'DELETE', headers: this.client.apiKey ? { Authorization: 'Bearer ' + this.client.apiKey } : {} }); } catch { /* gone already */ }
  }
}
