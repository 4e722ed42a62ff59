// writing-tools-local.js: the review of a Proofread for servers without sessions.
//
// `writing-tools serve` keeps every review in its own sessions (POST /api/sessions: accept,
// reject, undo, revert, host edits), the model every host gets (docs/http-api.md). A server that
// answers only LanguageTool's /v2/check has none; for it the client (writing-tools-client.js)
// wraps its findings in a LocalSession, which answers the same calls with the same session JSON
// from a review kept here. Offsets are UTF-16 code units (JavaScript string indices).

/** Common prefix and suffix of a and b: the one changed region `[start, endA)` of a → `[start, endB)` of b. */
export function changedRegion(a, b) {
  let p = 0;
  const n = Math.min(a.length, b.length);
  while (p < n && a.charCodeAt(p) === b.charCodeAt(p)) p++;
  let s = 0;
  while (s < n - p && a.charCodeAt(a.length - 1 - s) === b.charCodeAt(b.length - 1 - s)) s++;
  return { start: p, endA: a.length - s, endB: b.length - s };
}

/**
 * A text under review in the browser, for servers without sessions (LanguageTool's /v2 only):: plain pieces and edits (each showing its replacement unless rejected,
 * or its original while the original is shown). The current text and the original are always
 * derived from the pieces, so accepting, rejecting, undoing and reverting are exact by
 * construction. Host edits are rebased into it (`rebase`).
 */
export class Review {
  /** `edits`: `[{start, end, replacement, explanation, types, ruleId}]` in `text`, sorted, disjoint. */
  constructor(text, edits) {
    this.pieces = [];
    this.showOriginal = false;
    let at = 0;
    edits.forEach((e, k) => {
      if (e.start > at) this.pieces.push({ kind: 'text', text: text.slice(at, e.start) });
      this.pieces.push({ kind: 'edit', id: k, original: text.slice(e.start, e.end), replacement: e.replacement, state: 'pending',
                         explanation: e.explanation || '', types: e.types || [], ruleId: e.ruleId || '' });
      at = e.end;
    });
    if (at < text.length || this.pieces.length === 0) this.pieces.push({ kind: 'text', text: text.slice(at) });
  }
  shown(p) { return p.kind === 'text' ? p.text : (this.showOriginal || p.state === 'rejected') ? p.original : p.replacement; }
  get text() { return this.pieces.map(p => this.shown(p)).join(''); }
  get originalText() { return this.pieces.map(p => p.kind === 'text' ? p.text : p.original).join(''); }
  get edits() { return this.pieces.filter(p => p.kind === 'edit'); }
  edit(id) { return this.pieces.find(p => p.kind === 'edit' && p.id === id); }
  /** Current `{start, end}` of every edit, by id. */
  positions() {
    const out = new Map();
    let at = 0;
    for (const p of this.pieces) {
      const t = this.shown(p);
      if (p.kind === 'edit') out.set(p.id, { start: at, end: at + t.length });
      at += t.length;
    }
    return out;
  }
  /** Runs `change` (which edits states or the shown version) and returns the replacements that
   *  turn the text before into the text after, back to front: `[{start, end, text}]`. */
  transition(change) {
    const before = this.pieces.map(p => this.shown(p));
    change();
    const out = [];
    let at = 0;
    this.pieces.forEach((p, k) => {
      const now = this.shown(p);
      if (now !== before[k]) out.push({ start: at, end: at + before[k].length, text: now });
      at += before[k].length;
    });
    return out.reverse();
  }
  /**
   * Takes in a change the host made: `oldText` (this review's text) became `newText`. A change
   * inside plain text is kept; edits it touches become plain text (state 'invalid'), holding what
   * the host left. Returns the ids invalidated. Afterwards `this.text === newText`.
   */
  rebase(oldText, newText) {
    const r = changedRegion(oldText, newText);
    const inserted = newText.slice(r.start, r.endB);
    let at = 0, first = -1, last = -1;
    const spans = this.pieces.map(p => { const s = at; at += this.shown(p).length; return { s, e: at }; });
    this.pieces.forEach((p, k) => {
      const { s, e } = spans[k];
      const touches = r.start === r.endA
        ? (s < r.start && r.start < e) || (p.kind === 'text' && s <= r.start && r.start <= e)
        : s < r.endA && r.start < e;
      if (touches) { if (first < 0) first = k; last = k; }
    });
    if (first < 0) { // an insertion at a boundary between two edits: a new plain piece
      let k = spans.findIndex(sp => sp.s >= r.start);
      if (k < 0) k = this.pieces.length;
      this.pieces.splice(k, 0, { kind: 'text', text: inserted });
      return [];
    }
    const invalid = [];
    let merged = '';
    for (let k = first; k <= last; k++) {
      const p = this.pieces[k];
      if (p.kind === 'edit') { invalid.push(p.id); p.state = 'invalid'; }
      merged += this.shown(p);
    }
    const offset = spans[first].s;
    merged = merged.slice(0, r.start - offset) + inserted + merged.slice(r.endA - offset);
    this.pieces.splice(first, last - first + 1, { kind: 'text', text: merged });
    return invalid;
  }
}


