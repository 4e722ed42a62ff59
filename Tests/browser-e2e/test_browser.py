"""writing-tools.js in real Chromium against a real `writing-tools serve` (built-in engine, and
the scripted fake model for streaming): marks, review, undo, protected text, behaviour levels,
result options, session events, autosave, keyboard-only use, the accessibility tree."""
import json
import time

import pytest
from conftest import Server
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

TYPOS = "😀 Teh cat sat on a apple.\r\n👍🏽 This sentense has some erors.\r\n"


def u16(s):
    return len(s.encode("utf-16-le")) // 2


def u16slice(s, a, b):
    return s.encode("utf-16-le")[2 * a:2 * b].decode("utf-16-le")


def js(b, script, *args):
    return b.execute_script(script, *args)


def wait(b, script, timeout=120, what=None):
    """Polls `script` (a JS expression) until it is truthy; returns its value."""
    end = time.time() + timeout
    while True:
        v = js(b, "return (" + script + ")")
        if v:
            return v
        if time.time() > end:
            raise AssertionError(f"timed out waiting for {what or script}; panel: "
                                 + str(js(b, "return document.querySelector('.wt-panel')?.innerText")))
        time.sleep(0.05)


def open_page(b, server, path="/"):
    b.get(server.url + path)
    wait(b, "window.wt && document.querySelector('.wt-ui')", 30, "the library")
    # Event counters for the session tests.
    js(b, """window.events = [];
      wt.element.addEventListener('writingtoolswillbegin', e => events.push(['will', e.detail.tool, wt.isWritingToolsActive]));
      wt.element.addEventListener('writingtoolsdidend', e => events.push(['did', e.detail.tool, wt.isWritingToolsActive]));
      wt.element.addEventListener('writingtoolspreview', e => events.push(['preview', e.detail.text, e.detail.chunks]));""")


def set_text(b, text):
    js(b, "const d = wt.element; d.value = arguments[0]; d.setSelectionRange(0, 0); d.focus();", text)
    return js(b, "return wt.element.value")


def run(b, tool, **kw):
    """Starts `tool` and waits until its review (or card, or error) is shown."""
    settle(b)
    js(b, "window.__run = wt.run(arguments[0], arguments[1])", tool, kw)
    return wait(b, "wt.idle && !document.querySelector('.wt-panel').hidden && !document.querySelector('.wt-panel').hasAttribute('aria-busy')"
                   " && document.querySelector('.wt-panel [data-action]:not([data-action=cancel])') && true", what=f"{tool} to finish")


def settle(b):
    """Waits until the library has no request out (a review's actions are the server session's)."""
    wait(b, "wt.idle", 60, "the session's answers")


def read(b, script, *args):
    """`js` once every request of the library has been answered."""
    settle(b)
    return js(b, script, *args)


def marks(b):
    return read(b, "return wt.markRanges")


def highlight_texts(b, name="suggestion"):
    return js(b, "const h = CSS.highlights.get(arguments[0] + wt.n); return h ? [...h].map(r => r.toString()) : []", f"wt-{name}-")


def click(b, selector):
    el = b.find_element(By.CSS_SELECTOR, selector)
    el.click()
    return el


def shot(b, artifacts, name):
    b.save_screenshot(str(artifacts / f"{name}.png"))


def value(b):
    return read(b, "return wt.surface.text()")


def test_the_pages_and_the_library_are_served(browser, server):
    open_page(browser, server)
    assert js(browser, "return wt.behavior") == "complete"
    assert js(browser, "return wt.requestedBehavior") == "default"
    assert js(browser, "return CSS.highlights !== undefined")
    open_page(browser, server, "/embed.html")
    assert js(browser, "return wt.behavior") == "complete"
    assert js(browser, "return wt.element.isContentEditable")


def test_the_playgrounds_sample_is_markdown_with_code_links_and_a_quotation_and_comes_back_intact(browser, server):
    open_page(browser, server)
    sample = js(browser, "return wt.element.value")
    fence = sample[sample.index("```"):sample.index("```", sample.index("```") + 3) + 3]
    link = sample[sample.index("]("):sample.index(")", sample.index("](")) + 1]
    quote = next(line for line in sample.splitlines() if line.startswith("> "))
    assert "\n" in fence and link.startswith("](http") and quote
    run(browser, "proofread")
    assert marks(browser), "the sample has slips to show"
    js(browser, "return wt.acceptAll()")
    click(browser, ".wt-panel [data-action=done]")
    after = read(browser, "return wt.element.value")
    assert after != sample
    for span in (fence, link, quote):
        assert after.count(span) == 1, (span, after)


def test_proofread_marks_the_right_characters_emoji_and_crlf(browser, server, artifacts):
    open_page(browser, server)
    text = set_text(browser, TYPOS)
    assert "\r" not in text  # a textarea's value has LF line ends (HTML normalises CRLF)
    run(browser, "proofread")
    shot(browser, artifacts, "proofread-review")
    now = value(browser)
    ms = marks(browser)
    words = {m["text"] for m in ms}
    assert {"The", "an", "sentence", "errors"} <= words, ms
    for m in ms:
        # Offsets are UTF-16: the emoji before each mark count two units (👍🏽 four).
        assert u16slice(now, m["start"], m["end"]) == m["text"]
    the = next(m for m in ms if m["text"] == "The")
    assert the["start"] == u16("😀 ")
    errors = next(m for m in ms if m["text"] == "errors")
    assert errors["start"] == u16(now[:now.index("errors")])
    # The drawn highlights cover exactly those characters.
    assert sorted(highlight_texts(browser) + highlight_texts(browser, "current")) == sorted(m["text"] for m in ms if m["text"])
    click(browser, ".wt-panel [data-action=revert]")
    assert value(browser) == text


