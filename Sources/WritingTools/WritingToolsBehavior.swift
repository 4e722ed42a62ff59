import Foundation
import TextModel
import WritingToolsEngine

/// How much of the Writing Tools experience a text surface asks for or gets
/// (Apple: `UIWritingToolsBehavior` / `NSWritingToolsBehavior`, reference §1.1). Same raw values.
///
/// A *requested* value (``WritingToolsCoordinator/preferredBehavior``) may be ``default``; a
/// *resolved* value (``WritingToolsCoordinator/behavior``, ``TextView/writingToolsBehavior``) is
/// never ``default``: see ``resolved(isEditable:)``.
public enum WritingToolsBehavior: Int, Sendable, Hashable, CaseIterable {
    /// Writing Tools ignores this view: no tool can be started.
    case none = -1
    /// System-defined behaviour; resolves to ``complete`` for an editable host and ``limited``
    /// for a read-only one.
    case `default` = 0
    /// The complete inline-editing experience: results are applied in the text, reviewed and
    /// reverted there.
    case complete = 1
    /// The limited, panel experience: nothing changes in the text until the user accepts; then
    /// the result arrives as `.noninteractive` replacements (copy only for read-only hosts).
    case limited = 2

    /// The value a requested behaviour resolves to; never ``default``.
    ///
    /// Apple resolves `.default` from device capabilities. There is no capability to lack here
    /// (the built-in engine runs everywhere), so `.default` becomes ``complete``, except that a
    /// read-only host can only get the panel (``limited``), as on Apple platforms (WWDC24 ~9:03).
    /// ``complete`` requested by a read-only host also resolves to ``limited``.
    public func resolved(isEditable: Bool = true) -> WritingToolsBehavior {
        switch self {
        case .none: return .none
        case .default, .complete: return isEditable ? .complete : .limited
        case .limited: return .limited
        }
    }
}

/// The kinds of result a host accepts (Apple: `UIWritingToolsResultOptions` /
/// `NSWritingToolsResultOptions`, reference §1.2). Same bits.
///
/// Apple's implications hold after ``normalized()``: ``list`` and ``table`` imply ``richText``;
/// ``presentationIntent`` implies ``richText``, ``list`` and ``table``; ``richText`` implies
/// ``plainText`` ("as well as plain text, Writing Tools will provide text attributes"). The empty
/// set is Apple's `.default` ("system-defined").
public struct WritingToolsResultOptions: OptionSet, Sendable, Hashable {
    /// The raw bits, Apple's values.
    public let rawValue: UInt
    /// Creates options from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Apple's `.default` (`[]`): the system decides; see ``resolved()``.
    public static let `default`: WritingToolsResultOptions = []
    /// Plain text in suggestions and rewrites (1 << 0).
    public static let plainText = WritingToolsResultOptions(rawValue: 1 << 0)
    /// Plain text plus attributes that are easily adopted (1 << 1). For our engines: Markdown
    /// emphasis and links in results.
    public static let richText = WritingToolsResultOptions(rawValue: 1 << 1)
    /// Implies ``richText``; results may be laid out as lists (1 << 2).
    public static let list = WritingToolsResultOptions(rawValue: 1 << 2)
    /// Implies ``richText``; results may be laid out as tables (1 << 3).
    public static let table = WritingToolsResultOptions(rawValue: 1 << 3)
    /// Implies ``richText``, ``list`` and ``table``; structure comes as ``PresentationIntent``
    /// runs (1 << 4, Apple OS 26).
    public static let presentationIntent = WritingToolsResultOptions(rawValue: 1 << 4)

    /// The options with Apple's implications added (see the type's discussion). Idempotent;
    /// ``default`` stays empty.
    public func normalized() -> WritingToolsResultOptions {
        var o = self
        if o.contains(.presentationIntent) { o.formUnion([.richText, .list, .table]) }
        if o.contains(.list) || o.contains(.table) { o.insert(.richText) }
        if o.contains(.richText) { o.insert(.plainText) }
        return o
    }

    /// The resolved value: ``normalized()``, with ``default`` resolving to
    /// `[.plainText, .richText, .list, .table]`, what WebKit reports for rich editable content
    /// (reference §1.2). ``presentationIntent`` is opt-in, as WWDC25 advises.
    public func resolved() -> WritingToolsResultOptions {
        isEmpty ? [.plainText, .richText, .list, .table] : normalized()
    }

    /// True when the options ask for anything beyond plain text (a plain-text view refuses them).
    public var requiresRichText: Bool { !normalized().subtracting(.plainText).isEmpty }

    /// The engine's view of the same options (``ToolResultOptions``, same bits), normalised.
    public var toolResultOptions: ToolResultOptions { ToolResultOptions(rawValue: resolved().rawValue) }
}

/// The attribute that marks text Writing Tools must not change, for `AttributedString`
/// (Apple: `NSAttributedString.Key.writingToolsExclusion`, reference §1.5). Its name is TextModel's
/// ``WritingToolsAttributeKey/writingToolsExclusion``. Set it to `true` on a run
/// (`text[range].writingToolsExclusion = true`); the session never modifies that run.
public enum WritingToolsExclusionAttribute: AttributedStringKey {
    /// `true` marks the run as excluded.
    public typealias Value = Bool
    /// ``WritingToolsAttributeKey/writingToolsExclusion``.
    public static let name = WritingToolsAttributeKey.writingToolsExclusion
}

extension AttributeScopes {
    /// The Writing Tools attributes (``WritingToolsExclusionAttribute``).
    public struct WritingToolsAttributes: AttributeScope {
        /// Text Writing Tools must not change.
        public let writingToolsExclusion: WritingToolsExclusionAttribute
    }

    /// The Writing Tools attribute scope.
    public var writingTools: WritingToolsAttributes.Type { WritingToolsAttributes.self }
}

extension AttributeDynamicLookup {
    /// Gives `AttributedString` a `writingToolsExclusion` property.
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<AttributeScopes.WritingToolsAttributes, T>) -> T {
        self[T.self]
    }
}

extension AttributedString {
    /// UTF-16 ranges of the runs marked with ``WritingToolsExclusionAttribute``, in order,
    /// adjacent runs merged. O(length).
    public var writingToolsExclusionRanges: [NSRange] {
        var out: [NSRange] = []
        var offset = 0
        for run in runs {
            let n = String(self[run.range].characters).utf16.count
            if run[WritingToolsExclusionAttribute.self] == true {
                if let last = out.last, NSMaxRange(last) == offset {
                    out[out.count - 1].length += n
                } else {
                    out.append(NSRange(location: offset, length: n))
                }
            }
            offset += n
        }
        return out
    }

    /// The text as a `String` (attributes dropped).
    var plainString: String { String(characters) }
}
