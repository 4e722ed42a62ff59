import Foundation
import WritingTools

// `textDocument/codeAction`: quick fixes for the diagnostics under a range, and the Writing
// Tools on a selection.
extension LanguageServer {
    /// At most this many diagnostics get quick fixes in one code action answer (a menu of
    /// thousands helps no one, and building it held the server for seconds).
    static let maximumQuickFixDiagnostics = 100

    func codeActions(_ p: CodeActionParams) async throws -> [CodeAction] {
        let wantsQuickFix = p.context.only.map { $0.contains { CodeActionKind.quickFix.hasPrefix($0) || $0.hasPrefix(CodeActionKind.quickFix) } } ?? true
        let wantsRewrite = p.context.only.map { $0.contains { CodeActionKind.refactorRewrite.hasPrefix($0) || $0.hasPrefix(CodeActionKind.refactorRewrite) } } ?? true
        guard wantsQuickFix || wantsRewrite else { return [] }
        guard var doc = try await checkedDocument(p.textDocument.uri) else { return [] }
        var a = doc.offset(of: p.range.start, encoding: positionEncoding)
        var b = doc.offset(of: p.range.end, encoding: positionEncoding)
        if b < a { swap(&a, &b) }
        let units = doc.units
        var found: [(ProofreadingSuggestion, Diagnostic)] = []
        // The first ``maximumQuickFixDiagnostics`` findings of the selection get quick fixes.
        collect: for para in doc.paragraphs ?? [] where para.span.location <= b && para.span.end >= a {
            try Task.checkCancellation()
            for (s, e) in zip(para.suggestions, para.annotation) where !doc.ignoredRules.contains(s.ruleID) {
                guard found.count < Self.maximumQuickFixDiagnostics else { break collect }
                var s = s, d = e.diagnostic
                s.range.location += para.span.location
                d.range.start.line += para.span.line
                d.range.end.line += para.span.line
                if s.range.location <= b && s.range.location + s.range.length >= a { found.append((s, d)) }
            }
        }
        // The order mature servers use: the quick fixes of the diagnostics under the range
        // first (each diagnostic's best replacement marked `isPreferred`, which an editor's
        // "apply the preferred fix" takes), then the Writing Tools on the selection
        // (`refactor.rewrite`), so a client that lists actions in order (Neovim's
        // `vim.lsp.buf.code_action()`) shows “Replace with …” first.
        var tools: [CodeAction] = []
        // Writing Tools on the selection: Proofread, applied as one edit.
        // (Not offered for a selection longer than ``SelectionTools/maximumSelectionUnits``: the
        // work of one request stays bounded; the document's diagnostics cover it anyway.)
        if wantsRewrite && b > a && b - a <= SelectionTools.maximumSelectionUnits, let paragraphs = doc.paragraphs {
            let edits = try await SelectionTools.proofread(
                units: units, paragraphs: paragraphs.map(\.span), selection: NSRange(location: a, length: b - a),
                markup: markup(doc) ?? .plain, gitCommit: doc.isGitCommit, language: configuration.language,
                excludedRules: configuration.disabledRules.union(doc.ignoredRules),
                acceptedWords: Set(configuration.words + dictionaryWords), encoding: positionEncoding, engine: toolEngine)
            if !edits.isEmpty {
                let title = "Proofread selection (\(edits.count) \(edits.count == 1 ? "fix" : "fixes"))"
                tools.append(CodeAction(title: title, kind: CodeActionKind.refactorRewrite, diagnostics: nil,
                                          edit: workspaceEdit(doc.uri, version: doc.version, edits)))
            }
        }
        // The other Writing Tools on the selection: run when chosen (a model may take a while),
        // applied with workspace/applyEdit (offered to a client that supports it).
        if wantsRewrite && b > a && clientSupportsApplyEdit {
            let start = DocumentChecking.lspRange(NSRange(location: a, length: b - a), OffsetConverter(doc.text), positionEncoding)
            for (title, tool) in Self.selectionTools {
                let arg: JSONValue = .object(["uri": .string(doc.uri), "tool": .string(tool), "version": .int(doc.version),
                                              "range": Self.json(start)])
                tools.append(CodeAction(title: title, kind: CodeActionKind.refactorRewrite, diagnostics: nil,
                                          command: Command(title: title, command: WritingToolsCommands.runTool, arguments: [arg])))
            }
        }
        guard wantsQuickFix else { return tools }
        var actions: [CodeAction] = []
        var disabledOffered = Set<String>()
        for (s, diag) in found {
            for (i, r) in s.replacements.prefix(5).enumerated() {
                let title = r.isEmpty ? "Remove ‘\(word(s.range, units))’" : "Replace with ‘\(r)’"
                actions.append(CodeAction(title: title, kind: CodeActionKind.quickFix, diagnostics: [diag], isPreferred: i == 0,
                                          edit: workspaceEdit(doc.uri, version: doc.version, [TextEdit(range: diag.range, newText: r)])))
            }
            if s.ruleID == "SPELLING" || s.category == .typos {
                let w = word(s.range, units)
                if !w.isEmpty && !w.contains(where: \.isNewline) {
                    if dictionaries.userPath != nil {
                        actions.append(CodeAction(title: "Add ‘\(w)’ to dictionary", kind: CodeActionKind.quickFix, diagnostics: [diag],
                                                  command: Command(title: "Add ‘\(w)’ to dictionary", command: WritingToolsCommands.addToDictionary,
                                                                   arguments: [.object(["word": .string(w), "scope": .string("user")])])))
                    }
                    if dictionaries.workspacePath != nil {
                        actions.append(CodeAction(title: "Add ‘\(w)’ to workspace dictionary", kind: CodeActionKind.quickFix, diagnostics: [diag],
                                                  command: Command(title: "Add ‘\(w)’ to workspace dictionary", command: WritingToolsCommands.addToDictionary,
                                                                   arguments: [.object(["word": .string(w), "scope": .string("workspace")])])))
                    }
                }
            }
            if disabledOffered.insert(s.ruleID).inserted {
                actions.append(CodeAction(title: "Ignore \(s.ruleID) in this file", kind: CodeActionKind.quickFix, diagnostics: [diag],
                                          command: Command(title: "Ignore \(s.ruleID) in this file", command: WritingToolsCommands.ignoreRuleInFile,
                                                           arguments: [.object(["uri": .string(doc.uri), "rule": .string(s.ruleID)])])))
                actions.append(CodeAction(title: "Disable \(s.ruleID)", kind: CodeActionKind.quickFix, diagnostics: [diag],
                                          command: Command(title: "Disable \(s.ruleID)", command: WritingToolsCommands.disableRule,
                                                           arguments: [.object(["rule": .string(s.ruleID)])])))
            }
        }
        return actions + tools
    }

    func word(_ r: NSRange, _ units: [UInt16]) -> String {
        let a = max(0, min(r.location, units.count))
        let b = max(a, min(r.location + r.length, units.count))
        return String(decoding: units[a..<b], as: UTF16.self)
    }
}