def test_crlf_text_in_a_contenteditable(browser, server, artifacts):
    open_page(browser, server, "/embed.html")
    original = "Line one has teh typo.\r\nLine two has a apple.\r\n😀 Last line sentense.\r\n"
    js(browser, "wt.element.replaceChildren(document.createTextNode(arguments[0]))", original)
    assert value(browser) == original
    run(browser, "proofread")
    now = value(browser)
    assert "\r\n" in now and now.count("\r\n") == 3
    ms = marks(browser)
    assert {"the", "an", "sentence"} <= {m["text"] for m in ms}, ms
    for m in ms:
        assert u16slice(now, m["start"], m["end"]) == m["text"]
    assert sorted(highlight_texts(browser) + highlight_texts(browser, "current")) == sorted(m["text"] for m in ms if m["text"])
    shot(browser, artifacts, "contenteditable-crlf")
    click(browser, ".wt-panel [data-action=revert]")
    assert read(browser, "return wt.element.firstChild.data") == original


def test_accept_reject_undo_and_revert_restore_the_exact_text(browser, server):
    open_page(browser, server)
    original = set_text(browser, "Teh cat sat on a apple. This sentense has erors.\n\nA second paragraph stays.")
    run(browser, "proofread")
    ms = marks(browser)
    by = {m["text"]: m["id"] for m in ms}
    corrected = value(browser)
    assert corrected == "The cat sat on an apple. This sentence has errors.\n\nA second paragraph stays."
    assert js(browser, "return wt.reject(arguments[0])", by["The"])
    assert value(browser) == corrected.replace("The cat", "Teh cat", 1)
    assert js(browser, "return wt.accept(arguments[0])", by["an"])
    assert js(browser, "return wt.undoDecision()")  # the accept
    assert js(browser, "return wt.undoDecision()")  # the reject
    assert value(browser) == corrected
    click(browser, ".wt-panel [data-action=revert]")
    assert value(browser) == original
    assert read(browser, "return wt.isWritingToolsActive") is False
    # Done keeps the reviewed text; one undo step (Ctrl+Z in the textarea) restores the original.
    run(browser, "proofread")
    js(browser, "wt.reject(wt.markRanges.find(m => m.text === 'errors').id)")
    kept = value(browser)
    click(browser, ".wt-panel [data-action=done]")
    assert read(browser, "return wt.element.value") == kept
    browser.find_element(By.ID, "doc").send_keys(Keys.CONTROL, "z")
    assert read(browser, "return wt.element.value") == original
    browser.find_element(By.ID, "doc").send_keys(Keys.CONTROL, Keys.SHIFT, "z")
    assert read(browser, "return wt.element.value") == kept


FENCE = "```sh\nwritings-tools serve --port 8081   # teh default port\n```"
LINK = "(https://example.org/benchmarks?run=42)"
QUOTE = "> Teh quotation stays exactly as it was written, mistakes and all."
CODE = "`make tset`"


@pytest.mark.parametrize("tool", ["proofread", "rewrite", "friendly", "professional", "concise", "describe"])
def test_code_links_and_quotations_come_back_byte_identical_from_every_tool(browser, server, tool):
    open_page(browser, server)
    doc = ("# Notes\n\nIn order to make a decision, we need to actually look at the [benchmarks]" + LINK
           + " first. Teh results is basically very good.\n\n" + FENCE + "\n\n" + QUOTE
           + "\n\nRun " + CODE + " to check it; its output list every test.\n")
    set_text(browser, doc)
    run(browser, tool, **({"instruction": "make it shorter"} if tool == "describe" else {}))
    js(browser, "return wt.acceptAll()")
    click(browser, ".wt-panel [data-action=done]")
    after = read(browser, "return wt.element.value")
    for span in (FENCE, LINK, QUOTE, CODE):
        assert after.count(span) == 1, (tool, span, after)
    if tool in ("proofread", "concise"):
        assert after != doc


@pytest.mark.parametrize("tool", ["summary", "key-points", "list", "table"])
def test_result_tools_leave_the_text_alone_until_replace(browser, server, tool):
    open_page(browser, server)
    doc = set_text(browser, "Alice – engineer – Berlin\nBob – designer – Paris\nCarol – manager – Rome\n\n" + FENCE + "\n")
    run(browser, tool)
    assert js(browser, "return !!document.querySelector('.wt-card')")
    assert read(browser, "return wt.element.value") == doc
    click(browser, ".wt-panel [data-action=close]")
    assert read(browser, "return wt.element.value") == doc


def test_the_embedding_example_keeps_protected_elements_and_ignored_ranges(browser, server, artifacts):
    open_page(browser, server, "/embed.html")
    protected = "return [...wt.element.querySelectorAll('blockquote, code, a, [data-writing-tools=ignore]')].map(e => e.outerHTML)"
    before = js(browser, protected)
    for tool in ("proofread", "rewrite", "friendly", "professional", "concise", "describe"):
        run(browser, tool, **({"instruction": "make it shorter"} if tool == "describe" else {}))
        # The host's layout is untouched: the paragraphs still stack.
        assert len(set(js(browser, "return [...wt.element.children].map(p => p.getBoundingClientRect().left)"))) == 1
        if tool == "proofread":
            texts = {m["text"] for m in marks(browser)}
            assert "The" in texts and "have" in texts, texts  # "Teh budget", "We has"
            shot(browser, artifacts, "embed-proofread")
        js(browser, "return wt.acceptAll()")
        click(browser, ".wt-panel [data-action=done]")
        assert js(browser, protected) == before, tool
        assert "{{first_name}}" in value(browser)


