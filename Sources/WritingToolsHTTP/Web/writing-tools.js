// writing-tools.js: Writing Tools for any <textarea> or contenteditable element.
//
//   import { WritingTools } from '/writing-tools.js';
//   const wt = WritingTools.attach(document.querySelector('textarea'));
//
// No dependencies, no build step. It talks to `writing-tools serve` (this file's origin by
// default) through writing-tools-client.js. The integration API follows Apple's
// (UITextView/NSTextView/WKWebView, see docs/web.md):
//
//   wt.behavior                 'none' | 'limited' | 'complete': the resolved level ('default' resolves)
//   wt.requestedBehavior        what the page asked for ('default' included)
//   wt.allowedResultOptions     ['plainText', 'richText', 'list', 'table', 'presentationIntent']
//   options.ignoredRanges(text, enclosingRange) → [{start, end}] relative to enclosingRange.start,
//                               `text` being the enclosed text (Apple's writingToolsIgnoredRangesInEnclosingRange)
//   data-writing-tools="ignore", <code>, <pre>, <blockquote>, <kbd>, <samp>: protected (contenteditable)
//   wt.isWritingToolsActive     true between the will-begin and did-end events
//   events on the element:      'writingtoolswillbegin', 'writingtoolsdidend' (detail: {tool, accepted})
//
// Offsets are UTF-16 code units (JavaScript string indices) everywhere, as the server's.

import { WritingToolsClient, WritingToolsError } from './writing-tools-client.js';
import { changedRegion, Review } from './writing-tools-local.js';

export { WritingToolsClient, WritingToolsError, changedRegion, Review };

/** The tools, in menu order. `kind`: how the result comes back. */
export const TOOLS = [
  { id: 'proofread', label: 'Proofread', kind: 'proofreading' },
  { id: 'rewrite', label: 'Rewrite', kind: 'composition' },
  { id: 'friendly', label: 'Friendly', kind: 'composition' },
  { id: 'professional', label: 'Professional', kind: 'composition' },
  { id: 'concise', label: 'Concise', kind: 'composition' },
  { id: 'summary', label: 'Summary', kind: 'result' },
  { id: 'key-points', label: 'Key Points', kind: 'result' },
  { id: 'list', label: 'List', kind: 'result', needs: 'list' },
  { id: 'table', label: 'Table', kind: 'result', needs: 'table' },
];
const DESCRIBE = { id: 'describe', label: 'Describe your change', kind: 'composition' };

const RESULT_OPTIONS = ['plainText', 'richText', 'list', 'table', 'presentationIntent'];

/** The result options with what each implies (Apple: list and table imply rich text;
 *  presentation intent implies rich text, list and table). */
export function normalizeResultOptions(options) {
  const set = new Set((options || []).filter(o => RESULT_OPTIONS.includes(o)));
  if (set.has('presentationIntent')) { set.add('richText'); set.add('list'); set.add('table'); }
  if (set.has('list') || set.has('table')) set.add('richText');
  if (set.size === 0) set.add('plainText');
  set.add('plainText');
  return RESULT_OPTIONS.filter(o => set.has(o));
}

// ───────────────────────────── text utilities ─────────────────────────────

/** Word-level edits turning `a` into `b` (LCS over words, spaces and punctuation), indices in `a`. */
export function wordDiff(a, b) {
  const tok = s => s.match(/\s+|[\p{L}\p{N}_'’-]+|[\uD800-\uDBFF][\uDC00-\uDFFF]|[^]/gu) || [];
  const r = changedRegion(a, b);
  const A = tok(a.slice(r.start, r.endA)), B = tok(b.slice(r.start, r.endB));
  const n = A.length, m = B.length;
  if (n * m > 4e6) return r.start === r.endA && r.start === r.endB ? [] : [{ start: r.start, end: r.endA, replacement: b.slice(r.start, r.endB) }];
  const L = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--)
    L[i * (m + 1) + j] = A[i] === B[j] ? L[(i + 1) * (m + 1) + j + 1] + 1 : Math.max(L[(i + 1) * (m + 1) + j], L[i * (m + 1) + j + 1]);
  const edits = [];
  let i = 0, j = 0, at = r.start, cur = null;
  const flush = () => { if (cur) { edits.push(cur); cur = null; } };
  while (i < n || j < m) {
    if (i < n && j < m && A[i] === B[j]) { flush(); at += A[i].length; i++; j++; continue; }
    if (!cur) cur = { start: at, end: at, replacement: '' };
    if (j < m && (i >= n || L[i * (m + 1) + j + 1] >= L[(i + 1) * (m + 1) + j])) { cur.replacement += B[j]; j++; }
    else { at += A[i].length; cur.end = at; i++; }
  }
  flush();
  // A lone space between two edits joins them (one reviewable change "a b" → "c d").
  const out = [];
  for (const e of edits) {
    const last = out[out.length - 1];
    if (last && /^\s$/.test(a.slice(last.end, e.start))) { last.replacement += a.slice(last.end, e.start) + e.replacement; last.end = e.end; }
    else out.push({ ...e });
  }
  return out;
}

/** Client-side protection of Markdown structure (the server protects it too; this keeps a
 *  server or model that did not from changing it): fenced and indented code, inline code,
 *  link destinations, autolinks, HTML tags, block quotations. */
export function markdownProtectedRanges(text) {
  const out = [];
  const add = (s, e) => { if (e > s) out.push({ start: s, end: e }); };
  let m;
  const fence = /^( {0,3})(`{3,}|~{3,})[^\n]*\n[^]*?(?:^\1?\2[`~]*[ \t]*$|(?![^]))/gm;
  while ((m = fence.exec(text))) add(m.index, m.index + m[0].length);
  const quote = /^ {0,3}>[^\n]*(?:\n(?! *\n)[^\n]*)*/gm;
  while ((m = quote.exec(text))) add(m.index, m.index + m[0].length);
  const inline = /(`+)[^`][^]*?\1/g;
  while ((m = inline.exec(text))) add(m.index, m.index + m[0].length);
  const link = /\]\(([^)\s]*)(?:\s+"[^"]*")?\)/g;
  while ((m = link.exec(text))) add(m.index + 1, m.index + m[0].length);
  const auto = /<(?:https?:|mailto:)[^>\s]*>|https?:\/\/[^\s)>\]]+|<\/?[A-Za-z][^>]*>/g;
  while ((m = auto.exec(text))) add(m.index, m.index + m[0].length);
  return mergeRanges(out);
}

function mergeRanges(ranges) {
  const sorted = ranges.filter(r => r.end > r.start).sort((a, b) => a.start - b.start);
  const out = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end); else out.push({ start: r.start, end: r.end });
  }
  return out;
}

const overlaps = (a, s, e) => a.some(r => s < r.end && r.start < e || (s === e && r.start < s && s < r.end));

// ───────────────────────────── the two kinds of text surface ─────────────────────────────

