"""LanguageTool's own clients, unchanged, against `writing-tools serve`.

Run from the repository root after `swift build`:  python3 -m pytest Tests/http-e2e -q
(language_tool_python and pyLanguagetool come from PyPI: scripts/install-deps.sh installs them).
"""
import json
import subprocess
import urllib.parse
import urllib.request

import language_tool_python

TEXT = "This is a example sentence with a speling mistake.  It have two problems. the end."


def post(url, form, headers=None):
    data = urllib.parse.urlencode(form).encode()
    req = urllib.request.Request(url, data=data, headers=headers or {})
    with urllib.request.urlopen(req, timeout=30) as r:
        return r.status, r.headers.get("Content-Type"), json.loads(r.read())


def test_language_tool_python_checks_and_corrects(server):
    tool = language_tool_python.LanguageTool("en-US", remote_server=server.url)
    try:
        matches = tool.check(TEXT)
        rules = {m.rule_id for m in matches}
        assert "EN_A_VS_AN" in rules and "MORFOLOGIK_RULE_EN_US" in rules, rules
        typo = next(m for m in matches if m.rule_id == "MORFOLOGIK_RULE_EN_US")
        assert typo.category == "TYPOS" and typo.rule_issue_type == "misspelling"
        assert TEXT[typo.offset:typo.offset + typo.error_length] == "speling"
        corrected = language_tool_python.utils.correct("This is a example.", tool.check("This is a example."))
        assert corrected == "This is an example."
        # Astral characters: the client converts our UTF-16 offsets to code points.
        emoji = "😀 This is a example."
        m = next(m for m in tool.check(emoji) if m.rule_id == "EN_A_VS_AN")
        assert emoji[m.offset:m.offset + m.error_length] == "a"
    finally:
        tool.close()


def test_language_tool_python_preferences_reach_the_server(server):
    tool = language_tool_python.LanguageTool("en-GB", remote_server=server.url)
    try:
        tool.disabled_rules.add("MORFOLOGIK_RULE_EN_GB")
        rules = {m.rule_id for m in tool.check(TEXT)}
        assert "MORFOLOGIK_RULE_EN_GB" not in rules and "EN_A_VS_AN" in rules
        tool.disabled_rules.clear()
        tool.enabled_rules.add("EN_A_VS_AN")
        tool.enabled_rules_only = True
        assert {m.rule_id for m in tool.check(TEXT)} == {"EN_A_VS_AN"}
    finally:
        tool.close()


def test_pylanguagetool_cli_prints_our_matches(server, tmp_path):
    f = tmp_path / "in.txt"
    f.write_text(TEXT + "\n")
    out = subprocess.run(["pylanguagetool", "--api-url", server.url + "/v2/", "--lang", "en-US", "--no-color", str(f)],
                         capture_output=True, text=True, timeout=60)
    assert "speling" in out.stdout and "spelling" in out.stdout, out.stdout + out.stderr
    assert "an" in out.stdout and "example" in out.stdout
    # Auto-detection: pyLanguagetool prints the detected language and its confidence.
    auto = subprocess.run(["pylanguagetool", "--api-url", server.url + "/v2/", "--no-color", str(f)],
                          capture_output=True, text=True, timeout=60)
    assert "English" in auto.stdout and "speling" in auto.stdout, auto.stdout + auto.stderr


def test_libreoffice_posts_one_paragraph_at_a_time(server):
    # LibreOffice's LanguageTool Server option: POST {base}/check with text and language
    # (BCP 47) per paragraph; it reads offset, length, message, shortMessage, replacements and
    # rule.category.id (TYPOS is drawn red).
    paragraphs = ["Their is a problem hear.", "Everything is fine.", "An speling mistake."]
    found = []
    for p in paragraphs:
        status, ctype, body = post(server.url + "/v2/check", {"text": p, "language": "en-US"},
                                   {"Content-Type": "application/x-www-form-urlencoded", "User-Agent": "LibreOffice"})
        assert status == 200 and ctype == "application/json"
        for m in body["matches"]:
            assert isinstance(m["shortMessage"], str) and isinstance(m["message"], str)
            assert p[m["offset"]:m["offset"] + m["length"]]
            found.append((p, m["rule"]["category"]["id"], p[m["offset"]:m["offset"] + m["length"]]))
    assert not [f for f in found if f[0] == "Everything is fine."]
    assert ("An speling mistake.", "TYPOS", "speling") in found