def test_behavior_limited_shows_only_the_panel_and_none_nothing(browser, server, artifacts):
    open_page(browser, server)
    doc = set_text(browser, "Teh cat sat on a apple.")
    click(browser, "input[name=behavior][value=limited]")
    assert js(browser, "return wt.behavior") == "limited" and browser.find_element(By.ID, "resolved").text == "limited"
    run(browser, "proofread")
    shot(browser, artifacts, "limited-panel")
    assert read(browser, "return wt.element.value") == doc  # nothing inline
    assert marks(browser) == [] and highlight_texts(browser) == []
    assert read(browser, "return wt.isWritingToolsActive") is False
    assert "The cat sat on an apple." in browser.find_element(By.CSS_SELECTOR, ".wt-card-text").text
    click(browser, ".wt-panel [data-action=replace]")
    assert read(browser, "return wt.element.value") == "The cat sat on an apple."
    assert read(browser, "return events.filter(e => e[0] !== 'preview').length") == 0  # limited: no will-begin / did-end
    browser.find_element(By.ID, "doc").send_keys(Keys.CONTROL, "z")
    assert read(browser, "return wt.element.value") == doc

    click(browser, "input[name=behavior][value=none]")
    assert js(browser, "return wt.behavior") == "none"
    assert not browser.find_element(By.CSS_SELECTOR, ".wt-button").is_displayed()
    ActionChains(browser).click(browser.find_element(By.ID, "doc")).key_down(Keys.ALT).send_keys("w").key_up(Keys.ALT).perform()
    assert js(browser, "return document.querySelector('.wt-menu').hidden")
    assert js(browser, "return wt.run('proofread')") is False
    assert js(browser, "return document.querySelector('.wt-panel').hidden")
    shot(browser, artifacts, "behavior-none")
    # default resolves: complete on an editable textarea, limited on a read-only one.
    click(browser, "input[name=behavior][value=default]")
    assert js(browser, "return wt.behavior") == "complete"
    js(browser, "wt.element.readOnly = true")
    assert js(browser, "return wt.behavior") == "limited"
    js(browser, "wt.element.readOnly = false")


def test_a_table_is_offered_only_when_the_options_allow_tables(browser, server, artifacts):
    open_page(browser, server)
    set_text(browser, "Alice – engineer – Berlin\nBob – designer – Paris\nCarol – manager – Rome")
    tools = "wt.openMenu(); const t = [...document.querySelectorAll('.wt-menu [role=menuitem]')].map(e => e.dataset.tool); wt.closeMenu(false); return t"
    assert "table" in js(browser, tools)
    click(browser, "input[name=option][value=table]")
    assert "table" not in js(browser, tools) and "list" in js(browser, tools)
    assert js(browser, "return wt.allowedResultOptions") == ["plainText", "richText", "list"]
    assert js(browser, "return wt.run('table')") is False
    click(browser, "input[name=option][value=presentationIntent]")  # implies tables
    assert "table" in js(browser, tools)
    run(browser, "table")
    assert js(browser, "return !!document.querySelector('.wt-panel table.wt-table, .wt-panel .wt-note')")
    shot(browser, artifacts, "table-card")
    click(browser, ".wt-panel [data-action=close]")


def test_will_begin_and_did_end_once_per_session_and_the_autosave_pauses(browser, server):
    open_page(browser, server)
    set_text(browser, "Teh cat sat on a apple.")
    doc = browser.find_element(By.ID, "doc")
    doc.send_keys(Keys.END, " Fine.")
    wait(browser, "window.autosaves.length >= 1", 10, "the first autosave")
    saves = js(browser, "return autosaves.length")
    run(browser, "proofread")
    assert read(browser, "return events.map(e => e.slice(0, 3))") == [["will", "proofread", False]]
    assert read(browser, "return wt.isWritingToolsActive") is True
    # The user types during the session: rebased, and not saved while the session runs.
    doc.send_keys(Keys.CONTROL, Keys.END, Keys.NULL, " More.")
    time.sleep(0.8)
    assert js(browser, "return autosaves.length") == saves
    assert "paused" in browser.find_element(By.ID, "autosave-status").text
    assert read(browser, "return wt.markRanges.map(m => m.text)") == ["The", "an"]
    click(browser, ".wt-panel [data-action=done]")
    final = read(browser, "return wt.element.value")
    assert final == "The cat sat on an apple. Fine. More."
    assert read(browser, "return events.map(e => e.slice(0, 3))") == [["will", "proofread", False], ["did", "proofread", False]]
    wait(browser, "autosaves.length > arguments[0] || autosaves.length > %d" % saves, 10, "the save after did-end")
    assert js(browser, "return autosaves[autosaves.length - 1].text") == final
    # A second session: one more pair.
    run(browser, "concise")
    click(browser, ".wt-panel [data-action=revert]")
    assert [e[0] for e in read(browser, "return events.filter(e => e[0] !== 'preview')")] == ["will", "did", "will", "did"]