const BLOCKS = new Set(['ADDRESS', 'ARTICLE', 'ASIDE', 'BLOCKQUOTE', 'DD', 'DIV', 'DL', 'DT', 'FIELDSET', 'FIGCAPTION', 'FIGURE', 'FOOTER',
  'FORM', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HEADER', 'HR', 'LI', 'MAIN', 'NAV', 'OL', 'P', 'PRE', 'SECTION', 'TABLE', 'TD', 'TH', 'TR', 'UL']);
const PROTECTED_SELECTOR = 'code, pre, blockquote, kbd, samp, script, style, [data-writing-tools="ignore"], [contenteditable="false"]';

/** A <textarea> (or text <input>): the value is the text. Marks are drawn on a mirror laid over it. */
class TextareaSurface {
  constructor(el) { this.el = el; this.mirror = null; }
  get editable() { return !this.el.readOnly && !this.el.disabled; }
  text() { return this.el.value; }
  replace(start, end, text) { this.el.setRangeText(text, start, end, 'preserve'); }
  selection() { return { start: this.el.selectionStart, end: this.el.selectionEnd }; }
  select(start, end) { this.el.setSelectionRange(start, end); }
  structureRanges() { return []; }
  setBusy(busy) { this.el.readOnly = busy ? true : this.wasReadOnly; }
  rememberState() { this.wasReadOnly = this.el.readOnly; }
  /** One native undo step from `before` to the current text: Ctrl+Z (or Edit ▸ Undo) then brings `before` back. */
  commitAsOneUndoStep(before) {
    const after = this.el.value;
    if (after === before) return true;
    const r = changedRegion(before, after);
    this.el.value = before;
    this.el.focus();
    this.el.setSelectionRange(r.start, r.endA);
    const ok = document.execCommand('insertText', false, after.slice(r.start, r.endB));
    if (!ok || this.el.value !== after) { this.el.value = after; return false; }
    return true;
  }
  undo() { this.el.focus(); document.execCommand('undo'); }
  ensureMirror() {
    if (this.mirror) return this.mirror;
    const m = document.createElement('div');
    m.className = 'wt-mirror';
    m.setAttribute('aria-hidden', 'true');
    this.mirror = m;
    this.el.insertAdjacentElement('afterend', m);
    this.onScroll = () => { m.scrollTop = this.el.scrollTop; m.scrollLeft = this.el.scrollLeft; };
    this.el.addEventListener('scroll', this.onScroll);
    return m;
  }
  /** Lays the mirror exactly over the textarea with its text and metrics. */
  syncMirror() {
    const m = this.ensureMirror(), el = this.el;
    // Restyled only when the textarea's box changed (getComputedStyle and 20 style writes cost a
    // layout each time); the text only when it changed.
    const key = `${el.offsetLeft},${el.offsetTop},${el.offsetWidth},${el.offsetHeight},${el.clientWidth}`;
    if (this.mirrorKey !== key) { this.mirrorKey = key; this.styleMirror(m); }
    if (m.firstChild?.nodeType !== 3 || m.childNodes.length !== 1 || m.firstChild.data.length !== el.value.length + 1 || m.firstChild.data !== el.value + '\n') m.textContent = el.value + '\n';
    if (m.scrollTop !== el.scrollTop) m.scrollTop = el.scrollTop;
    return m;
  }
  styleMirror(m) {
    const el = this.el, cs = getComputedStyle(el);
    for (const p of ['fontFamily', 'fontSize', 'fontWeight', 'fontStyle', 'letterSpacing', 'lineHeight', 'textTransform', 'wordSpacing',
      'textIndent', 'paddingTop', 'paddingRight', 'paddingBottom', 'paddingLeft', 'borderTopWidth', 'borderRightWidth',
      'borderBottomWidth', 'borderLeftWidth', 'boxSizing', 'tabSize', 'textAlign', 'direction']) m.style[p] = cs[p];
    m.style.whiteSpace = el.tagName === 'TEXTAREA' ? 'pre-wrap' : 'pre';
    m.style.overflowWrap = cs.overflowWrap;
    m.style.left = el.offsetLeft + 'px';
    m.style.top = el.offsetTop + 'px';
    m.style.width = el.offsetWidth + 'px';
    m.style.height = el.offsetHeight + 'px';
    // The scroll bar narrows the textarea's text box: the mirror's too.
    m.style.paddingRight = `calc(${cs.paddingRight} + ${el.offsetWidth - el.clientWidth - parseFloat(cs.borderLeftWidth) - parseFloat(cs.borderRightWidth)}px)`;
  }
  domRange(start, end) {
    const m = this.syncMirror(), node = m.firstChild, r = document.createRange();
    r.setStart(node, Math.min(start, node.length)); r.setEnd(node, Math.min(end, node.length));
    return r;
  }
  clearMirror() { if (this.mirror) { this.mirror.remove(); this.el.removeEventListener('scroll', this.onScroll); this.mirror = null; this.mirrorKey = null; } }
}

/** A contenteditable element: the text is its text nodes in order, a virtual "\n" between blocks. */
class EditableSurface {
  constructor(el) { this.el = el; }
  get editable() { return this.el.isContentEditable; }
  /** `{text, segs:[{node,start,end,protected}], virtual:[{start,end}]}`. */
  map() {
    const segs = [], virtual = [];
    let text = '', lastBlock = null;
    const blockOf = n => { for (let e = n.parentElement; e && e !== this.el; e = e.parentElement) if (BLOCKS.has(e.tagName)) return e; return this.el; };
    const walker = document.createTreeWalker(this.el, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (n.nodeType === 1) {
        if (n.tagName === 'BR') { virtual.push({ start: text.length, end: text.length + 1 }); text += '\n'; lastBlock = null; }
        continue;
      }
      const parent = n.parentElement;
      if (parent.closest('script, style')) continue;
      const ws = getComputedStyle(parent).whiteSpace;
      if (/^\s*$/.test(n.data) && !ws.startsWith('pre') && ws !== 'break-spaces') continue; // indentation between blocks
      const block = blockOf(n);
      if (lastBlock && block !== lastBlock && text.length && !text.endsWith('\n')) { virtual.push({ start: text.length, end: text.length + 1 }); text += '\n'; }
      lastBlock = block;
      const p = parent.closest(PROTECTED_SELECTOR);
      segs.push({ node: n, start: text.length, end: text.length + n.data.length, protected: !!(p && this.el.contains(p)) });
      text += n.data;
    }
    return { text, segs, virtual };
  }
  text() { return this.map().text; }
  structureRanges() {
    const { segs } = this.map();
    return mergeRanges(segs.filter(s => s.protected).map(s => ({ start: s.start, end: s.end })));
  }
  /** Boundaries no edit may cross: between text nodes and at the virtual newlines. */
  boundaries() {
    const { segs, virtual } = this.map();
    return { segs, virtual };
  }
  replace(start, end, text) {
    const { segs } = this.map();
    const inside = segs.filter(s => s.start < end && start < s.end);
    let host = inside[0] || segs.find(s => s.start <= start && start <= s.end && !s.protected);
    if (!host) throw new Error('no text node at ' + start);
    if (inside.length === 0 && start === end) { host.node.insertData(start - host.start, text); return; }
    inside.forEach((s, k) => {
      const a = Math.max(start, s.start) - s.start, b = Math.min(end, s.end) - s.start;
      s.node.replaceData(a, b - a, k === 0 ? text : '');
    });
  }
  pointOffset(node, offset, segs) {
    if (node.nodeType === 3) { const s = segs.find(x => x.node === node); if (s) return s.start + offset; }
    const child = node.childNodes[offset];
    if (child) {
      const s = segs.find(x => child === x.node || child.contains(x.node) || (child.compareDocumentPosition(x.node) & Node.DOCUMENT_POSITION_FOLLOWING));
      if (s) return s.start;
    } else {
      const before = segs.filter(x => node.contains(x.node) || (node.compareDocumentPosition(x.node) & Node.DOCUMENT_POSITION_PRECEDING));
      if (before.length) return before[before.length - 1].end;
    }
    return segs.length ? segs[segs.length - 1].end : 0;
  }
  selection() {
    const sel = getSelection();
    if (!sel.rangeCount) return { start: 0, end: 0 };
    const r = sel.getRangeAt(0);
    if (!this.el.contains(r.commonAncestorContainer)) return { start: 0, end: 0 };
    const { segs } = this.map();
    return { start: this.pointOffset(r.startContainer, r.startOffset, segs), end: this.pointOffset(r.endContainer, r.endOffset, segs) };
  }
  select(start, end) {
    const r = this.domRange(start, end);
    const sel = getSelection(); sel.removeAllRanges(); sel.addRange(r);
  }
  domRange(start, end) {
    const { segs } = this.map(), r = document.createRange();
    const at = (o, preferEnd) => {
      const s = (preferEnd ? segs.find(x => x.start < o && o <= x.end) : null) || segs.find(x => x.start <= o && o < x.end) || segs.find(x => x.start <= o && o <= x.end) || segs[segs.length - 1];
      return [s.node, Math.max(0, Math.min(o - s.start, s.node.length))];
    };
    r.setStart(...at(start, false)); r.setEnd(...at(end, true));
    return r;
  }
  setBusy(busy) { if (busy) this.el.setAttribute('contenteditable', 'false'); else this.el.setAttribute('contenteditable', this.wasEditable); }
  rememberState() { this.wasEditable = this.el.getAttribute('contenteditable') || 'true'; }
  snapshot() { return Array.from(this.el.childNodes, n => n.cloneNode(true)); }
  restore(nodes) { this.el.replaceChildren(...nodes.map(n => n.cloneNode(true))); }
  clearMirror() {}
}

// ───────────────────────────── the user interface ─────────────────────────────

let stylesLoaded = false;
function loadStyles() {
  if (stylesLoaded || document.querySelector('link[data-writing-tools-styles]')) { stylesLoaded = true; return; }
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = new URL('./writing-tools.css', import.meta.url).href;
  link.dataset.writingToolsStyles = '';
  document.head.append(link);
  stylesLoaded = true;
}

function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v == null || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k === 'text') e.textContent = v;
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) if (c != null) e.append(c);
  return e;
}

const highlightSupported = () => typeof CSS !== 'undefined' && 'highlights' in CSS && typeof Highlight === 'function';
let instances = 0;

/** Writing Tools attached to one element. Create with `WritingTools.attach(element, options)`. */
export class WritingTools extends EventTarget {
  /**
   * Attaches the Writing Tools to `element` (a <textarea>, text <input> or contenteditable).
   * Options: `behavior` ('default'), `allowedResultOptions`, `ignoredRanges(text, enclosingRange)`,
   * `markup` ('plain' | 'markdown'; a textarea's `data-markup`), `language` ('en-US' or the
   * element's lang), `engine` ('auto' | 'builtin' | 'model'), `server` (URL, default this
   * module's origin), `apiKey`, `client` (a replacement for WritingToolsClient),
   * `shortcut` ('Alt+W'), `button` (true: the floating Writing Tools button).
   */
  static attach(element, options = {}) { return new WritingTools(element, options); }

