import Foundation

/// Words of software writing that Debian's Hunspell English dictionaries lack (“repo”, “stdin”,
/// “mutex”, “backend”, “config”…): ``HunspellSpeller`` adds them to an English dictionary when it
/// loads it, so that technical prose is not flagged word by word, `--fix` never “corrects” them
/// into other words (“repo” → “rape”, “cron” → “corn”), and every rule that asks the speller
/// agrees. Hunspell's own case rules then accept “Repo” at a sentence's start. Product and project
/// names (whose capitals matter: “GitHub”) and acronyms written in lowercase (“url” → “URL”) are
/// left out, but for a few packages written in lowercase as their names are (“serde”, “pydantic”,
/// “axios”: `--fix` made them “serve”, “pedantic”, “axis”): the first are left to the document's own repeated use (``DocumentNames``) and word
/// lists, the second get their capitals as a suggestion.
///
/// The list is ours (terms of programming, operating systems, networking and data formats as
/// they appear in documentation and READMEs), kept to words with no plausible reading as a
/// misspelling of a common English word. Vowel-less initialisms (“npm”) are said letter by
/// letter, as `EN_A_VS_AN` reads any lowercase word of two to four letters without a vowel
/// (“an npm package”, “an rpm file”).
enum TechnicalVocabulary {
    /// The words, lowercase.
    static let words: WordSet = [
        "repo", "repos", "sudo", "cron", "crontab", "crontabs", "gzip", "gzipped", "gunzip", "tarball", "tarballs",
        "mutex", "mutexes", "env", "envs", "stdin", "stdout", "stderr", "args", "argv", "argc", "impl", "impls",
        "bool", "bools", "struct", "structs", "enum", "enums", "backend", "backends", "frontend", "frontends",
        "codec", "codecs", "config", "configs", "async", "webhook", "webhooks", "dedupe", "deduped",
        "deduplicate", "deduplicated", "deduplication", "makefile", "makefiles", "dockerfile", "dockerfiles",
        "gitignore", "linter", "linters", "lint", "linting", "params", "param", "regex", "regexes", "readme",
        "readmes", "todo", "todos", "unicode", "stdlib", "localhost", "hostname", "hostnames", "filename",
        "filenames", "pathname", "pathnames", "subdirectory", "subdirectories", "subcommand", "subcommands",
        "toolchain", "toolchains", "runtime", "runtimes", "middleware", "plugin", "plugins", "namespace",
        "namespaces", "codebase", "codebases", "monorepo", "monorepos", "dataset", "datasets", "metadata",
        "timestamp", "timestamps", "workflow", "workflows", "refactor", "refactors", "refactored", "refactoring",
        "iterator", "iterators", "init", "inits", "tuple", "tuples", "boolean", "booleans", "lookup", "lookups",
        "checkout", "checkouts", "changelog", "changelogs", "username", "usernames", "login", "logins", "logout",
        "sysadmin", "sysadmins", "devops", "dev", "devs", "ops", "prod", "sandbox", "sandboxed", "sandboxing",
        "symlink", "symlinks", "symlinked", "hotfix", "hotfixes", "changeset", "changesets", "diff", "diffs",
        "diffing", "rebase", "rebased", "rebasing", "upstream", "downstream", "fallback", "fallbacks", "failover",
        "keystroke", "keystrokes", "autocomplete", "autocompletion", "tooltip", "tooltips", "dropdown", "dropdowns",
        "checkbox", "checkboxes", "serializer", "serializers", "deserialize", "deserialized", "deserialization",
        "serializable", "tokenizer", "tokenizers", "tokenize", "tokenized", "parsers", "submodule", "submodules",
        "subprocess", "subprocesses", "unmount", "unmounted", "mountpoint", "daemon", "daemons", "cgroup", "cgroups", "syscall",
        "syscalls", "scalability", "composable", "stateful", "stateless", "idempotent", "idempotency", "enqueue",
        "enqueued", "dequeue", "dequeued", "cacheable", "unescaped", "escaper", "minified", "minify", "transpile",
        "transpiled", "transpiler", "polyfill", "polyfills", "bytecode", "hashmap", "hashmaps", "hashset", "bitmask",
        "bitmasks", "bitset", "bitsets", "backtrace", "backtraces", "stacktrace", "stacktraces", "segfault",
        "segfaults", "coroutine", "coroutines", "goroutine", "goroutines", "lockfile", "lockfiles",
        // Found missing by a new user (“toml” → “toll”, “runbook”, “backoff” flagged in a README).
        "toml", "yaml", "runbook", "runbooks", "onboarding", "templating", "backoff", "healthcheck", "healthchecks", "fixup",
        "fixups", "timesheet", "timesheets", "traceback", "tracebacks", "kubectl", "rustc", "rustup", "wget", "serde", "pydantic",
        "axios", "nuxt", "vite", "cfg", "dotfile", "dotfiles", "uptime", "downtime", "autoscaling", "autoscaler", "upsert",
        "upserts", "subnet", "subnets", "sharding", "sharded", "preload", "preloaded", "prefetch", "prefetched", "keychain",
        "passphrase", "passphrases", "hardcoded", "hardcode", "codegen", "monospace", "monospaced", "websocket",
        "websockets", "microservice", "microservices", "serverless", "precompiled", "precompile", "reindex", "reindexing",
        // Found missing by a new user (“untrusted” → “entrusted”, “nullable” → “null able”): the
        // un- and -able derivations of programming terms, and compiler words.
        "untrusted", "nullable", "nullability", "hashable", "parsable", "parseable", "deserializable", "customizable",
        "debuggable", "mockable", "queryable", "renderable", "overridable", "subclassable", "unmarshal", "unmarshaled",
        "unmarshalled", "untyped", "unversioned", "unpatched", "untracked", "unstaged", "unbuffered", "unreferenced",
        "unsanitized", "unvalidated", "unencrypted", "unparsed", "unmerged", "unregister", "unregistered", "unpushed",
        "undeprecated", "unoptimized", "unminified", "unhashed", "unsized", "nonnull", "nonblocking", "noninteractive",
        "inlinable", "inlined", "inlining", "memoize", "memoized", "memoizes", "memoizing", "memoization", "tmux", "cmark",
        // Found missing by a new user (“semver” → “server”, “dicts” → “ducts”, “deps” → “deeps” were applied by --fix;
        // “Kubernetes” → “Cabernets”, “natively” → “naively” suggested).
        "semver", "dict", "dicts", "deps", "kubernetes", "libcurl", "ripgrep", "protobuf", "protobufs", "reentrant",
        "reentrancy", "tokenizes", "tokenizing", "reloadable", "dereference", "dereferences", "dereferenced", "dereferencing",
        "strikethrough", "webpack", "redis", "kafka", "emacs", "systemd", "journald", "netmask", "netmasks",
        "proxied", "navbar", "navbars", "kwarg", "kwargs", "sigterm", "sigkill", "esbuild", "ansible", "postgres",
        "natively", "bazel", "vercel", "sidebar", "sidebars", "mixin", "mixins", "getter", "getters",
        "setter", "setters", "accessor", "accessors", "multithreaded", "multithreading", "enqueues", "dequeues",
        // From a later trial (“embeddable” → “emendable”, “upvoted” → “updated”, “relicensing” → “re licensing”).
        "embeddable", "walkthrough", "walkthroughs", "upvote", "upvotes", "upvoted", "downvote", "downvotes", "downvoted",
        "relicense", "relicensed", "relicensing", "sublicense", "sublicensed", "sublicensing", "autolink", "autolinks",
        "autolinked", "hashtag", "hashtags", "npm", "pnpm",
        // From a later trial: en-GB flagged “grep” and “rm”, which Debian's en-US dictionary has
        // and the en-GB one lacks, so the two dialects disagreed on the same README; with them the
        // shell commands that prose names most often (“run mkdir”, “pipe it to sed”), and
        // “homebrew” (“Homebrew” → “Home brew” was offered).
        "grep", "egrep", "fgrep", "rm", "rmdir", "mkdir", "cd", "cp", "mv", "chmod", "chown", "chgrp", "sed",
        "awk", "scp", "rsync", "zsh", "pwd", "printf", "dpkg", "ifconfig", "sysctl", "systemctl", "journalctl",
        "homebrew",
        // From the same trial's `--fix` run, which changed each into another word: “cmake” →
        // “make”, “conda” → “condo”, “const” → “cost”, “wasm” → “was”, “strlen” → “stolen”,
        // “eof” → “of”, “oauth” → “oath”, “udp” → “up”, “endian” → “Indian”, “crypto” → “crypt”.
        "cmake", "conda", "const", "consts", "fluentd", "wasm", "strlen", "eof", "oauth", "sso", "udp", "tcp", "containerd",
        "bundler", "bundlers", "buildx", "truthy", "falsy", "crypto", "encodings", "endian", "endianness", "nginx",
        "deserializing", "deserializes", "deserializer", "deserializers",
        // From a CLI trial (“tmp” → “top”, “mockup” → “mock up”, “teardown” → “tear down” were offered).
        "tmp", "mockup", "mockups", "teardown", "teardowns", "gitignored", "gitignores",
        // From a third trial (`--fix` made “globbing” “globing”; “dotenv” → “doting”, “Ctrl” →
        // “Curl” were offered).
        "glob", "globs", "globbed", "globbing", "dotenv", "ctrl",
        "utils", "util", "executables", "inode", "inodes", "automata", "backreference", "backreferences", "preprocess",
        "preprocessing", "preprocessed", "passthru", "terminfo", "subfile", "subfiles",
        // Placeholder names of examples, preprocessor and make conditionals, ordinals of maths.
        "setuid", "setgid", "umask", "chroot", "foo", "baz", "qux", "quux", "ifdef", "ifndef", "endif", "elif", "ifeq", "ifneq", "ith", "jth", "kth",
        // From a trial on real technical documents (the GPL, GNU man pages, compression READMEs),
        // where `--fix` made “manpage” “manage”, “recurse” “recourse”, “archiver” “archived”,
        // “undefine” “undefined”, “seeked” “sought”: words of Unix documentation.
        "manpage", "manpages", "cleanup", "cleanups", "recurse", "recurses", "recursed", "recursing", "archiver",
        "archivers", "undefine", "undefines", "seeked", "seekable", "subshell", "subshells", "builtin", "builtins",
        // From the technical-documents benchmark: “cli” was offered “clip” (zstd's and other
        // READMEs write the command-line interface in lowercase), “nul” (the ASCII character's
        // name, “a nul byte”) “null”.
        "cli", "clis", "nul", "nuls",
    ]