def test_the_embedding_examples_autosave_pauses_and_one_undo_restores_it(browser, server):
    open_page(browser, server, "/embed.html")
    html = read(browser, "return wt.element.innerHTML")
    run(browser, "proofread")
    assert read(browser, "return autosave.paused") is True
    n = read(browser, "return autosave.saves.length")
    click(browser, ".wt-panel [data-action=done]")
    assert read(browser, "return autosave.paused") is False
    assert read(browser, "return autosave.saves.length") == n + 1
    assert "The budget" in js(browser, "return autosave.saves.at(-1).html")
    # One undo step (Ctrl+Z in the editor) brings the whole original back, markup included.
    ActionChains(browser).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
    assert read(browser, "return wt.element.innerHTML") == html


def focused(b):
    return js(b, "const a = document.activeElement; return a ? (a.id || a.dataset.action || a.dataset.tool || a.tagName) : null")


def test_keyboard_only(browser, server, artifacts):
    open_page(browser, server)
    original = set_text(browser, "Teh cat sat on a apple. This sentense has erors.")
    js(browser, "document.activeElement.blur(); window.scrollTo(0, 0)")
    keys = ActionChains(browser)
    for _ in range(12):  # Tab from the top of the page to the document
        keys.send_keys(Keys.TAB).perform()
        if focused(browser) == "doc":
            break
    assert focused(browser) == "doc"
    ActionChains(browser).key_down(Keys.ALT).send_keys("w").key_up(Keys.ALT).perform()
    assert focused(browser) == "proofread"
    shot(browser, artifacts, "menu")
    ActionChains(browser).send_keys(Keys.ARROW_DOWN).perform()
    assert focused(browser) == "rewrite"
    ActionChains(browser).send_keys(Keys.ARROW_UP, Keys.ENTER).perform()
    wait(browser, "document.activeElement && document.activeElement.dataset.action === 'accept'", what="the first suggestion's Accept")
    shot(browser, artifacts, "popover")
    assert js(browser, "return document.querySelector('.wt-popover').getAttribute('aria-label')").startswith("Suggestion 1 of 4")
    ActionChains(browser).send_keys("r").perform()  # reject "Teh" → "The"
    for _ in range(3):
        wait(browser, "document.activeElement && ['accept', 'done'].includes(document.activeElement.dataset.action)")
        if focused(browser) == "done":
            break
        ActionChains(browser).send_keys(Keys.ENTER).perform()
    wait(browser, "document.activeElement && document.activeElement.dataset.action === 'done'", what="Done")
    ActionChains(browser).send_keys(Keys.ENTER).perform()
    assert read(browser, "return wt.isWritingToolsActive") is False
    assert read(browser, "return wt.element.value") == "Teh cat sat on an apple. This sentence has errors."
    assert focused(browser) == "doc"
    ActionChains(browser).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
    assert read(browser, "return wt.element.value") == original
    # Escape leaves a menu and reverts a session.
    ActionChains(browser).key_down(Keys.ALT).send_keys("w").key_up(Keys.ALT).send_keys(Keys.ESCAPE).perform()
    assert focused(browser) == "doc" and js(browser, "return document.querySelector('.wt-menu').hidden")
    ActionChains(browser).key_down(Keys.ALT).send_keys("w").key_up(Keys.ALT).send_keys(Keys.ENTER).perform()
    wait(browser, "document.activeElement && document.activeElement.dataset.action === 'accept'")
    ActionChains(browser).send_keys(Keys.ESCAPE).perform()  # closes the popover
    ActionChains(browser).send_keys(Keys.SHIFT + Keys.TAB).perform()
    browser.find_element(By.ID, "doc").send_keys(Keys.ESCAPE)  # reverts
    assert read(browser, "return wt.element.value") == original and read(browser, "return wt.isWritingToolsActive") is False


def popover_label(b):
    return js(b, "return document.querySelector('.wt-popover').getAttribute('aria-label')")


def test_a_tool_on_a_selection_changes_only_the_selection_and_ignored_ranges_are_relative_to_it(browser, server):
    """Apple's Writing Tools work on the selection when there is one. The page's
    ignoredRanges(text, enclosingRange) gets the selected text and its range, and answers
    ranges relative to it; Next / Previous (n / p) move between the selection's suggestions."""
    open_page(browser, server)
    text = set_text(browser, "Teh cat sat on a apple. Teh dog ate a orange and a egg. Teh end is a pear.")
    start, end = text.index("Teh dog"), text.index(" Teh end")
    js(browser, """window.ignoredCalls = [];
      wt.options.ignoredRanges = (t, r) => { ignoredCalls.push([t, r.start, r.end]); const i = t.indexOf('a orange'); return [{ start: i, end: i + 8 }]; };
      wt.element.focus(); wt.element.setSelectionRange(arguments[0], arguments[1]);""", start, end)
    ActionChains(browser).key_down(Keys.ALT).send_keys("w").key_up(Keys.ALT).perform()
    assert focused(browser) == "proofread"
    ActionChains(browser).send_keys(Keys.ENTER).perform()
    wait(browser, "document.activeElement && document.activeElement.dataset.action === 'accept'", what="the first suggestion's Accept")
    assert js(browser, "return ignoredCalls") == [[text[start:end], start, end]]
    # Only the selection's slips, and not the one in the page's ignored range ("a orange").
    assert [(m["text"], m["start"]) for m in marks(browser)] == [("The", start), ("an", text.index("a egg"))]
    assert value(browser) == "Teh cat sat on a apple. The dog ate a orange and an egg. Teh end is a pear."
    assert popover_label(browser).startswith("Suggestion 1 of 2")
    ActionChains(browser).send_keys("n").perform()
    assert popover_label(browser).startswith("Suggestion 2 of 2")
    ActionChains(browser).send_keys("p").perform()
    assert popover_label(browser).startswith("Suggestion 1 of 2")
    click(browser, ".wt-panel [data-action=revert]")
    assert read(browser, "return wt.element.value") == text