  constructor(element, options = {}) {
    super();
    if (element.writingTools) element.writingTools.detach();
    this.element = element;
    this.options = options;
    this.n = ++instances;
    this.surface = element.matches('textarea, input') ? new TextareaSurface(element) : new EditableSurface(element);
    this.requestedBehavior = options.behavior || element.dataset.writingToolsBehavior || 'default';
    this._allowed = options.allowedResultOptions || null;
    this.markup = options.markup || element.dataset.markup || 'plain';
    this.language = options.language || element.closest('[lang]')?.lang || 'en-US';
    this.engine = options.engine || 'auto';
    this.client = options.client || new WritingToolsClient(options.server ?? new URL('.', import.meta.url).origin, { apiKey: options.apiKey });
    this.shortcut = options.shortcut || 'Alt+W';
    this.session = null;
    this.isWritingToolsActive = false;
    this.lastUndo = null;
    this.listeners = [];
    element.writingTools = this;
    loadStyles();
    this.buildUI();
    this.applyBehavior();
  }

  // ── the integration API ──

  /** The resolved behaviour: 'none', 'limited' or 'complete' (never 'default'). */
  get behavior() {
    const r = this.requestedBehavior;
    if (this.element.closest('[data-writing-tools="ignore"]') || r === 'none') return 'none';
    if (r === 'limited') return 'limited';
    if (!this.surface.editable) return 'limited'; // read-only text: results in a panel, Copy only
    return 'complete'; // 'complete' and 'default' on an editable surface
  }
  set behavior(value) {
    if (!['none', 'default', 'limited', 'complete'].includes(value)) throw new TypeError('behavior: none, default, limited or complete');
    if (this.session) this.end(true);
    this.requestedBehavior = value;
    this.applyBehavior();
  }
  /** What the host accepts (Apple's result options, implied options included). */
  get allowedResultOptions() {
    if (this._allowed) return normalizeResultOptions(this._allowed);
    if (this.surface instanceof EditableSurface || this.markup === 'markdown') return ['plainText', 'richText', 'list', 'table'];
    return ['plainText'];
  }
  set allowedResultOptions(value) { this._allowed = value ? [...value] : null; this.renderMenu(); }

  /** The tools this element offers now (Table only when tables are allowed, List when lists are). */
  get availableTools() {
    if (this.behavior === 'none') return [];
    const allowed = this.allowedResultOptions;
    return TOOLS.filter(t => !t.needs || allowed.includes(t.needs));
  }

  /** Ranges (absolute, UTF-16) no tool may change inside `enclosing`: the page's
   *  ignoredRanges, protected elements, and (Markdown) code, links and quotations. */
  protectedRanges(text, enclosing) {
    const out = [...this.surface.structureRanges()];
    if (this.markup === 'markdown') out.push(...markdownProtectedRanges(text));
    if (this.options.ignoredRanges) {
      const sub = text.slice(enclosing.start, enclosing.end);
      for (const r of this.options.ignoredRanges(sub, { start: enclosing.start, end: enclosing.end, location: enclosing.start, length: enclosing.end - enclosing.start }) || []) {
        const s = Math.max(0, Math.min(sub.length, r.start ?? r.location)), e = Math.max(s, Math.min(sub.length, r.end ?? ((r.location ?? 0) + (r.length ?? 0))));
        if (e > s) out.push({ start: enclosing.start + s, end: enclosing.start + e });
      }
    }
    return mergeRanges(out);
  }

  /** Detaches: ends a session (keeping the text), removes the UI and listeners. */
  detach() {
    if (this.session) this.end(true);
    for (const [t, ev, f, o] of this.listeners) t.removeEventListener(ev, f, o);
    this.listeners = [];
    this.ui.remove();
    this.surface.clearMirror();
    this.clearHighlights();
    if (this.element.writingTools === this) delete this.element.writingTools;
  }

  // ── set-up ──

  on(target, ev, f, o) { target.addEventListener(ev, f, o); this.listeners.push([target, ev, f, o]); }

  buildUI() {
    const id = 'wt' + this.n;
    this.ids = { menu: id + '-menu', panel: id + '-panel', popover: id + '-popover', status: id + '-status' };
    this.button = h('button', { type: 'button', class: 'wt-button', 'aria-label': 'Writing Tools', 'aria-haspopup': 'menu', 'aria-expanded': 'false',
      'aria-controls': this.ids.menu, 'aria-keyshortcuts': this.shortcut, title: `Writing Tools (${this.shortcut})`,
      // mousedown would move the focus and, in a contenteditable, drop the selection the tool works on.
      onmousedown: e => e.preventDefault(),
      onclick: () => this.openMenu() }, h('span', { 'aria-hidden': 'true', text: '✎' }));
    this.describeInput = h('input', { type: 'text', class: 'wt-describe', placeholder: 'Describe your change', 'aria-label': 'Describe your change',
      onkeydown: e => {
        if (e.key === 'Enter' && this.describeInput.value.trim()) { e.preventDefault(); const v = this.describeInput.value.trim(); this.closeMenu(false); this.run('describe', { instruction: v, focus: true }); }
        else if (e.key === 'ArrowDown') { e.preventDefault(); this.menuItems()[0]?.focus(); }
      } });
    this.menuList = h('div', { role: 'menu', 'aria-label': 'Writing Tools', class: 'wt-menu-list', onkeydown: e => this.menuKey(e) });
    this.menu = h('div', { class: 'wt-menu', id: this.ids.menu, hidden: true, onkeydown: e => { if (e.key === 'Escape') { e.preventDefault(); this.closeMenu(true); } } },
      this.describeInput, this.menuList);
    this.panel = h('div', { class: 'wt-panel', id: this.ids.panel, role: 'region', 'aria-label': 'Writing Tools', hidden: true });
    this.popover = h('div', { class: 'wt-popover', id: this.ids.popover, role: 'dialog', 'aria-modal': 'false', hidden: true,
      onkeydown: e => this.popoverKey(e) });
    this.ui = h('div', { class: 'wt-ui', 'data-writing-tools-ui': '' }, this.button, this.menu, this.panel, this.popover);
    document.body.append(this.ui);
    this.renderMenu();
    this.on(this.element, 'keydown', e => this.elementKey(e));
    this.on(this.element, 'input', () => this.hostEdited());
    this.on(this.element, 'click', () => this.caretMoved(false));
    this.on(this.element, 'keyup', e => { if (e.key.startsWith('Arrow') || e.key === 'Home' || e.key === 'End') this.caretMoved(false); });
    this.on(document, 'mousedown', e => { if (!this.menu.hidden && !this.menu.contains(e.target) && e.target !== this.button && !this.button.contains(e.target)) this.closeMenu(false); });
    this.on(window, 'resize', () => this.place());
    this.on(window, 'scroll', () => this.place(), { passive: true, capture: true });
    if ('ResizeObserver' in window) { this.resizer = new ResizeObserver(() => this.place()); this.resizer.observe(this.element); this.listeners.push([{ removeEventListener: () => this.resizer.disconnect() }, '', null]); }
  }

  applyBehavior() {
    const none = this.behavior === 'none';
    this.button.hidden = none || this.options.button === false;
    this.element.dataset.writingToolsResolved = this.behavior;
    this.renderMenu();
    this.place();
  }

  renderMenu() {
    if (!this.menuList) return;
    this.menuList.replaceChildren(...this.availableTools.map(t =>
      h('button', { type: 'button', role: 'menuitem', tabindex: '-1', class: 'wt-item', 'data-tool': t.id, text: t.label,
        onclick: () => { this.closeMenu(false); this.run(t.id, { focus: true }); } })));
  }
  menuItems() { return Array.from(this.menuList.querySelectorAll('[role=menuitem]')); }

  place() {
    const r = this.element.getBoundingClientRect();
    const x = scrollX, y = scrollY;
    Object.assign(this.button.style, { left: (r.right + x - 34) + 'px', top: (r.top + y + 4) + 'px' });
    if (!this.menu.hidden) Object.assign(this.menu.style, { left: Math.max(4, r.right + x - 260) + 'px', top: (r.top + y + 36) + 'px' });
    if (!this.panel.hidden) {
      // Below the element, or floating over its lower part when that is off screen.
      const ph = this.panel.offsetHeight || 120;
      let top = r.bottom + 8;
      if (top + ph > innerHeight - 8) top = Math.max(Math.min(r.top + 8, r.bottom + 8), innerHeight - ph - 8);
      Object.assign(this.panel.style, { left: (r.left + x) + 'px', top: (top + y) + 'px', maxWidth: Math.max(320, r.width) + 'px' });
    }
    if (this.session?.review && this.surface instanceof TextareaSurface && this.behavior === 'complete') this.drawMarks();
    if (!this.popover.hidden && this.session?.current != null) this.placePopover(this.session.current);
  }