def test_browser_addon_two_requests_are_disjoint_and_complete(server):
    # The add-on: data, language=auto, preferredVariants, level=picky, disabledRules=WHITESPACE_RULE,
    # mode=textLevelOnly then mode=allButTextLevelOnly, allowIncompleteResults, useragent.
    data = json.dumps({"text": "this is a example  with a speling mistake. another sentence here."})
    common = {"data": data, "language": "auto", "preferredVariants": "en-US,de-AT", "level": "picky",
              "allowIncompleteResults": "true", "useragent": "webextension-chrome-ng", "enableHiddenRules": "true",
              "noopLanguages": "en", "preferredLanguages": "en", "textSessionId": "123:456"}

    def ids(extra):
        _, _, body = post(server.url + "/v2/check?c=1&v=standalone", dict(common, **extra))
        assert body["language"]["detectedLanguage"]["code"] == "en-US"
        return {(m["rule"]["id"], m["offset"]) for m in body["matches"]}
    text_level = ids({"mode": "textLevelOnly"})
    rest = ids({"mode": "allButTextLevelOnly"})
    everything = ids({"mode": "all"})
    assert text_level and rest
    assert text_level.isdisjoint(rest)
    assert text_level | rest == everything
    # WHITESPACE_RULE is our CONSECUTIVE_SPACES: disabled, it is gone from both halves.
    assert any(r == "CONSECUTIVE_SPACES" for r, _ in everything)
    without = ids({"mode": "all", "disabledRules": "WHITESPACE_RULE"})
    assert not any(r == "CONSECUTIVE_SPACES" for r, _ in without)


def test_ltex_style_annotated_text(server):
    # LTeX sends `data` with markup and interpretAs; offsets come back in text+markup units and
    # LTeX reads `sentence` as a string.
    annotation = [{"markup": "\\section{"}, {"text": "Intro"}, {"markup": "}\n", "interpretAs": "\n\n"},
                  {"text": "This is a "}, {"markup": "\\emph{"}, {"text": "speling"}, {"markup": "}"},
                  {"text": " of "}, {"markup": "$x^2$", "interpretAs": "Dummy0"}, {"text": "."}]
    original = "".join(a.get("text", a.get("markup")) for a in annotation)
    _, _, body = post(server.url + "/v2/check", {"data": json.dumps({"annotation": annotation}), "language": "en-US", "level": "picky"})
    spelling = [m for m in body["matches"] if m["rule"]["id"] == "MORFOLOGIK_RULE_EN_US"]
    assert [original[m["offset"]:m["offset"] + m["length"]] for m in spelling] == ["speling"]
    assert all(isinstance(m["sentence"], str) for m in body["matches"])


def test_emacs_langtool_half_closes_and_reads_to_the_end(server):
    # langtool.el writes a raw HTTP/1.1 POST, shuts its side down and reads until the server
    # closes; it compares Content-Type with string= against "application/json".
    import socket
    body = urllib.parse.urlencode({"language": "en-US", "text": "This is a example.", "disabledRules": "WHITESPACE_RULE"}).encode()
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as s:
        s.sendall(b"POST /v2/check HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                  b"Content-Length: %d\r\n\r\n" % len(body) + body)
        s.shutdown(socket.SHUT_WR)
        data = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    head, _, payload = data.partition(b"\r\n\r\n")
    assert b"\r\nContent-Type: application/json\r\n" in head + b"\r\n"
    body = json.loads(payload)
    assert body["software"]["version"]
    assert [m["rule"]["id"] for m in body["matches"]] == ["EN_A_VS_AN"]


def test_texstudio_posts_a_form_as_text_json(server):
    # TeXstudio (src/grammarcheck.cpp, GrammarCheckLanguageToolJSON): POST {url}/v2/check with
    # `Content-Type: text/json` over a URL-encoded form (`language=…&text=…`, spaces as %20) and
    # a line break after it; it reads matches[].offset, length, rule.id, context.text and
    # context.offset (to find the match again in its text), replacements[].value, shortMessage
    # and message.
    text = "This is a example with a speling mistake."
    body = ("language=en-US&text=" + urllib.parse.quote(text, safe="") + "\n").encode()
    req = urllib.request.Request(server.url + "/v2/check", data=body, headers={"Content-Type": "text/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        assert r.status == 200 and r.headers.get("Content-Type") == "application/json"
        matches = json.loads(r.read())["matches"]
    found = set()
    for m in matches:
        slip = text[m["offset"]:m["offset"] + m["length"]]
        context = m["context"]
        assert context["text"][context["offset"]:context["offset"] + context["length"]] == slip
        assert m["replacements"] and isinstance(m["message"], str) and isinstance(m["shortMessage"], str)
        found.add((m["rule"]["id"], slip, m["replacements"][0]["value"]))
    assert ("EN_A_VS_AN", "a", "an") in found and ("MORFOLOGIK_RULE_EN_US", "speling", "spelling") in found, found