def test_a_result_card_inserts_after_the_selection_and_copies(browser, server):
    """A result tool on a selection: the card's Insert puts the result after the selection (the
    rest of the text untouched, one undo step takes it out), Copy puts it on the clipboard."""
    open_page(browser, server)
    notes = ("The committee met on Monday. It approved the budget for next year. It also postponed the vote on the new "
             "building until spring. Members asked for more detail on costs. The next meeting is in March.")
    text = set_text(browser, "Intro line stays.\n\n" + notes + "\n\nLast line stays.")
    start = text.index(notes)
    end = start + len(notes)
    js(browser, "wt.element.focus(); wt.element.setSelectionRange(arguments[0], arguments[1])", start, end)
    run(browser, "summary")
    result = js(browser, "return document.querySelector('.wt-panel .wt-card-text').textContent")
    assert result and result != notes
    assert read(browser, "return wt.element.value") == text
    browser.execute_cdp_cmd("Browser.grantPermissions", {"origin": server.url, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    click(browser, ".wt-panel [data-action=copy]")
    copied = browser.execute_async_script("const done = arguments[arguments.length - 1]; navigator.clipboard.readText().then(done, e => done('ERROR ' + e))")
    assert copied == result
    click(browser, ".wt-panel [data-action=insert]")
    assert read(browser, "return wt.element.value") == text[:end] + "\n\n" + result + text[end:]
    assert read(browser, "return events.filter(e => e[0] !== 'preview').map(e => e[0])") == ["will", "did"]
    browser.find_element(By.ID, "doc").send_keys(Keys.CONTROL, "z")
    assert read(browser, "return wt.element.value") == text


UNNAMED_OK = {"generic", "none", "StaticText", "InlineTextBox", "paragraph", "LineBreak", "RootWebArea", "main", "banner",
              "complementary", "group", "list", "listitem", "ListMarker", "code", "strong", "emphasis", "Pre", "blockquote",
              "heading", "DescriptionList", "term", "definition", "contentDeletion", "contentInsertion", "mark", "time",
              "Section", "sectionheader", "sectionfooter", "status", "alert", "article", "table", "rowgroup", "row", "superscript"}
CONTROLS = {"button", "menuitem", "textbox", "checkbox", "radio", "combobox", "link", "menu", "dialog", "region",
            "toolbar", "searchbox", "slider", "spinbutton", "switch", "tab", "MenuListOption", "option"}
# (A <select>'s own popup, MenuListPopup, is named by its combobox: not a control of its own.)


def unnamed_controls(b):
    b.execute_cdp_cmd("Accessibility.enable", {})
    tree = b.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    bad = []
    roles = set()
    for n in tree:
        if n.get("ignored"):
            continue
        role = (n.get("role") or {}).get("value")
        name = (n.get("name") or {}).get("value", "")
        roles.add(role)
        if role in CONTROLS and not str(name).strip():
            bad.append((role, n.get("backendDOMNodeId")))
    return bad, roles


def test_the_accessibility_tree_names_every_control(browser, server, artifacts):
    open_page(browser, server)
    set_text(browser, "Teh cat sat on a apple.")
    checked = set()
    js(browser, "wt.openMenu()")
    bad, roles = unnamed_controls(browser)
    assert not bad and "menu" in roles and "menuitem" in roles, bad
    checked |= roles
    js(browser, "wt.closeMenu(false)")
    run(browser, "proofread")
    js(browser, "wt.step(1)")
    bad, roles = unnamed_controls(browser)
    assert not bad and "dialog" in roles and "region" in roles and "toolbar" in roles, bad
    checked |= roles
    click(browser, ".wt-panel [data-action=done]")
    set_text(browser, "In order to make a decision, we need to actually look at the data.")
    run(browser, "concise")
    bad, roles = unnamed_controls(browser)
    assert not bad, bad
    click(browser, ".wt-panel [data-action=revert]")
    run(browser, "summary")
    bad, roles = unnamed_controls(browser)
    assert not bad, bad
    click(browser, ".wt-panel [data-action=close]")
    open_page(browser, server, "/embed.html")
    run(browser, "proofread")
    bad, roles = unnamed_controls(browser)
    assert not bad and "textbox" in roles, bad
    assert {"button", "menuitem", "textbox", "radio", "checkbox", "combobox", "dialog"} <= checked | roles


def test_host_edits_during_a_session_are_rebased_or_end_the_session_cleanly(browser, server):
    open_page(browser, server)
    original = set_text(browser, "Teh cat sat on a apple. Nothing else here.")
    run(browser, "proofread")
    doc = browser.find_element(By.ID, "doc")
    # Typing before every mark shifts them; the text stays consistent.
    js(browser, "wt.element.focus(); wt.element.setSelectionRange(0, 0)")
    ActionChains(browser).send_keys("Yes. ").perform()
    assert value(browser) == "Yes. The cat sat on an apple. Nothing else here."
    assert [(m["text"], m["start"]) for m in marks(browser)] == [("The", 5), ("an", 20)]
    # Typing inside a mark drops that suggestion (it becomes the host's text).
    js(browser, "const m = wt.markRanges.find(m => m.text === 'an'); wt.element.setSelectionRange(m.start + 1, m.start + 1)")
    ActionChains(browser).send_keys("x").perform()
    assert [m["text"] for m in marks(browser)] == ["The"]
    # Typing just after a mark is the host's text; the suggestion stays.
    js(browser, "const m = wt.markRanges.find(m => m.text === 'The'); wt.element.setSelectionRange(m.end, m.end)")
    ActionChains(browser).send_keys("y").perform()
    assert [m["text"] for m in marks(browser)] == ["The"]
    assert value(browser) == "Yes. They cat sat on axn apple. Nothing else here."
    click(browser, ".wt-panel [data-action=revert]")
    assert read(browser, "return wt.element.value") == "Yes. Tehy cat sat on axn apple. Nothing else here."
    # A programmatic change while the tool runs: the answer is rebased on it.
    set_text(browser, original)
    js(browser, "window.__p = wt.run('proofread'); wt.element.value = 'Intro. ' + wt.element.value")
    wait(browser, "wt.markRanges.length === 2")
    assert value(browser) == "Intro. The cat sat on an apple. Nothing else here."
    click(browser, ".wt-panel [data-action=revert]")
    assert read(browser, "return wt.element.value") == "Intro. " + original


def test_a_missing_model_is_a_clear_state_and_the_built_in_engine_still_works(browser, server, artifacts):
    open_page(browser, server)
    set_text(browser, "In order to make a decision, we need to actually look at the data.")
    js(browser, "const s = document.getElementById('engine'); s.value = 'model'; s.dispatchEvent(new Event('change'))")
    run(browser, "concise")
    err = browser.find_element(By.CSS_SELECTOR, ".wt-panel [role=alert]")
    assert err.get_attribute("data-error") == "no_model" and "built-in engine still works" in err.text
    shot(browser, artifacts, "model-unavailable")
    click(browser, ".wt-panel [data-action=builtin]")
    wait(browser, "wt.markRanges.length > 0", what="the built-in rewrite")
    click(browser, ".wt-panel [data-action=revert]")


def test_a_model_rewrite_streams_then_every_edit_is_reviewed(browser, model_server, artifacts):
    open_page(browser, model_server)
    text = set_text(browser, "This is an example.\n\nThe data is new, and the example is old.")
    run(browser, "rewrite")
    shot(browser, artifacts, "rewrite-review")
    previews = js(browser, "return events.filter(e => e[0] === 'preview')")
    rewritten = text.replace("example", "instance").replace("data", "news")
    assert previews and previews[-1][1] == rewritten and previews[-1][2] >= 1
    assert js(browser, "return document.querySelector('.wt-preview-done .wt-preview').textContent") == rewritten
    assert value(browser) == rewritten
    ms = marks(browser)
    assert [m["text"] for m in ms] == ["instance", "news", "instance"]
    # One by one: accept, reject, accept.
    js(browser, "wt.accept(arguments[0]); wt.reject(arguments[1]); wt.accept(arguments[2])", ms[0]["id"], ms[1]["id"], ms[2]["id"])
    expected = "This is an instance.\n\nThe data is new, and the instance is old."
    assert value(browser) == expected
    click(browser, ".wt-panel [data-action=original]")
    assert value(browser) == text and marks(browser) == []
    assert browser.find_element(By.CSS_SELECTOR, "[data-action=original]").get_attribute("aria-pressed") == "true"
    shot(browser, artifacts, "rewrite-original")
    click(browser, ".wt-panel [data-action=rewritten]")
    assert value(browser) == expected
    click(browser, ".wt-panel [data-action=again]")
    wait(browser, "wt.markRanges.length === 3 && !document.querySelector('.wt-panel').hasAttribute('aria-busy')")
    assert value(browser) == rewritten
    browser.find_element(By.CSS_SELECTOR, ".wt-refine").send_keys("keep it short", Keys.ENTER)
    wait(browser, "wt.session && wt.session.review && !document.querySelector('.wt-panel').hasAttribute('aria-busy')")
    click(browser, ".wt-panel [data-action=done]")
    assert read(browser, "return events.filter(e => e[0] !== 'preview').map(e => e[0])") == ["will", "did"]
    browser.find_element(By.ID, "doc").send_keys(Keys.CONTROL, "z")
    assert read(browser, "return wt.element.value") == text


def press_until(b, key, target, shift=False, limit=14):
    """Presses `key` (with Shift held when `shift`) until the focused control is `target` (its
    data-action, data-tool or id)."""
    for _ in range(limit):
        if focused(b) == target:
            return
        chain = ActionChains(b)
        if shift:
            chain.key_down(Keys.SHIFT).send_keys(key).key_up(Keys.SHIFT).perform()
        else:
            chain.send_keys(key).perform()
    assert focused(b) == target, focused(b)


def test_keyboard_only_a_rewrite_review_and_a_result_card(browser, model_server, server, artifacts):
    """The rest of the flow with the keyboard alone: a model's rewrite chosen from the menu,
    its edits decided with a and r, Original / Rewritten, a refinement typed in, Done and one
    Ctrl+Z; then a summary card whose Replace is pressed with Enter."""
    open_page(browser, model_server)
    text = set_text(browser, "This is an example.\n\nThe data is new, and the example is old.")
    ActionChains(browser).key_down(Keys.ALT).send_keys("w").key_up(Keys.ALT).perform()
    press_until(browser, Keys.ARROW_DOWN, "rewrite")
    ActionChains(browser).send_keys(Keys.ENTER).perform()
    wait(browser, "document.activeElement && document.activeElement.dataset.action === 'accept' && wt.idle", what="the first edit's Accept")
    rewritten = text.replace("example", "instance").replace("data", "news")
    assert value(browser) == rewritten
    for key in ("a", "r"):
        ActionChains(browser).send_keys(key).perform()
        wait(browser, "document.activeElement && ['accept', 'done'].includes(document.activeElement.dataset.action)")
    ActionChains(browser).send_keys("a").perform()
    wait(browser, "document.activeElement && document.activeElement.dataset.action === 'done'", what="Done")
    expected = "This is an instance.\n\nThe data is new, and the instance is old."
    assert value(browser) == expected
    press_until(browser, Keys.TAB, "original", shift=True)
    ActionChains(browser).send_keys(Keys.ENTER).perform()
    assert value(browser) == text
    press_until(browser, Keys.TAB, "rewritten")
    ActionChains(browser).send_keys(Keys.ENTER).perform()
    assert value(browser) == expected
    press_until(browser, Keys.TAB, "INPUT")
    ActionChains(browser).send_keys("keep it short", Keys.ENTER).perform()
    wait(browser, "wt.idle && wt.session && wt.session.review && !document.querySelector('.wt-panel').hasAttribute('aria-busy')", what="the refinement")
    press_until(browser, Keys.TAB, "done")
    ActionChains(browser).send_keys(Keys.ENTER).perform()
    assert read(browser, "return wt.isWritingToolsActive") is False and focused(browser) == "doc"
    ActionChains(browser).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
    assert read(browser, "return wt.element.value") == text
    # A result card (the built-in engine): Summary from the menu, Replace with Enter, one Ctrl+Z.
    open_page(browser, server)
    text = set_text(browser, "The committee met on Monday. It approved the budget for next year. It also postponed the vote on the "
                             "new building until spring. Members asked for more detail on costs. The next meeting is in March.")
    ActionChains(browser).key_down(Keys.ALT).send_keys("w").key_up(Keys.ALT).perform()
    press_until(browser, Keys.ARROW_DOWN, "summary")
    ActionChains(browser).send_keys(Keys.ENTER).perform()
    wait(browser, "document.activeElement && document.activeElement.dataset.action === 'replace' && wt.idle", what="the card's Replace")
    shot(browser, artifacts, "keyboard-card")
    summary = js(browser, "return document.querySelector('.wt-panel .wt-card-text').textContent")
    assert summary
    ActionChains(browser).send_keys(Keys.ENTER).perform()
    assert read(browser, "return wt.element.value") == summary
    ActionChains(browser).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
    assert read(browser, "return wt.element.value") == text


def test_the_languagetool_v2_path_marks_the_same_characters(browser, server):
    # A server with LanguageTool's /v2/check only: the client falls back to it for Proofread.
    open_page(browser, server)
    set_text(browser, TYPOS)
    run(browser, "proofread")
    api = [(m["start"], m["end"], m["text"]) for m in marks(browser)]
    click(browser, ".wt-panel [data-action=revert]")
    js(browser, "wt.client.hasAPI = false")
    run(browser, "proofread")
    assert [(m["start"], m["end"], m["text"]) for m in marks(browser)] == api
    click(browser, ".wt-panel [data-action=revert]")
    assert value(browser) == TYPOS.replace("\r\n", "\n")
    js(browser, "wt.client.hasAPI = null")


def test_a_real_model_in_the_browser(browser, llama_server, artifacts):
    """The suite's real llama-server (Gemma 3 270M): the rewrite streams into the preview and is
    reviewed, or the model's answer is refused by the output contract and the page says so and
    offers the built-in engine. Either way the code span is untouched and Revert is exact."""
    open_page(browser, llama_server)
    text = set_text(browser, "In order to make a decision, we need to actually look at the data. Run `make test` first.\n")
    run(browser, "friendly")
    shot(browser, artifacts, "real-model")
    alert = js(browser, "return document.querySelector('.wt-panel [role=alert]')?.dataset.error || null")
    if alert:
        assert alert in ("model_failed", "model_busy"), alert
        assert "built-in engine still works" in browser.find_element(By.CSS_SELECTOR, ".wt-panel [role=alert]").text
        click(browser, ".wt-panel [data-action=builtin]")
        wait(browser, "wt.session && wt.session.review")
    else:
        previews = js(browser, "return events.filter(e => e[0] === 'preview')")
        assert previews and previews[-1][2] >= 1
    js(browser, "return wt.acceptAll()")
    assert value(browser).count("`make test`") == 1
    click(browser, ".wt-panel [data-action=revert]")
    assert read(browser, "return wt.element.value") == text


def test_a_stream_in_several_chunks_grows_the_preview(browser, server):
    # The server sends each chunk once it passed the output contract (one for a short text with
    # the fake model); here the SSE reader and the preview get three, split across reads.
    open_page(browser, server)
    got = browser.execute_async_script("""
      const done = arguments[arguments.length - 1];
      const { WritingToolsClient } = await import('/writing-tools-client.js');
      const enc = new TextEncoder();
      const parts = ['event: start\\ndata: {"tool":"rewrite"}\\n\\nevent: chu', 'nk\\ndata: {"text":"One. "}\\n\\n: keep-alive\\n\\n',
                     'event: chunk\\r\\ndata: {"text":"Two. "}\\r\\n\\r\\nevent: chunk\\ndata: {"text":"Three."}\\n\\n',
                     'event: result\\ndata: {"tool":"rewrite","engine":"model","text":"One. Two. Three.","output":"One. Two. Three.","edits":[],"notices":[]}\\n\\n'];
      const body = new ReadableStream({ start(c) { parts.forEach(p => c.enqueue(enc.encode(p))); c.close(); } });
      const seen = [];
      const result = await WritingToolsClient.readEvents(new Response(body), t => seen.push(t), null);
      // The library's preview with a client that streams three chunks, slowly.
      const original = 'Alpha. Beta. Gamma.';
      // A client of its own (WritingTools.attach(el, { client })): its session is a LocalSession.
      const { LocalSession } = await import('/writing-tools-local.js');
      const slow = { startSession: async (tool, req, { onChunk }) => {
        for (const t of ['Un. ', 'Deux. ', 'Trois.']) { await new Promise(r => setTimeout(r, 50)); onChunk(t); }
        return new LocalSession(req.text, [{ start: 0, end: 6, replacement: 'Un.', types: ['rewrite'], explanation: 'x', ruleId: 'REWRITE' },
                                           { start: 7, end: 12, replacement: 'Deux.', types: ['rewrite'], explanation: 'x', ruleId: 'REWRITE' },
                                           { start: 13, end: 19, replacement: 'Trois.', types: ['rewrite'], explanation: 'x', ruleId: 'REWRITE' }]);
      } };
      const { WritingTools } = await import('/writing-tools.js');
      const ta = document.createElement('textarea'); ta.value = original; document.body.append(ta);
      const w = WritingTools.attach(ta, { client: slow });
      const previews = [];
      ta.addEventListener('writingtoolspreview', e => previews.push(e.detail.text));
      await w.run('rewrite');
      const reviewed = ta.value;
      await w.end(false);
      done({ seen, result: result.output, previews, reviewed, back: ta.value });
    """)
    assert got["seen"] == ["One. ", "Two. ", "Three."] and got["result"] == "One. Two. Three."
    assert got["previews"] == ["Un. ", "Un. Deux. ", "Un. Deux. Trois."]
    assert got["reviewed"] == "Un. Deux. Trois." and got["back"] == "Alpha. Beta. Gamma."


def test_a_long_model_name_stays_inside_the_settings_panel(browser, fake_model, tmp_path_factory, artifacts):
    # A model's name is often a path or a URL with no space in it.
    name = "replace:" + ";".join(f"gemma-3-270m-it-Q8_0-variant-{i}=>instruction-tuned-{i}" for i in range(4))
    s = Server(tmp_path_factory.mktemp("long-model-name"), "--base-url", f"http://127.0.0.1:{fake_model}/v1", "--model", name)
    try:
        open_page(browser, s)
        wait(browser, "document.getElementById('engine-info').textContent.startsWith('Model:')", 30, "the engine's description")
        assert js(browser, "return document.querySelector('#engine-info code').textContent").endswith(name)
        panel, info, code, overflow = js(browser, """
          const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
          const p = document.querySelector('.settings');
          return [box(p), box(document.getElementById('engine-info')), box(document.querySelector('#engine-info code')),
                  [p.scrollWidth, p.clientWidth]];""")
        for inner in (info, code):
            assert panel[0] <= inner[0] and inner[2] <= panel[2] and panel[1] <= inner[1] and inner[3] <= panel[3], (panel, inner)
        assert overflow[0] <= overflow[1], overflow
        shot(browser, artifacts, "settings-long-model-name")
    finally:
        s.stop()


def test_the_review_is_the_servers_session(browser, server):
    """Accept, reject, undo and typing go to the server's session (POST /api/sessions…), whose
    text is always the element's; Done forgets it."""
    open_page(browser, server)
    set_text(browser, "Teh cat sat on a apple.")
    run(browser, "proofread")
    sid = js(browser, "return wt.session.handle.id")
    assert sid

    def state():
        return browser.execute_async_script("""const done = arguments[arguments.length - 1];
          fetch('/api/sessions/' + arguments[0]).then(r => r.status === 200 ? r.json() : r.status).then(done)""", sid)

    assert state()["text"] == value(browser) == "The cat sat on an apple."
    by = {m["text"]: m["id"] for m in marks(browser)}
    assert js(browser, "return wt.reject(arguments[0])", by["The"])
    assert state()["text"] == value(browser) == "Teh cat sat on an apple."
    assert [g["state"] for g in state()["suggestions"]] == ["rejected", "pending"]
    assert state()["canUndo"] is True
    assert js(browser, "return wt.undoDecision()")
    assert state()["text"] == value(browser) == "The cat sat on an apple."
    # Typing is the host's edit of the session: the server's text follows the element's.
    js(browser, "wt.element.focus(); wt.element.setSelectionRange(wt.element.value.length, wt.element.value.length)")
    ActionChains(browser).send_keys(" Yes.").perform()
    assert value(browser) == "The cat sat on an apple. Yes."
    assert state()["text"] == "The cat sat on an apple. Yes."
    assert [m["text"] for m in marks(browser)] == ["The", "an"]
    click(browser, ".wt-panel [data-action=done]")
    deadline = time.time() + 10
    while state() != 404 and time.time() < deadline:
        time.sleep(0.05)
    assert state() == 404