  // ── keyboard ──

  matchesShortcut(e) {
    const parts = this.shortcut.split('+'), key = parts.pop();
    const want = new Set(parts.map(p => p.toLowerCase()));
    return e.altKey === want.has('alt') && e.ctrlKey === want.has('ctrl') && e.shiftKey === want.has('shift') && e.metaKey === want.has('meta')
      && (e.code === 'Key' + key.toUpperCase() || e.key.toLowerCase() === key.toLowerCase());
  }

  elementKey(e) {
    if (this.behavior !== 'none' && this.matchesShortcut(e)) { e.preventDefault(); this.openMenu(); return; }
    if (e.key === 'Escape' && this.session) { e.preventDefault(); if (!this.popover.hidden) this.closePopover(false); else this.end(false); return; }
    if ((e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === 'z' && !this.session && this.lastUndo && this.surface instanceof EditableSurface) {
      if (this.surface.text() === this.lastUndo.after) { e.preventDefault(); this.undoLastSession(); }
    }
  }

  menuKey(e) {
    const items = this.menuItems(), k = items.indexOf(document.activeElement);
    const go = i => { e.preventDefault(); items[(i + items.length) % items.length]?.focus(); };
    if (e.key === 'ArrowDown') go(k + 1);
    else if (e.key === 'ArrowUp') { if (k <= 0) { e.preventDefault(); this.describeInput.focus(); } else go(k - 1); }
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(items.length - 1);
    else if (e.key === 'Tab') this.closeMenu(false);
  }

  openMenu() {
    if (this.behavior === 'none') return false;
    this.savedSelection = this.surface.selection();
    this.renderMenu();
    this.menu.hidden = false;
    this.button.setAttribute('aria-expanded', 'true');
    this.place();
    this.describeInput.value = '';
    this.menuItems()[0]?.focus();
    return true;
  }
  closeMenu(refocus) {
    if (this.menu.hidden) return;
    this.menu.hidden = true;
    this.button.setAttribute('aria-expanded', 'false');
    if (refocus) this.element.focus();
  }

  // ── sessions ──

  /** The range a tool works on: the selection, or the whole text when nothing is selected. */
  enclosingRange(text) {
    const s = this.savedSelection || this.surface.selection();
    this.savedSelection = null;
    if (s && s.end > s.start) return { start: s.start, end: s.end };
    return { start: 0, end: text.length };
  }

  emit(type, detail) { this.element.dispatchEvent(new CustomEvent(type, { bubbles: true, detail })); }

  /** Runs `tool` ('proofread', 'rewrite', …, 'describe' with `{instruction}`) on the selection or the whole text. */
  async run(tool, { instruction = null, range = null, focus = false } = {}) {
    if (this.behavior === 'none') return false;
    const spec = tool === 'describe' ? DESCRIBE : TOOLS.find(t => t.id === tool);
    if (!spec) throw new Error('unknown tool ' + tool);
    if (spec.needs && !this.allowedResultOptions.includes(spec.needs)) return false;
    if (this.session) await this.end(true);
    this.ui.querySelector('.wt-toast')?.remove();
    const text = this.surface.text();
    const enclosing = range || this.enclosingRange(text);
    const inline = this.behavior === 'complete' && spec.kind !== 'result';
    const s = this.session = { tool: spec, text, enclosing, instruction, inline, focus, handle: null, review: null, current: null, queue: Promise.resolve(), pending: 0, id: Symbol('session') };
    s.protected = this.protectedRanges(text, enclosing);
    this.surface.rememberState();
    this.clearHighlights();
    if (inline) {
      // Apple: isWritingToolsActive is false inside will-begin, true from its end to did-end.
      this.emit('writingtoolswillbegin', { tool: spec.id });
      if (this.session !== s) return false;
      this.isWritingToolsActive = true;
      this.element.classList.add('wt-active');
      s.snapshot = this.surface instanceof EditableSurface ? this.surface.snapshot() : null;
    }
    return this.request(s);
  }

  /** True while no request of this element's Writing Tools is out (every change shown). */
  get idle() { return !this.inFlight && !(this.session && (this.session.pending > 0 || this.session.ending)); }

  /** Counts `promise` as a request in flight (``idle``). */
  async track(promise) {
    this.inFlight = (this.inFlight || 0) + 1;
    try { return await promise; } finally { this.inFlight--; }
  }

  /**
   * Runs the tool. A review (Proofread inline, a rewrite inline) is a session of the server
   * (POST /api/sessions, streamed for a rewrite); a result, or the limited experience, is one
   * request (POST /api/tools/{tool}).
   */
  async request(s, { engine = this.engine } = {}) {
    const spec = s.tool;
    const body = { text: s.text, range: { start: s.enclosing.start, end: s.enclosing.end }, protectedRanges: s.protected, markup: this.markup,
      language: this.language, resultOptions: this.allowedResultOptions, engine };
    if (s.instruction) body.instruction = s.instruction;
    if (s.handle) { s.handle.close(); s.handle = null; s.review = null; }
    s.streamed = '';
    s.chunks = 0;
    this.showWorking(s);
    if (s.inline) this.surface.setBusy(true);
    s.abort = new AbortController();
    const options = {
      signal: s.abort.signal,
      onChunk: spec.kind !== 'proofreading' ? t => { if (this.session !== s) return; s.streamed += t; s.chunks++; this.showPreview(s); } : null,
      onNotice: m => { s.notices = [...(s.notices || []), m]; },
    };
    let answer;
    try {
      answer = s.inline ? await this.track(this.client.startSession(spec.id, body, options)) : await this.track(this.client.run(spec.id, body, options));
    } catch (e) {
      if (this.session !== s) return false;
      if (s.inline) this.surface.setBusy(false);
      this.element.classList.remove('wt-busy');
      if (e.name === 'AbortError') return false;
      this.showError(s, e);
      return false;
    }
    if (this.session !== s) { if (s.inline) answer.close(); return false; }
    if (s.inline) this.surface.setBusy(false);
    this.element.classList.remove('wt-busy');
    if (!s.inline) {
      s.engineUsed = answer.engine;
      s.notices = answer.notices || [];
      return spec.kind === 'result' ? this.showResult(s, answer) : this.showLimitedReview(s, answer);
    }
    s.handle = answer;
    s.engineUsed = answer.state.engine;
    s.notices = answer.state.notices || [];
    return this.startReview(s);
  }

  /** The session's first state shown in the element: its corrections or the rewrite's edits applied. */
  async startReview(s) {
    let json = s.handle.state;
    // Left out, as the server is told: an edit across an element boundary of a contenteditable.
    s.skipped = [];
    if (this.surface instanceof EditableSurface) {
      const boundaries = this.surface.boundaries();
      for (const g of json.suggestions) {
        if (g.state === 'invalid' || !crossesBoundary(boundaries, g.originalStartIndex, g.originalEndIndex)) continue;
        s.skipped.push(g.id);
        json = await this.track(s.handle.reject(g.id));
        if (this.session !== s) return false;
      }
    }
    // The host changed the text while the tool ran: that change is the host's edit of the
    // session (the suggestions it touches are dropped), then the session's text is shown.
    const current = this.surface.text();
    let shown = s.text;
    if (current !== s.text) {
      const edit = hostEditInSession(json, s.text, current);
      try { json = await this.track(s.handle.edit(edit.start, edit.end, edit.text)); } catch (e) { return this.endWithMessage(s, e); }
      if (this.session !== s) return false;
      shown = current;
    }
    s.review = new SessionView(json, s.skipped);
    if (!this.transition(shown, json.text)) return false;
    this.renderReview(s);
    // Chosen from the menu (keyboard or pointer): the first suggestion opens, its Accept focused.
    if (s.focus) { if (this.pendingIds().length) this.step(1); else this.panel.querySelector('[data-action=done]')?.focus(); }
    return true;
  }

  /**
   * Changes the element from `from` (what it shows) to `to` with the fewest replacements (word
   * by word, so a contenteditable keeps its elements). A change the host made meanwhile (the
   * element no longer shows `from`) is kept when it lies apart from them; otherwise the session
   * ends with the text as it stands. Returns false when it ended.
   */
  transition(from, to) {
    const now = this.surface.text();
    let edits = wordDiff(from, to);
    if (now !== from) {
      const r = changedRegion(from, now), delta = r.endB - r.endA;
      if (edits.some(e => e.start < r.endA && r.start < e.end || (e.start === e.end && r.start < e.start && e.start < r.endA))) {
        this.endSession(true, 'The text changed under the session; it ended with the text as it stands.');
        return false;
      }
      edits = edits.map(e => e.start >= r.endA ? { ...e, start: e.start + delta, end: e.end + delta } : e);
    }
    this.selfEdit = true;
    try { for (const e of edits.reverse()) this.surface.replace(e.start, e.end, e.replacement); }
    finally { this.selfEdit = false; }
    return true;
  }

  /**
   * Queues `call(handle)` (a session action) after the session's earlier ones; when it answers,
   * the element changes to the session's new text and the review is drawn again. Host edits
   * not yet sent go first. Resolves to true when the action was done.
   */
  act(s, call, { quiet = false } = {}) {
    if (!s?.handle || s.ending) return Promise.resolve(false);
    s.pending++;
    const step = async () => {
      try {
        if (this.session !== s || s.ending && call) return false;
        await this.sendHostEdit(s);
        if (!call || this.session !== s) return !call;
        const before = s.review.text;
        let json;
        try { json = await this.track(call(s.handle)); } catch (e) {
          if (this.session === s && !quiet) this.announce(e.message);
          if (quiet) throw e;
          return false;
        }
        if (this.session !== s) return false;
        s.review = new SessionView(json, s.skipped);
        if (!this.transition(before, json.text)) return false;
        this.renderReview(s);
        return true;
      } finally { s.pending--; }
    };
    const p = s.queue.then(step, step);
    s.queue = p.catch(() => false);
    return p;
  }

  /** Sends the host's change of the element since the session's last answer (one edit). */
  async sendHostEdit(s) {
    const now = this.surface.text(), known = s.review?.text;
    if (known == null || now === known || !s.handle) return;
    const r = changedRegion(known, now);
    let json;
    try { json = await this.track(s.handle.edit(r.start, r.endA, now.slice(r.start, r.endB))); } catch (e) { this.endWithMessage(s, e); return; }
    if (this.session !== s) return;
    const dropped = json.suggestions.filter(g => g.state === 'invalid').length - s.review.edits.filter(p => p.state === 'invalid').length;
    s.review = new SessionView(json, s.skipped);
    if (json.text !== this.surface.text()) {
      // The element moved on meanwhile: the next edit sends the rest; the marks wait for it.
      if (this.surface.text() !== now) return;
      this.endSession(true, 'The text changed under the session; it ended with the text as it stands.');
      return;
    }
    if (dropped > 0) this.announce(`${dropped} suggestion${dropped > 1 ? 's' : ''} dropped: the text changed there.`);
    this.renderReview(s);
  }

  endWithMessage(s, e) {
    if (this.session === s) this.endSession(true, 'The session ended: ' + e.message);
    return false;
  }

  /** The host (or the user) edited the element during a session: the session is told (its
   *  suggestions move, those the edit touched are dropped). */
  hostEdited() {
    const s = this.session;
    if (this.selfEdit || !s?.review || s.ending) return;
    if (this.surface.text() === s.review.text) return;
    // Marks move with the text at once (drawn again when the session answers).
    this.clearHighlights();
    this.act(s, null);
  }

  /** Accepts suggestion `id` (the server's session keeps it). Resolves to true when done. */
  accept(id) { return this.decide(id, h => h.accept(id)); }
  /** Rejects suggestion `id`: its original text comes back. */
  reject(id) { return this.decide(id, h => h.reject(id)); }
  /** Takes back the decisions about suggestion `id` (undecided, applied again). */
  revert(id) { return this.decide(id, h => h.revert(id)); }
  decide(id, call) {
    const s = this.session, p = s?.review?.edit(id);
    if (!p || p.state === 'invalid' || s.review.showOriginal) return Promise.resolve(false);
    return this.act(s, call);
  }
  acceptAll() {
    const s = this.session;
    if (!s?.review || s.review.showOriginal || !s.review.edits.some(p => p.state === 'pending')) return Promise.resolve(false);
    return this.act(s, h => h.acceptAll());
  }
  /** Takes back the last decision of this session. */
  undoDecision() {
    const s = this.session;
    if (!s?.review?.canUndo) return Promise.resolve(false);
    return this.act(s, h => h.undo());
  }
  /** Shows the original (true) or the rewritten text (false) of a rewrite. */
  showOriginal(on) {
    const s = this.session;
    if (!s?.review || s.tool.kind !== 'composition') return Promise.resolve(false);
    return this.act(s, h => on ? h.showOriginal() : h.showRewritten());
  }

  /** Runs the rewrite again on the original (a new version), or refines the shown version with `instruction`. */
  async again(instruction = null) {
    const s = this.session;
    if (!s?.review || s.tool.kind !== 'composition') return false;
    s.streamed = '';
    s.chunks = 0;
    this.closePopover(false);
    this.showWorking(s);
    this.clearHighlights();
    const options = { onChunk: t => { if (this.session === s) { s.streamed += t; s.chunks++; this.showPreview(s); } },
                      onNotice: m => { s.notices = [...(s.notices || []), m]; } };
    try {
      return await this.act(s, h => instruction ? h.refine(instruction, options) : h.rewriteAgain(options), { quiet: true });
    } catch (e) {
      if (this.session !== s) return false;
      this.element.classList.remove('wt-busy');
      this.showError(s, e, () => this.again(instruction));
      return false;
    }
  }

  /**
   * Ends the session. `keep` true (Done): the text stays as reviewed (pending suggestions kept),
   * as one undo step from the original; false (Revert, Escape): the server's session restores
   * the original (a host's own edits stay). Resolves when the element shows the final text.
   */
  end(keep = true, message = null) {
    const s = this.session;
    if (!s) return Promise.resolve();
    if (s.ending) return s.ending;
    s.abort?.abort();
    if (!s.handle || !s.review || (keep && s.pending === 0)) { this.endSession(keep, message); return Promise.resolve(); }
    s.ending = (async () => {
      await s.queue;
      if (this.session !== s) return;
      await this.sendHostEdit(s);
      if (this.session !== s) return;
      if (!keep) {
        const before = s.review.text;
        try {
          const json = await this.track(s.handle.finish(false));
          if (this.session === s) this.transition(before, json.finalText ?? json.text);
        } catch (e) {
          message = 'The original could not be restored (' + e.message + '); the text is as it stands.';
        }
      }
      if (this.session === s) this.endSession(keep, message);
    })();
    return s.ending;
  }

  /** The local end of a session: marks, panel and events; the server's session is forgotten. */
  endSession(keep, message = null) {
    const s = this.session;
    if (!s) return;
    s.abort?.abort();
    s.handle?.close();
    if (s.inline) this.surface.setBusy(false);
    this.element.classList.remove('wt-busy');
    const review = s.review;
    this.session = null;
    this.clearHighlights();
    this.closePopover(false);
    const after = this.surface.text();
    // The undo step takes back the tool's changes only, not the host's own edits meanwhile.
    const before = review ? review.unappliedText : after;
    if (s.inline) {
      if (after !== before && keep) {
        this.selfEdit = true;
        try {
          if (this.surface instanceof TextareaSurface) this.surface.commitAsOneUndoStep(before);
        } finally { this.selfEdit = false; }
        this.lastUndo = { before, after, snapshot: s.snapshot };
      }
      this.isWritingToolsActive = false;
      this.element.classList.remove('wt-active');
      this.emit('writingtoolsdidend', { tool: s.tool.id, accepted: keep && after !== before });
    }
    this.surface.clearMirror();
    this.panel.hidden = true;
    this.panel.replaceChildren();
    if (message) this.toast(message);
    else if (s.inline && keep && this.lastUndo && this.lastUndo.after === after && after !== before) this.toast('Writing Tools changes applied.', true);
    if (this.element.isConnected) this.element.focus({ preventScroll: true });
  }

  /** Undoes a whole finished session in one step (the element's undo too: Ctrl+Z). */
  undoLastSession() {
    const u = this.lastUndo;
    if (!u || this.session) return false;
    if (this.surface.text() !== u.after) return false;
    if (this.surface instanceof TextareaSurface) {
      this.surface.undo();
      if (this.surface.text() !== u.before) { this.element.value = u.before; }
    } else if (u.snapshot) {
      this.surface.restore(u.snapshot);
    }
    this.lastUndo = null;
    this.element.dispatchEvent(new Event('input', { bubbles: true }));
    this.announce('Writing Tools changes undone.');
    return true;
  }

  // ── review rendering ──

  pendingIds() { return this.session?.review?.edits.filter(p => p.state === 'pending' && !this.deciding?.has(p.id)).map(p => p.id) || []; }
  liveIds() { return this.session?.review?.edits.filter(p => p.state !== 'invalid' && p.state !== 'rejected').map(p => p.id) || []; }

  /** Marks and the panel of a review in progress. */
  renderReview(s) {
    const review = s.review;
    const edits = review.edits.filter(p => p.state !== 'invalid');
    const pending = edits.filter(p => p.state === 'pending');
    const comp = s.tool.kind === 'composition';
    this.drawMarks();
    const label = comp ? s.tool.label : 'Proofread';
    const status = edits.length === 0
      ? (comp ? 'No changes.' : 'No suggestions: the text reads well.')
      : `${label}: ${edits.length} ${comp ? 'edit' : 'suggestion'}${edits.length > 1 ? 's' : ''}, ${pending.length} to review` + (review.showOriginal ? ' (showing the original)' : '');
    const btn = (label, action, attrs = {}) => h('button', { type: 'button', class: 'wt-btn', onclick: action, ...attrs, text: label });
    const children = [h('div', { class: 'wt-status', role: 'status', id: this.ids.status, 'aria-live': 'polite', text: status })];
    if (s.skipped?.length) children.push(h('div', { class: 'wt-note', text: `${s.skipped.length} change${s.skipped.length > 1 ? 's' : ''} left out: they touched protected text.` }));
    if (s.notices?.length) children.push(h('div', { class: 'wt-note', text: s.notices.join(' ') }));
    if (comp && s.streamed) children.push(h('details', { class: 'wt-preview-done' }, h('summary', { text: 'Streamed preview' }), h('div', { class: 'wt-preview', text: s.streamed })));
    const nav = h('div', { class: 'wt-row', role: 'toolbar', 'aria-label': 'Review' },
      btn('Previous', () => this.step(-1), { 'aria-label': 'Previous suggestion', disabled: edits.length === 0 || review.showOriginal }),
      btn('Next', () => this.step(1), { 'aria-label': 'Next suggestion', 'data-action': 'next', disabled: edits.length === 0 || review.showOriginal }),
      btn('Accept all', () => this.acceptAll(), { disabled: pending.length === 0 || review.showOriginal }),
      btn('Undo', () => this.undoDecision(), { 'aria-label': 'Undo last decision', disabled: !review.canUndo }));
    children.push(nav);
    if (comp) {
      children.push(h('div', { class: 'wt-row', role: 'group', 'aria-label': 'Versions' },
        btn('Original', () => this.showOriginal(true), { 'aria-pressed': String(review.showOriginal), 'data-action': 'original' }),
        btn('Rewritten', () => this.showOriginal(false), { 'aria-pressed': String(!review.showOriginal), 'data-action': 'rewritten' }),
        btn('Rewrite again', () => this.again(), { 'data-action': 'again' })));
      const refine = h('input', { type: 'text', class: 'wt-refine', placeholder: 'Refine: make it shorter, warmer…', 'aria-label': 'Refine the rewrite',
        onkeydown: e => { if (e.key === 'Enter' && refine.value.trim()) { e.preventDefault(); this.again(refine.value.trim()); } } });
      children.push(h('div', { class: 'wt-row' }, refine, btn('Refine', () => { if (refine.value.trim()) this.again(refine.value.trim()); }, { 'data-action': 'refine' })));
    }
    children.push(h('div', { class: 'wt-row wt-end' },
      btn('Revert all', () => this.end(false), { 'aria-label': 'Revert all and close', 'data-action': 'revert' }),
      btn('Done', () => this.end(true), { class: 'wt-btn wt-primary', 'data-action': 'done' })));
    this.panel.setAttribute('aria-label', `Writing Tools: ${label}`);
    this.panel.removeAttribute('aria-busy');
    // Drawn again after every answer of the session: the focused control stays focused.
    const focused = this.panel.contains(document.activeElement) ? document.activeElement : null;
    const key = focused && (focused.dataset.action || focused.getAttribute('aria-label') || focused.className);
    this.panel.replaceChildren(...children);
    if (key) [...this.panel.querySelectorAll('button, input')].find(e => (e.dataset.action || e.getAttribute('aria-label') || e.className) === key)?.focus();
    this.panel.hidden = false;
    this.place();
    if (s.current != null && !this.popover.hidden) {
      const p = review.edit(s.current);
      if (p && p.state !== 'invalid' && !review.showOriginal) this.openPopover(s.current, this.popover.contains(document.activeElement)); else this.closePopover(false);
    }
  }

  /** Highlights every live edit (the current one apart). */
  drawMarks() {
    const s = this.session;
    this.clearHighlights();
    if (!s?.review || s.review.showOriginal || !s.inline) { this.surface.clearMirror?.(); return; }
    const pos = s.review.positions();
    const ranges = [], current = [], accepted = [];
    for (const p of s.review.edits) {
      if (p.state === 'invalid' || p.state === 'rejected') continue;
      const { start, end } = pos.get(p.id);
      // An edit that deletes shows a mark on the character after it, so it stays visible.
      const r = this.surface.domRange(start, end > start ? end : Math.min(end + 1, s.review.text.length));
      (p.id === s.current ? current : p.state === 'accepted' ? accepted : ranges).push(r);
    }
    this.marks = { ranges, current, accepted };
    if (highlightSupported()) {
      CSS.highlights.set('wt-suggestion-' + this.n, new Highlight(...ranges));
      CSS.highlights.set('wt-accepted-' + this.n, new Highlight(...accepted));
      CSS.highlights.set('wt-current-' + this.n, new Highlight(...current));
      ensureHighlightStyles(this.n);
    } else if (this.surface instanceof TextareaSurface) {
      // No Custom Highlight API: <mark> elements in the mirror (ours, not the page's DOM).
      const m = this.surface.syncMirror(), text = s.review.text, parts = [];
      let at = 0;
      for (const p of s.review.edits) {
        if (p.state === 'invalid' || p.state === 'rejected') continue;
        const { start, end } = pos.get(p.id);
        parts.push(text.slice(at, start), h('mark', { class: p.id === s.current ? 'wt-mark wt-mark-current' : 'wt-mark', text: text.slice(start, end) || '\u200b' }));
        at = end;
      }
      parts.push(text.slice(at) + '\n');
      m.replaceChildren(...parts);
    }
  }

  clearHighlights() {
    if (highlightSupported()) for (const k of ['wt-suggestion-', 'wt-accepted-', 'wt-current-']) CSS.highlights.delete(k + this.n);
    this.marks = null;
  }

  /** The current marks as `{start, end, text}` (UTF-16 offsets in the element's text). */
  get markRanges() {
    const s = this.session;
    if (!s?.review || s.review.showOriginal || !s.inline) return [];
    const pos = s.review.positions(), text = s.review.text;
    return s.review.edits.filter(p => p.state !== 'invalid' && p.state !== 'rejected').map(p => {
      const { start, end } = pos.get(p.id);
      return { id: p.id, start, end, text: text.slice(start, end), state: p.state };
    });
  }

  /** Moves to the next (1) or previous (-1) suggestion, pending ones first, and opens its popover. */
  step(dir) {
    const s = this.session;
    if (!s?.review) return;
    const live = s.review.edits.filter(p => p.state !== 'invalid' && p.state !== 'rejected').map(p => p.id);
    const all = s.review.edits.filter(p => p.state !== 'invalid').map(p => p.id);
    const pool = this.pendingIds().length ? this.pendingIds() : (live.length ? live : all);
    if (!pool.length) return;
    const k = pool.indexOf(s.current);
    const next = k < 0 ? (dir > 0 ? pool[0] : pool[pool.length - 1]) : pool[(k + dir + pool.length) % pool.length];
    this.openPopover(next, true);
  }

  caretMoved() {
    const s = this.session;
    if (!s?.review || !s.inline || s.review.showOriginal) return;
    const caret = this.surface.selection();
    if (caret.end !== caret.start) return;
    const pos = s.review.positions();
    const hit = s.review.edits.find(p => p.state !== 'invalid' && p.state !== 'rejected' && pos.get(p.id).start <= caret.start && caret.start <= pos.get(p.id).end);
    if (hit) this.openPopover(hit.id, false);
  }

  openPopover(id, focus) {
    const s = this.session, review = s?.review, p = review?.edit(id);
    if (!p) return;
    s.current = id;
    const all = review.edits.filter(q => q.state !== 'invalid');
    const k = all.indexOf(p) + 1;
    const kind = (p.types[0] || (s.tool.kind === 'composition' ? 'rewrite' : 'suggestion'));
    const btn = (label, action, attrs = {}) => h('button', { type: 'button', class: 'wt-btn', onclick: action, ...attrs, text: label });
    const orig = p.original === '' ? '(nothing)' : p.original, repl = p.replacement === '' ? '(removed)' : p.replacement;
    this.popover.setAttribute('aria-label', `Suggestion ${k} of ${all.length}: ${kind}`);
    this.popover.replaceChildren(
      h('div', { class: 'wt-pop-head' }, h('span', { class: 'wt-kind', text: kind }), h('span', { class: 'wt-count', text: `${k} of ${all.length}` }),
        h('span', { class: 'wt-state', text: p.state === 'pending' ? '' : p.state })),
      h('div', { class: 'wt-change' }, h('del', { text: orig }), h('span', { 'aria-hidden': 'true', text: ' → ' }), h('ins', { text: repl })),
      p.explanation ? h('p', { class: 'wt-explanation', text: p.explanation }) : null,
      h('div', { class: 'wt-row' },
        btn('Accept', () => this.decideAndMove(id, 'accept'), { class: 'wt-btn wt-primary', 'data-action': 'accept', 'aria-keyshortcuts': 'A', disabled: p.state === 'accepted' }),
        btn('Reject', () => this.decideAndMove(id, 'reject'), { 'data-action': 'reject', 'aria-keyshortcuts': 'R', 'aria-label': `Reject: keep “${orig}”`, disabled: p.state === 'rejected' }),
        btn('‹', () => this.step(-1), { 'aria-label': 'Previous suggestion' }),
        btn('›', () => this.step(1), { 'aria-label': 'Next suggestion' }),
        btn('×', () => this.closePopover(true), { 'aria-label': 'Close suggestion' })));
    this.popover.hidden = false;
    this.drawMarks();
    this.placePopover(id);
    const r = review.positions().get(id);
    if (this.surface instanceof TextareaSurface && focus) this.revealInTextarea(r.start);
    if (focus) (this.popover.querySelector('[data-action=accept]:not([disabled])') || this.popover.querySelector('[data-action=reject]:not([disabled])') || this.popover.querySelector('button')).focus();
  }

  revealInTextarea(offset) {
    const rect = this.surface.domRange(offset, offset).getBoundingClientRect();
    const el = this.element, er = el.getBoundingClientRect();
    if (rect.top < er.top || rect.bottom > er.bottom) { el.scrollTop += rect.top - er.top - el.clientHeight / 3; this.place(); }
  }

  /** Accepts or rejects `id` from its popover and moves on at once to the next undecided
   *  suggestion (or Done), as the keyboard expects; the session's answer redraws the marks. */
  decideAndMove(id, decision) {
    // Decided here but not yet answered by the session: no longer pending, so that the next
    // move never reopens it when the answers come slowly (keys faster than the server).
    (this.deciding ??= new Set()).add(id);
    const done = (decision === 'accept' ? this.accept(id) : this.reject(id)).finally(() => this.deciding.delete(id));
    this.afterDecision(id);
    return done;
  }

  afterDecision(decided = null) {
    if (!this.session) return;
    const pending = this.pendingIds().filter(x => x !== decided);
    if (pending.length) this.openPopover(pending.find(id => id > this.session.current) ?? pending[0], true);
    else { this.closePopover(false); this.panel.querySelector('[data-action=done]')?.focus(); }
  }

  placePopover(id) {
    const s = this.session;
    const r = s?.review?.positions().get(id);
    if (!r) return;
    const rect = this.surface.domRange(r.start, Math.max(r.end, r.start)).getBoundingClientRect();
    const top = (rect.bottom || this.element.getBoundingClientRect().top) + scrollY + 6;
    Object.assign(this.popover.style, { left: Math.max(4, rect.left + scrollX) + 'px', top: top + 'px' });
  }

  closePopover(refocus) {
    if (this.popover.hidden) return;
    this.popover.hidden = true;
    if (this.session) { this.session.current = null; this.drawMarks(); }
    if (refocus) (this.panel.querySelector('[data-action=next]') || this.element).focus();
  }

  popoverKey(e) {
    if (e.target.tagName === 'INPUT') return;
    const id = this.session?.current;
    if (e.key === 'Escape') { e.preventDefault(); this.closePopover(true); }
    else if (e.key === 'a' || e.key === 'A') { e.preventDefault(); this.decideAndMove(id, 'accept'); }
    else if (e.key === 'r' || e.key === 'R') { e.preventDefault(); this.decideAndMove(id, 'reject'); }
    else if (e.key === 'ArrowRight' || e.key === 'n') { e.preventDefault(); this.step(1); }
    else if (e.key === 'ArrowLeft' || e.key === 'p') { e.preventDefault(); this.step(-1); }
  }

  // ── states: working, preview, errors, results ──

  showWorking(s) {
    const label = s.tool.id === 'proofread' ? 'Proofreading…' : s.tool.kind === 'result' ? `Writing the ${s.tool.label.toLowerCase()}…` : 'Rewriting…';
    this.panel.setAttribute('aria-label', `Writing Tools: ${s.tool.label}`);
    this.panel.setAttribute('aria-busy', 'true');
    this.panel.replaceChildren(
      h('div', { class: 'wt-status wt-working', role: 'status', id: this.ids.status, 'aria-live': 'polite' }, h('span', { class: 'wt-spinner', 'aria-hidden': 'true' }), label),
      h('div', { class: 'wt-preview', hidden: true, 'aria-label': 'Preview', role: 'region' }),
      h('div', { class: 'wt-row wt-end' }, h('button', { type: 'button', class: 'wt-btn', 'data-action': 'cancel', text: 'Cancel', onclick: () => this.end(false) })));
    this.panel.hidden = false;
    if (s.inline) this.element.classList.add('wt-busy');
    this.place();
  }

  showPreview(s) {
    const box = this.panel.querySelector('.wt-preview');
    if (!box) return;
    box.hidden = false;
    box.textContent = s.streamed;
    box.scrollTop = box.scrollHeight;
    this.emit('writingtoolspreview', { text: s.streamed, chunks: s.chunks });
  }

  showError(s, e, retry = () => this.request(s)) {
    this.element.classList.remove('wt-busy');
    const noModel = e.code === 'no_model' || e.code === 'model_failed' || e.code === 'model_busy';
    const btn = (label, action, attrs = {}) => h('button', { type: 'button', class: 'wt-btn', onclick: action, ...attrs, text: label });
    const sentence = m => /[.!?…]$/.test(m.trim()) ? m.trim() : m.trim() + '.';
    const message = noModel
      ? (e.code === 'no_model' ? 'The language model is unavailable (none is configured).' : e.code === 'model_busy' ? 'The language model is busy.' : sentence('The language model failed: ' + e.message))
        + ' The built-in engine still works.'
      : e.message;
    this.panel.removeAttribute('aria-busy');
    this.panel.replaceChildren(
      h('div', { class: 'wt-status wt-error', role: 'alert', id: this.ids.status, 'data-error': e.code || 'error', text: message }),
      h('div', { class: 'wt-row wt-end' },
        noModel ? btn('Use the built-in engine', () => this.request(s, { engine: 'builtin' }), { class: 'wt-btn wt-primary', 'data-action': 'builtin' }) : null,
        btn('Try again', retry, { 'data-action': 'retry' }),
        btn('Close', () => this.end(false), { 'data-action': 'close' })));
    this.panel.hidden = false;
    this.place();
    this.panel.querySelector('button').focus();
  }

  /** A proofreading or rewrite answer in the limited (panel) experience: the text is not
   *  touched until Replace. */
  showLimitedReview(s, answer) {
    const edits = answer.edits || [];
    const comp = s.tool.kind === 'composition';
    const whole = answer.text ?? s.text;
    const enclosingText = whole.slice(s.enclosing.start, whole.length - (s.text.length - s.enclosing.end));
    const body = [
      h('div', { class: 'wt-status', role: 'status', id: this.ids.status, text: comp ? `${s.tool.label}: ${edits.length} edit${edits.length === 1 ? '' : 's'}` : (edits.length ? `Proofread: ${edits.length} suggestion${edits.length > 1 ? 's' : ''}` : 'No suggestions: the text reads well.') }),
      h('div', { class: 'wt-card-text', tabindex: '0', role: 'document', 'aria-label': 'Result', text: enclosingText }),
    ];
    if (!comp && edits.length) body.push(h('ul', { class: 'wt-list', 'aria-label': 'Suggestions' }, edits.map(p =>
      h('li', {}, h('del', { text: p.original || '(nothing)' }), ' → ', h('ins', { text: p.correction || '(removed)' }), ' ', h('span', { class: 'wt-explanation', text: p.explanation })))));
    this.showCard(s, body, enclosingText, whole);
  }

  showResult(s, answer) {
    const r = answer.result || { kind: s.tool.id, text: answer.output, note: null };
    const body = [h('div', { class: 'wt-status', role: 'status', id: this.ids.status, text: s.tool.label })];
    if (r.note) body.push(h('div', { class: 'wt-note', text: r.note }));
    if (r.kind === 'table' && /^\s*\|/.test(r.text)) body.push(renderTable(r.text));
    else body.push(h('pre', { class: 'wt-card-text', tabindex: '0', 'aria-label': 'Result', text: r.text }));
    const text = this.surface.text();
    const replaced = text.slice(0, s.enclosing.start) + r.text + text.slice(s.enclosing.end);
    this.showCard(s, body, r.text, r.text ? replaced : null, true);
  }

  /** The result card: Copy, Insert (after the range), Replace (the range), Close. */
  showCard(s, body, resultText, replacedWholeText, insertable = false) {
    const editable = this.surface.editable;
    const btn = (label, action, attrs = {}) => h('button', { type: 'button', class: 'wt-btn', onclick: action, ...attrs, text: label });
    const apply = (whole) => {
      const before = this.surface.text();
      if (before !== s.text) { this.end(false, 'The text changed meanwhile; nothing was replaced.'); return; }
      this.session = null;
      // The complete experience brackets the change with will-begin / did-end; the limited one
      // (a panel) never sets isWritingToolsActive, as WKWebView's.
      const bracket = this.behavior === 'complete';
      if (bracket) { this.emit('writingtoolswillbegin', { tool: s.tool.id }); this.isWritingToolsActive = true; }
      const snapshot = this.surface instanceof EditableSurface ? this.surface.snapshot() : null;
      const r = changedRegion(before, whole);
      this.selfEdit = true;
      try {
        if (this.surface instanceof TextareaSurface) { this.surface.replace(r.start, r.endA, whole.slice(r.start, r.endB)); this.surface.commitAsOneUndoStep(before); }
        else this.surface.replace(r.start, r.endA, whole.slice(r.start, r.endB));
      } finally { this.selfEdit = false; }
      this.lastUndo = { before, after: this.surface.text(), snapshot };
      if (bracket) { this.isWritingToolsActive = false; this.emit('writingtoolsdidend', { tool: s.tool.id, accepted: true }); }
      this.panel.hidden = true;
      this.element.dispatchEvent(new Event('input', { bubbles: true }));
      this.element.focus();
    };
    const actions = [btn('Copy', async () => {
      try { await navigator.clipboard.writeText(resultText); this.announce('Copied.'); } catch { this.copyFallback(resultText); }
    }, { 'data-action': 'copy' })];
    if (editable && replacedWholeText != null) {
      if (insertable) {
        actions.push(btn('Insert', () => {
          const t = this.surface.text(), at = s.enclosing.end;
          apply(t.slice(0, at) + (t.slice(0, at).endsWith('\n') ? '' : '\n\n') + resultText + t.slice(at));
        }, { 'data-action': 'insert', 'aria-label': 'Insert after the text' }));
      }
      actions.push(btn('Replace', () => apply(replacedWholeText), { class: 'wt-btn wt-primary', 'data-action': 'replace', 'aria-label': 'Replace the text' }));
    }
    actions.push(btn('Close', () => this.end(false), { 'data-action': 'close' }));
    this.panel.removeAttribute('aria-busy');
    this.element.classList.remove('wt-busy');
    this.panel.setAttribute('aria-label', `Writing Tools: ${s.tool.label}`);
    this.panel.replaceChildren(h('div', { class: 'wt-card' }, ...body, h('div', { class: 'wt-row wt-end', role: 'toolbar', 'aria-label': 'Result actions' }, ...actions)));
    this.panel.hidden = false;
    this.place();
    // Replace, the card's primary action, has the focus (Enter applies it); Copy when the host
    // cannot be edited. (One selector for both would pick Copy, which comes first.)
    (this.panel.querySelector('[data-action=replace]') || this.panel.querySelector('[data-action=copy]')).focus();
    return true;
  }

  copyFallback(text) {
    const t = h('textarea', { class: 'wt-offscreen', 'aria-hidden': 'true' });
    t.value = text; document.body.append(t); t.select(); document.execCommand('copy'); t.remove();
    this.element.focus();
    this.announce('Copied.');
  }

  announce(text) {
    const st = this.panel.querySelector('[role=status]');
    if (st && !this.panel.hidden) st.textContent = text; else this.toast(text);
  }

  toast(text, undo = false) {
    this.ui.querySelector('.wt-toast')?.remove();
    const t = h('div', { class: 'wt-toast', role: 'status', 'aria-live': 'polite' }, h('span', { text }),
      undo ? h('button', { type: 'button', class: 'wt-btn', 'data-action': 'undo-session', text: 'Undo', 'aria-label': 'Undo the Writing Tools changes',
        onclick: () => { this.undoLastSession(); t.remove(); this.element.focus(); } }) : null);
    this.ui.append(t);
    setTimeout(() => t.remove(), 8000);
  }
}

/**
 * A session's state as the server sent it (`/api/sessions/{id}`), read by the review's marks,
 * popover and panel: `text`, `originalText`, `showOriginal`, `canUndo`, and `edits` (`id`,
 * `start`/`end` in `text`, `original`, `replacement`, `state`, `applied`, `explanation`, `types`,
 * `ruleId`) without those left out by the library (`skipped`).
 */
export class SessionView {
  constructor(json, skipped = []) {
    this.json = json;
    this.text = json.text;
    this.originalText = json.originalText;
    this.showOriginal = json.shown === 'original';
    this.canUndo = !!json.canUndo;
    this.edits = json.suggestions.filter(g => !skipped.includes(g.id)).map(g => ({ id: g.id, start: g.startIndex, end: g.endIndex,
      original: g.original, replacement: g.replacement, state: g.state, applied: g.applied, explanation: g.explanation || '', types: g.types || [], ruleId: g.ruleId || '' }));
  }
  edit(id) { return this.edits.find(p => p.id === id); }
  /** Current `{start, end}` of every edit, by id. */
  positions() { return new Map(this.edits.map(p => [p.id, { start: p.start, end: p.end }])); }
  /** The text with every applied edit's original back (what the host had without the tool). */
  get unappliedText() {
    let t = this.text;
    for (const p of [...this.edits].sort((a, b) => b.start - a.start)) if (p.applied && p.state !== 'invalid') t = t.slice(0, p.start) + p.original + t.slice(p.end);
    return t;
  }
}

/**
 * The host's change of `base` (the text a session started on) into `current`, as an edit of the
 * session's text (`json`: every correction applied): `{start, end, text}`. A change touching a
 * correction takes it in whole (the session then drops that correction: the host's text wins).
 */
export function hostEditInSession(json, base, current) {
  const r = changedRegion(base, current), delta = r.endB - r.endA;
  const applied = json.suggestions.filter(g => g.applied && g.state !== 'invalid').sort((x, y) => x.originalStartIndex - y.originalStartIndex);
  let a = r.start, b = r.endA;
  for (let pass = 0; pass < 2; pass++) {
    for (const g of applied) {
      const os = g.originalStartIndex, oe = g.originalEndIndex;
      if (a === b ? (os < a && a < oe) : (os < b && a < oe)) { a = Math.min(a, os); b = Math.max(b, oe); }
    }
  }
  const map = p => p + applied.filter(g => g.originalEndIndex <= p).reduce((d, g) => d + (g.endIndex - g.startIndex) - (g.originalEndIndex - g.originalStartIndex), 0);
  return { start: map(a), end: map(b), text: current.slice(a, b + delta) };
}

/** Applies `[{start,end,replacement}]` (sorted, disjoint, indices in `text`) to `text`. */
export function applyEdits(text, edits) {
  let out = '', at = 0;
  for (const e of [...edits].sort((a, b) => a.start - b.start)) { out += text.slice(at, e.start) + e.replacement; at = e.end; }
  return out + text.slice(at);
}

function crossesBoundary({ segs, virtual }, start, end) {
  if (virtual.some(v => start < v.end && v.start < end)) return true;
  const inside = segs.filter(s => s.start < end && start < s.end);
  return inside.length > 1;
}

function renderTable(text) {
  const rows = text.trim().split('\n').filter(l => !/^\s*\|?\s*:?-{3,}/.test(l)).map(l => l.replace(/^\s*\|/, '').replace(/\|\s*$/, '').split('|').map(c => c.trim()));
  const [head, ...body] = rows;
  return h('table', { class: 'wt-table', 'aria-label': 'Table result' },
    h('thead', {}, h('tr', {}, head.map(c => h('th', { scope: 'col', text: c })))),
    h('tbody', {}, body.map(r => h('tr', {}, r.map(c => h('td', { text: c }))))));
}

const styled = new Set();
function ensureHighlightStyles(n) {
  if (styled.has(n)) return;
  styled.add(n);
  const st = document.createElement('style');
  st.textContent = `::highlight(wt-suggestion-${n}){text-decoration:underline 2px var(--wt-mark,#1a73e8);text-underline-offset:3px;background-color:var(--wt-mark-bg,rgba(26,115,232,.10))}
::highlight(wt-accepted-${n}){text-decoration:underline 1px var(--wt-accepted,#188038);text-underline-offset:3px}
::highlight(wt-current-${n}){background-color:var(--wt-current-bg,rgba(26,115,232,.28));text-decoration:underline 2px var(--wt-mark,#1a73e8)}`;
  document.head.append(st);
}

/** Attaches the Writing Tools to every element matching `selector` (default `[data-writing-tools]:not([data-writing-tools=ignore])`). */
export function attachAll(selector = '[data-writing-tools]:not([data-writing-tools="ignore"])', options = {}) {
  return Array.from(document.querySelectorAll(selector), el => WritingTools.attach(el, options));
}
