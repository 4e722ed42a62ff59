import Foundation

/// The fields of an incoming JSON-RPC 2.0 message that tell what it is (LSP 3.17 §"Abstract
/// Message"): a request has `id` and `method`, a notification `method` only, a response `id` and
/// `result` or `error`.
public struct IncomingMessageHeader: Decodable, Sendable {
    /// `"2.0"`.
    public var jsonrpc: String?
    /// The ID (nil for notifications; ``JSONValue/null`` when sent as `null`).
    public var id: JSONValue?
    /// The method.
    public var method: String?
    /// Present on responses.
    public var result: JSONValue?
    /// Present on error responses.
    public var error: ResponseError?
    /// True when the message has a `result` member, `null` included (a response to
    /// `window/workDoneProgress/create` is `"result": null`).
    public var hasResult = false

    private enum Keys: String, CodingKey { case jsonrpc, id, method, result, error }

    /// Decodes the header fields, noting whether `result` is present.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        jsonrpc = try c.decodeIfPresent(String.self, forKey: .jsonrpc)
        id = try c.decodeIfPresent(JSONValue.self, forKey: .id)
        method = try c.decodeIfPresent(String.self, forKey: .method)
        hasResult = c.contains(.result)
        result = try c.decodeIfPresent(JSONValue.self, forKey: .result)
        error = try c.decodeIfPresent(ResponseError.self, forKey: .error)
    }

    /// True for a response: an `id` with a `result` or an `error` and no `method`.
    public var isResponse: Bool { method == nil && id != nil && (hasResult || error != nil) }

    /// The ID as a ``RequestID`` when it is a number or a string.
    public var requestID: RequestID? {
        switch id {
        case let .int(i)?: return .number(i)
        case let .string(s)?: return .string(s)
        default: return nil
        }
    }
}

/// The `params` of a message, decoded as `P`.
public struct ParamsEnvelope<P: Decodable>: Decodable {
    /// The parameters.
    public var params: P
}

/// A response to send (LSP 3.17 §"ResponseMessage"): `id` is `null` when the request's ID could
/// not be read (parse errors).
public struct ResponseMessage<R: Encodable>: Encodable {
    /// The request's ID, or nil for `null`.
    public var id: RequestID?
    /// The result (nil sends `"result": null` when there is no error).
    public var result: R?
    /// The error.
    public var error: ResponseError?

    /// Creates a response.
    public init(id: RequestID?, result: R?, error: ResponseError?) { self.id = id; self.result = result; self.error = error }

    private enum Keys: String, CodingKey { case jsonrpc, id, result, error }

    /// Encodes `{"jsonrpc":"2.0","id":…,"result":…}` or `{…,"error":…}`.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode("2.0", forKey: .jsonrpc)
        if let id { try c.encode(id, forKey: .id) } else { try c.encodeNil(forKey: .id) }
        if let error { try c.encode(error, forKey: .error) } else if let result { try c.encode(result, forKey: .result) } else { try c.encodeNil(forKey: .result) }
    }
}

/// A notification or request to send (LSP 3.17 §"NotificationMessage", §"RequestMessage").
public struct OutgoingMessage<P: Encodable>: Encodable {
    /// `"2.0"`.
    public var jsonrpc = "2.0"
    /// The ID, for a request; nil for a notification.
    public var id: RequestID?
    /// The method.
    public var method: String
    /// The parameters.
    public var params: P
    /// Creates a message.
    public init(id: RequestID? = nil, method: String, params: P) { self.id = id; self.method = method; self.params = params }
}