    /// Closed compounds of ``words`` whose open form is as standard (“file name”, GNU's
    /// spelling, and “filename”; “time stamp”, “data set”, “user name”): accepted by the spelling
    /// rule when written as one word, but not added to the dictionary, so that the rules that
    /// join two words by the dictionary's compounds (`EN_SPLIT_COMPOUND`) do not flag the open form.
    static let openCompounds: WordSet = [
        "filename", "filenames", "pathname", "pathnames", "hostname", "hostnames", "username", "usernames",
        "timestamp", "timestamps", "dataset", "datasets", "namespace", "namespaces", "workflow", "workflows",
        "lookup", "lookups", "checkbox", "checkboxes", "runtime", "runtimes", "backend", "backends", "frontend",
        "frontends", "codebase", "codebases", "toolchain", "toolchains", "lockfile", "lockfiles", "dotfile", "dotfiles",
        "sidebar", "sidebars", "fallback", "fallbacks", "manpage", "manpages", "subdirectory", "subdirectories",
    ]

    /// Words of informal writing (chat, e-mail, social media) that are deliberate, not slips:
    /// reported by nobody, changed by nobody (“lol” → “Loll”, “idk” → “irk” were applied).
    static let informal: WordSet = [
        "lol", "lmao", "idk", "imo", "imho", "btw", "fyi", "thx", "tbh", "omg", "brb", "afaik", "hehe", "haha", "hahaha",
        "bday", "vid", "vids", "pic", "pics", "convo", "convos", "gonna", "wanna", "gotta", "kinda", "sorta", "dunno", "yup",
        "nope", "yeah", "okay", "ok", "hmm", "uh", "um", "ugh", "meh", "woohoo", "yay", "aww", "donut", "donuts", "vlog",
        "vlogs", "vlogging", "vlogger", "selfie", "selfies", "emoji", "emojis", "livestream", "livestreamed", "livestreaming",
        // From a later trial (“tmrw” → “tire”, “Ttyl” → “Tell”, “wifi” → “wife” were offered).
        "tmrw", "ttyl", "wifi", "pls", "plz", "ppl", "tho",
        // Everyday words the dictionaries lack (`--fix` made “influencers” “influences”).
        "influencer", "influencers", "bingeing",
    ]
}
