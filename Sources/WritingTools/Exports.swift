// Text primitives (UTF-16 offsets, line/character positions, edits, presentation intents) are
// part of the Writing Tools API: hosts address text with them.
@_exported import TextModel

import WritingToolsEngine
import Proofreading

// The engine types a host needs to pick a tool or bring its own engine, under the names of the
// Writing Tools API, so that front ends import `WritingTools` only (docs/ARCHITECTURE.md, “Modules”).

/// A Writing Tool: Proofread, Rewrite, Friendly, Professional, Concise, Summary, Key Points,
/// List, Table, Describe-your-change (reference §1.13's `WTRequestedTool`).
public typealias WritingTool = WritingToolsEngine.WritingTool
/// An engine that runs the tools (the built-in offline one, a language model, or your own).
public typealias ToolEngine = WritingToolsEngine.ToolEngine
/// One run of one tool (text, UTF-16 range, protected ranges, result options).
public typealias ToolRequest = WritingToolsEngine.ToolRequest
/// What a tool run produces: suggestions, rewritten text chunks, reviewable edits, or a result.
public typealias ToolEvent = WritingToolsEngine.ToolEvent
/// A Summary / Key Points / List / Table result.
public typealias ToolResult = WritingToolsEngine.ToolResult
/// The engine's result options (same bits as ``WritingToolsResultOptions``).
public typealias ToolResultOptions = WritingToolsEngine.ToolResultOptions
/// Errors of a tool run.
public typealias ToolError = WritingToolsEngine.ToolError
/// One proofreading suggestion (UTF-16 range, replacements, rule id, category, message,
/// provenance): the one finding type from the rules to every front end's wire format.
public typealias ProofreadingSuggestion = Proofreading.ProofreadingSuggestion
/// A suggestion's category, with LanguageTool's ids and names (`TYPOS` / “Possible Typo”).
public typealias RuleCategory = Proofreading.RuleCategory
/// Which part of the engine produced a suggestion: the rules, the speller or a language model.
public typealias SuggestionProvenance = Proofreading.SuggestionProvenance
/// The built-in offline engine: every tool, no model.
public typealias BuiltInToolEngine = WritingToolsEngine.BuiltInToolEngine
/// How long a Summary or Key Points result is: short, medium (the default) or long, as the web's
/// Summarizer API names it; set it in ``BuiltInToolEngine/Configuration/summaryLength``.
public typealias SummaryLength = WritingToolsEngine.SummaryLength

/// Proofreading rules from rule files (a user's `~/.config/writing-tools/rules/*.rules` and a
/// workspace's `.writing-tools/rules/*.rules`), compiled when loaded; pass them in
/// ``ProofreadingRequest/userRules``. ``UserRules/check(file:language:)`` compiles one file and
/// runs its inline examples.
public typealias UserRules = WritingToolsEngine.UserRuleSet
/// How thorough a proofreading run is: `default`, or `picky`, which adds the rules for formal
/// text (contractions, “in order to”, “utilize”, a sentence opening with “And”), as
/// LanguageTool's `level=picky`;
/// set it in ``ProofreadingRequest/level``.
public typealias ProofreadingLevel = WritingToolsEngine.ProofreadingLevel
/// A rule file that does not compile (`file:line:column: error: …`) or cannot be checked.
public typealias RuleFileCheckError = WritingToolsEngine.RuleFileCheckError
/// Where a host inserts a Summary or Key Points result: after the selection, as a paragraph of
/// its own, never inside a paragraph or a message's closing.
public typealias ResultPlacement = WritingToolsEngine.ResultPlacement
