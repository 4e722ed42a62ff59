/// Help texts, kept apart from the code that parses options (as swift-argument-parser does).
enum HelpText {
    static let version = "writing-tools 0.1.0"

    static let main = """
    writing-tools: Apple's Writing Tools, portable and offline.

    USAGE: writing-tools <command> [options]

    COMMANDS:
      proofread [FILE…|-]   Check spelling, grammar, punctuation and typography.
      rewrite, friendly, professional, concise [FILE|-]
                            Rewrite the text (offline: rule-based edits, each with a reason).
      summary, key-points, list, table [FILE|-]
                            Summarise or restructure the text (offline algorithms).
      describe "INSTRUCTION" [FILE|-]
                            Describe your change ("make it shorter", "as a table", "more
                            formal"…); offline, a documented set of instructions.
      rules                 List the proofreading rules (ID, category, summary).
      languages             List the languages whose dictionaries are installed.
      lsp [--stdio]         Run the language server (LSP 3.17) on standard input/output.
      help [COMMAND]        Show help for a command.

    OPTIONS:
      -h, --help            Show this help.
      --version             Show the version.

    Exit codes: 0 nothing found, 1 findings, 2 usage error, 3 input or runtime error.
    See 'writing-tools help proofread' for the proofreader's options.
    """

    static let proofread = """
    USAGE: writing-tools proofread [options] [FILE…|-]

    Proofreads each FILE (or standard input, given as '-' or when no FILE is named) with the
    built-in offline engine: a Hunspell dictionary plus grammar, punctuation, typography and
    capitalisation rules. In Markdown, code, links, HTML, front matter, math, URLs, e-mail
    addresses and file paths are never flagged or changed.

    OUTPUT:
      Default: one finding per entry, like a compiler:
        path:line:column: category: message [RULE_ID]
      then the line, a caret under the span and the first suggestions. Lines and columns are
      1-based; columns count characters (Unicode scalars). A summary goes to standard error.
      --format json: one JSON document {"files":[{"path","language","matches":[…]}]} with
      LanguageTool's field names: offset and length (UTF-16 code units of the text without a
      byte-order mark), message, shortMessage, replacements [{"value"}], rule {id, description,
      category {id, name}}, context {text, offset, length}, provenance.

    OPTIONS:
      --format text|json    Output format (default: text).
      --batch               Read JSON Lines {"id","text","language","markup"} on standard input
                            and write one line per input:
                            {"id","matches":[{"offset","length","replacements","rule",
                            "category","message"}]} (UTF-16 offsets, replacements best first).
                            markup is plain (default) or markdown; language defaults to en-US.
                            A bad line gets {"id","error","matches":[]} and the rest go on.
      --fix                 Apply the first replacement of every rule finding, and spelling
                            guesses one slip from a known word (teh, recieve); names, product
                            names and word splits are reported, not changed; re-check and
                            repeat (at most 4 passes); write the file atomically, keeping
                            FILE.orig (or FILE.orig.1, …: a backup is never overwritten).
                            Standard input: the fixed text goes to standard output. Refuses
                            read-only files and files that changed since they were read.
                            What is left is reported at its place in the new text.
      --no-backup           With --fix, keep no backup.
      --markup markdown|plain|auto
                            How to read the input (default: auto: Markdown for .md, .markdown,
                            .mdown, .mkd, .mdx; plain text otherwise and for standard input).
      --language TAG        Dictionary language, e.g. en-US (default), en-GB. Installed:
                            'writing-tools languages'.
      --dictionary FILE     A word list to accept (one word per line, '#' starts a comment).
                            Repeatable.
      --disable-rule ID     Do not run rule ID (repeatable; comma-separated lists allowed).
                            IDs: 'writing-tools rules'.
      --no-color            No colour (colour is used only on a terminal, without NO_COLOR and
                            with TERM other than 'dumb').
      -h, --help            Show this help.

    EXIT CODES:
      0 nothing found (with --fix: nothing left unfixed), 1 findings, 2 usage error,
      3 input or runtime error (missing file, directory, binary or invalid UTF-8 input,
      missing dictionary, a file --fix may not write). Empty input is reported on standard
      error and finds nothing. --batch exits 0 once its input is answered. When the reader of
      standard output goes away (| head), the process ends as SIGPIPE would (status 141).
    """

    static let tools = """
    USAGE: writing-tools rewrite|friendly|professional|concise [options] [FILE|-]
           writing-tools summary|key-points|list|table [options] [FILE|-]
           writing-tools describe "INSTRUCTION" [options] [FILE|-]

    Runs one Writing Tool on FILE (or standard input) with the built-in offline engine, through
    the same session a text view uses: code, links, HTML, front matter, math, URLs and paths are
    never changed, and a result that would change them is refused.

      rewrite        proofreading fixes plus concise edits
      friendly       contractions and softer phrasing
      professional   formal words instead of informal ones, no repeated "!!", no emoticons
      concise        wordy phrases, redundancies, fillers and hedges removed
      summary        the most central sentences, verbatim (LexRank), about a fifth of the text
      key-points     the main points as a list, in document order
      list           the text as a list (steps, series, one item per sentence)
      table          a table built from real structure ("label: value" lines, parallel
                     sentences); when there is none, no table and a note saying so
      describe       an instruction mapped to the tools above: shorter/concise, as a list,
                     as a table, summarise, key points, more formal/professional,
                     friendlier/casual, fix mistakes/proofread. Anything else needs a
                     language model and is refused with a message.

    Rewrites write the whole new text to standard output; summary, key-points, list and table
    write their result. Notes and the number of edits go to standard error.

    OPTIONS:
      --markup markdown|plain|auto   How to read the input (default auto: by file extension).
      --result markdown|plain        Shape of results (default: Markdown for Markdown input;
                                     plain text otherwise: lists as "- " lines, tables as
                                     aligned columns).
      --language TAG                 Language for proofreading fixes (default en-US).
      --explain                      List every edit with its reason on standard error.
      -h, --help                     Show this help.

    EXIT CODES: 0 done, 2 usage error, 3 input error or a request the offline engine cannot do.
    """

    static let rules = """
    USAGE: writing-tools rules [--format text|json]

    Lists every proofreading rule: its ID (for --disable-rule), category and summary.
    """

    static let languages = """
    USAGE: writing-tools languages

    Lists the languages whose Hunspell dictionaries are installed (Debian: hunspell-en-us,
    hunspell-en-gb, …), as tags for --language.
    """

    static let lsp = """
    USAGE: writing-tools lsp [--stdio]

    Runs the Writing Tools language server (LSP 3.17) on standard input and output (--stdio is
    the default and only transport). Standard output carries protocol messages only; logs go to
    standard error and to the client (window/logMessage).

    Checks Markdown, plain text and Git commit messages: diagnostics are pushed
    (textDocument/publishDiagnostics, after a 150 ms pause in typing) and pulled
    (textDocument/diagnostic); code actions offer the replacements, "Add to dictionary",
    "Ignore rule in this file" and "Disable rule". Dictionaries are plain word lists:
    $XDG_CONFIG_HOME/writing-tools/dictionary.txt (or ~/.config/…) and
    <workspace>/.writing-tools/dictionary.txt.

    initializationOptions and workspace/didChangeConfiguration settings (also accepted under
    "writing-tools"): language ("en-US"), disabledRules, dictionary (words), severity per
    category ({"STYLE": "hint", "TYPOS": "error"}), languages (more language IDs to check),
    debounceMilliseconds, pushDiagnostics.

    Exit codes: 0 after shutdown and exit, 1 when exit comes without shutdown or input ends.
    """
}
