// The embedding example: a site's contenteditable editor, its autosave, and the few lines that
// add the Writing Tools (the same as in the page's snippet).
import { WritingTools } from '/writing-tools.js';

const editor = document.getElementById('editor');
const status = document.getElementById('autosave-status');

// The site's own autosave (every edit, debounced), with pause and resume.
const autosave = {
  paused: false, timer: null, saves: [],
  schedule() { clearTimeout(this.timer); this.timer = setTimeout(() => this.save(), 300); },
  save() {
    if (this.paused) return;
    this.saves.push({ at: Date.now(), html: editor.innerHTML });
    status.textContent = `Saved (${this.saves.length}) at ${new Date().toLocaleTimeString()}.`;
  },
  pause() { this.paused = true; clearTimeout(this.timer); status.textContent = 'Autosave paused while Writing Tools works.'; },
  resume() { this.paused = false; this.save(); },
};
editor.addEventListener('input', () => autosave.schedule());
window.autosave = autosave;

// ── The Writing Tools: these lines are all a site adds. ──
const wt = WritingTools.attach(editor, {
  ignoredRanges: (text, range) => [...text.matchAll(/\{\{[^}]*\}\}/g)]
    .map(m => ({ start: m.index, end: m.index + m[0].length })), // template tags, relative to range
});
editor.addEventListener('writingtoolswillbegin', () => autosave.pause());
editor.addEventListener('writingtoolsdidend', () => autosave.resume());
window.wt = wt;
