/// Error codes of JSON-RPC 2.0 and LSP 3.17 (§"ResponseMessage", `ErrorCodes` and `LSPErrorCodes`).
public enum ErrorCode {
    /// Invalid JSON was received (-32700).
    public static let parseError = -32700
    /// The JSON is not a valid request object (-32600).
    public static let invalidRequest = -32600
    /// The method does not exist (-32601).
    public static let methodNotFound = -32601
    /// Invalid method parameters (-32602).
    public static let invalidParams = -32602
    /// Internal error (-32603).
    public static let internalError = -32603
    /// A request arrived before `initialize` (-32002).
    public static let serverNotInitialized = -32002
    /// Unknown error (-32001).
    public static let unknownErrorCode = -32001
    /// The request failed although it was valid (-32803).
    public static let requestFailed = -32803
    /// The document changed while the request was being worked on (LSP 3.17 `ContentModified`).
    public static let contentModified = -32801
    /// The client cancelled the request (-32800).
    public static let requestCancelled = -32800
}

/// The error of a response (LSP 3.17 §"ResponseError").
public struct ResponseError: Error, Codable, Hashable, Sendable {
    /// One of ``ErrorCode``.
    public var code: Int
    /// A one-line description.
    public var message: String
    /// Extra information.
    public var data: JSONValue?
    /// Creates an error.
    public init(code: Int, message: String, data: JSONValue? = nil) { self.code = code; self.message = message; self.data = data }

    /// `MethodNotFound` for `method`.
    public static func methodNotFound(_ method: String) -> ResponseError {
        ResponseError(code: ErrorCode.methodNotFound, message: "method not found: \(method)")
    }
    /// `InvalidParams` with a reason.
    public static func invalidParams(_ reason: String) -> ResponseError {
        ResponseError(code: ErrorCode.invalidParams, message: "invalid params: \(reason)")
    }
    /// `RequestCancelled`.
    public static let cancelled = ResponseError(code: ErrorCode.requestCancelled, message: "request cancelled")
}
