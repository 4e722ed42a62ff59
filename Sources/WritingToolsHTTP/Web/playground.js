// The playground at `/`: one Markdown document with the Writing Tools, the settings that an
// embedding page would set in code, and an autosave that pauses while a session runs.
import { WritingTools, WritingToolsClient } from '/writing-tools.js';

const doc = document.getElementById('doc');
const wt = WritingTools.attach(doc, { markup: 'markdown' });
window.wt = wt; // for the console and the browser tests

const resolved = document.getElementById('resolved');
const active = document.getElementById('active');
const events = document.getElementById('events');
const showResolved = () => { resolved.value = wt.behavior; };
showResolved();

for (const r of document.querySelectorAll('input[name=behavior]')) {
  r.addEventListener('change', () => { wt.behavior = r.value; showResolved(); });
}
const options = () => Array.from(document.querySelectorAll('input[name=option]:checked'), c => c.value);
for (const c of document.querySelectorAll('input[name=option]')) {
  c.addEventListener('change', () => { wt.allowedResultOptions = options(); });
}
wt.allowedResultOptions = options();

const engine = document.getElementById('engine');
engine.addEventListener('change', () => { wt.engine = engine.value; });
new WritingToolsClient('').info().then(info => {
  const box = document.getElementById('engine-info');
  if (info.engines.includes('model')) {
    // A model's name is often a long path or URL with no space: it wraps anywhere (playground.css).
    const name = typeof info.model === 'string' ? info.model : info.model?.model || info.model?.name || 'configured';
    const code = document.createElement('code');
    code.textContent = name;
    code.title = name;
    box.replaceChildren('Model: ', code, '.');
  } else {
    box.textContent = 'No model configured: the built-in engine answers. (serve --base-url … adds one.)';
  }
}).catch(e => { document.getElementById('engine-info').textContent = e.message; });

function log(text) {
  const li = document.createElement('li');
  li.textContent = `${new Date().toLocaleTimeString()} ${text}`;
  events.prepend(li);
  while (events.children.length > 8) events.lastChild.remove();
}
doc.addEventListener('writingtoolswillbegin', e => { log(`will begin (${e.detail.tool})`); setTimeout(() => { active.value = wt.isWritingToolsActive ? 'yes' : 'no'; }); });
doc.addEventListener('writingtoolsdidend', e => { log(`did end (${e.detail.accepted ? 'changed' : 'unchanged'})`); active.value = 'no'; });

// Autosave to this browser's storage, paused between will-begin and did-end (as Apple asks of
// hosts: no syncing while Writing Tools changes the text), then saved once.
const status = document.getElementById('autosave-status');
const saved = localStorage.getItem('writing-tools-playground');
if (saved && new URLSearchParams(location.search).get('restore') === '1') doc.value = saved;
window.autosaves = [];
let timer = null, paused = false;
function save() {
  if (paused || wt.isWritingToolsActive) { status.textContent = 'Autosave paused while Writing Tools works.'; return; }
  localStorage.setItem('writing-tools-playground', doc.value);
  window.autosaves.push({ at: Date.now(), text: doc.value });
  status.textContent = `Saved at ${new Date().toLocaleTimeString()}.`;
}
doc.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(save, 300); });
doc.addEventListener('writingtoolswillbegin', () => { paused = true; clearTimeout(timer); status.textContent = 'Autosave paused while Writing Tools works.'; });
doc.addEventListener('writingtoolsdidend', () => { paused = false; save(); });
