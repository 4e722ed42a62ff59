import WritingTools

/// A position in a text document (LSP 3.17 §"Position"): zero-based `line`, and `character`
/// counted in the negotiated position encoding (UTF-16 code units unless the server said
/// otherwise in `InitializeResult.capabilities.positionEncoding`).
public struct Position: Codable, Hashable, Sendable {
    /// Zero-based line.
    public var line: Int
    /// Zero-based offset in the line, in the negotiated encoding's unit.
    public var character: Int

    /// Creates a position.
    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    /// The same position as a TextModel ``LinePosition``.
    public var linePosition: LinePosition { LinePosition(line: line, character: character) }

    /// Creates a position from a TextModel ``LinePosition``.
    public init(_ p: LinePosition) { self.init(line: p.line, character: p.character) }

    /// Why `line` and `character` make no position (one is negative: LSP's are `uinteger`s), as
    /// a sentence; nil when they are both zero or more. Requests that act on a range (`runTool`)
    /// refuse such a position; text sync clamps it (dropping an edit would part the server's
    /// copy from the editor's).
    public static func negativity(line: Int, character: Int) -> String? {
        if line < 0 { return "line is \(line); lines are counted from 0 and are never negative" }
        if character < 0 { return "character is \(character); characters are counted from 0 and are never negative" }
        return nil
    }
}

/// A range in a text document (LSP 3.17 §"Range"): `end` is exclusive.
public struct Range: Codable, Hashable, Sendable {
    /// Start, inclusive.
    public var start: Position
    /// End, exclusive.
    public var end: Position

    /// Creates a range.
    public init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }
}

/// The position encodings LSP 3.17 defines (§"PositionEncodingKind"), as their wire strings.
public enum PositionEncodingKind {
    /// `"utf-8"`: characters are UTF-8 bytes.
    public static let utf8 = "utf-8"
    /// `"utf-16"`: characters are UTF-16 code units (the default; servers must support it).
    public static let utf16 = "utf-16"
    /// `"utf-32"`: characters are Unicode scalars.
    public static let utf32 = "utf-32"
}
