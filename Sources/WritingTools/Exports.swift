// Text primitives (UTF-16 offsets, line/character positions, edits, presentation intents) are
// part of the Writing Tools API: hosts address text with them.
@_exported import TextModel