/**
 * A Proofread session kept in the browser (LanguageTool-only servers): the methods and the
 * session JSON of `writing-tools serve`'s `/api/sessions/{id}` (`state`), from a ``Review``.
 */
export class LocalSession {
  /** `text`: the text checked; `edits`: `[{start, end, replacement, explanation, types, ruleId}]` in it. */
  constructor(text, edits, notices = []) {
    this.id = null;
    this.review = new Review(text, edits);
    this.history = [];
    this.notices = notices;
    this.ended = false;
    this.state = this.json();
  }
  json() {
    const r = this.review, pos = r.positions();
    return { id: null, tool: 'proofread', kind: 'proofreading', engine: 'builtin', ended: this.ended, text: r.text, originalText: r.originalText,
      shown: null, versions: [], result: null, notices: this.notices, finalText: this.ended ? r.text : null, canUndo: this.history.length > 0,
      suggestions: r.edits.map(p => ({ id: p.id, startIndex: pos.get(p.id).start, endIndex: pos.get(p.id).end, original: p.original,
        replacement: p.replacement, state: p.state, applied: p.state !== 'rejected', explanation: p.explanation, types: p.types, ruleId: p.ruleId })) };
  }
  done() { this.state = this.json(); return Promise.resolve(this.state); }
  decide(ids, state) {
    const step = [];
    for (const id of ids) { const p = this.review.edit(id); if (p && p.state !== state) { step.push({ id, state: p.state }); p.state = state; } }
    if (step.length) this.history.push(step);
    return this.done();
  }
  accept(id) { return this.decide([id], 'accepted'); }
  reject(id) { return this.decide([id], 'rejected'); }
  acceptAll() { return this.decide(this.review.edits.filter(p => p.state === 'pending').map(p => p.id), 'accepted'); }
  revert(id) {
    const p = this.review.edit(id);
    if (p) p.state = 'pending';
    this.history = this.history.map(step => step.filter(d => d.id !== id)).filter(step => step.length);
    return this.done();
  }
  undo() {
    const step = this.history.pop();
    for (const d of step || []) { const p = this.review.edit(d.id); if (p) p.state = d.state; }
    return this.done();
  }
  /** The host replaced `[start, end)` of the text with `text`. */
  edit(start, end, text) {
    const old = this.review.text;
    this.review.rebase(old, old.slice(0, start) + text + old.slice(end));
    this.history = [];
    return this.done();
  }
  finish(accept) {
    if (!accept) this.review.showOriginal = true;
    this.ended = true;
    return this.done();
  }
  close() { return Promise.resolve(); }
}
