import Foundation
import WritingTools

// Incoming messages: framing events, JSON-RPC decoding, and each method routed to its handler.
extension LanguageServer {
    /// Reports a framing problem: a message too large is answered with `InvalidRequest` (ID `null`);
    /// other problems are logged.
    public func handleFramingEvent(_ event: FramerEvent) {
        switch event {
        case let .message(body): handle(body)
        case let .tooLarge(length, limit):
            log("message of \(length) bytes is larger than the limit of \(limit) bytes; skipped", type: 1)
            respond(nil, error: ResponseError(code: ErrorCode.invalidRequest,
                                              message: "message of \(length) bytes exceeds the limit of \(limit) bytes; skipped"))
        case let .invalidHeader(why): log("invalid header: \(why)", type: 1)
        case let .skippedGarbage(n): log("skipped \(n) bytes that were not a message header", type: 2)
        }
    }

    /// Handles one message body (JSON). Returns false when the body is not valid JSON (a
    /// `ParseError` was sent).
    @discardableResult
    public func handle(_ raw: Data) -> Bool {
        // A lone surrogate escape would make the message undecodable and, in a didChange, put
        // the server's copy out of step with the editor's: it becomes U+FFFD, as wide in UTF-16.
        // A raw control character or an invalid escape in any string (which JSONDecoder leaves
        // unchecked in the strings it does not read) makes the message no JSON. A key given
        // twice in an object: the last value counts, as in every front end (JSONDecoder alone
        // would read the first); a message that is no valid JSON is left as it is.
        let body: Data
        do { body = JSONStrings.resolvingDuplicateKeys(try JSONStrings.normalized(raw)) } catch {
            respond(nil, error: ResponseError(code: ErrorCode.parseError, message: "parse error: \(error)"))
            log("parse error in a \(raw.count)-byte message: \(error)", type: 1)
            return false
        }
        let header: IncomingMessageHeader
        do { header = try JSONDecoder().decode(IncomingMessageHeader.self, from: body) } catch {
            // Valid JSON that is no JSON-RPC message (`[]`, `42`, `{"method": 5}`) is an
            // “Invalid Request” (JSON-RPC 2.0 §5, -32600); only text that is not JSON is a
            // “Parse error” (-32700), after which the framer reads a swallowed message again.
            if (try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])) != nil {
                respond(nil, error: ResponseError(code: ErrorCode.invalidRequest, message: "invalid request: a JSON-RPC message is an object with a \"method\" (or an \"id\" with a \"result\" or an \"error\")"))
                log("invalid request: a \(body.count)-byte message that is JSON but no JSON-RPC message", type: 1)
                return true
            }
            respond(nil, error: ResponseError(code: ErrorCode.parseError, message: "parse error: the message is not valid JSON-RPC"))
            log("parse error in a \(body.count)-byte message", type: 1)
            return false
        }
        guard let method = header.method else {
            // A response to one of our requests (workspace/applyEdit, window/workDoneProgress/create).
            if header.isResponse {
                if case let .int(i)? = header.id, let c = awaitingResponses.removeValue(forKey: i) { c.resume(returning: header) }
                return true
            }
            // Neither a method nor a result or an error (`{}`, `{"id": 1}`): no JSON-RPC message
            // at all (JSON-RPC 2.0 §5, “Invalid Request”), answered with its ID when it has one.
            respond(header.requestID, error: ResponseError(code: ErrorCode.invalidRequest, message: "invalid request: a message needs a \"method\" (or an \"id\" with a \"result\" or an \"error\")"))
            return true
        }
        if header.id != nil {
            // A number that is no `Int` (1.5, 1e30) is answered with its text as written.
            guard let id = header.requestID ?? (header.id?.doubleValue != nil ? RequestID.numberText(in: body).map { .numberText($0) } : nil) else {
                respond(nil, error: ResponseError(code: ErrorCode.invalidRequest, message: "request id must be a number or a string"))
                return true
            }
            handleRequest(id: id, method: method, body: body)
        } else {
            handleNotification(method: method, body: body)
        }
        return true
    }

    func params<P: Decodable>(_ type: P.Type, _ body: Data) throws -> P {
        do { return try JSONDecoder().decode(ParamsEnvelope<P>.self, from: body).params } catch let error as DecodingError {
            throw ResponseError.invalidParams(Self.describe(error))
        } catch {
            throw ResponseError.invalidParams(String(describing: error).prefix(300).description)
        }
    }

    /// A decoding error as a person reads it: what is missing or wrong, and where, as a JSON
    /// path (`missing "range" in params.textDocument`), not Swift's own description.
    /// `under` is the path of the decoded value (`arguments[0]` for a command's argument).
    static func describe(_ error: DecodingError, under root: String = "") -> String {
        func path(_ keys: [any CodingKey]) -> String {
            (root + keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()).trimmingCharacters(in: CharacterSet(charactersIn: "."))
        }
        switch error {
        case let .keyNotFound(key, context):
            let at = path(context.codingPath)
            return "missing \"\(key.stringValue)\"" + (at.isEmpty ? "" : " in \(at)")
        case let .typeMismatch(type, context):
            return "\(path(context.codingPath).isEmpty ? "a value" : path(context.codingPath)) has the wrong type (expected \(Self.jsonType(type)))"
        case let .valueNotFound(type, context):
            return "\(path(context.codingPath).isEmpty ? "a value" : path(context.codingPath)) is null (expected \(Self.jsonType(type)))"
        case let .dataCorrupted(context):
            return "invalid value" + (path(context.codingPath).isEmpty ? "" : " at \(path(context.codingPath))")
        @unknown default:
            return "invalid params"
        }
    }

    /// The JSON type a Swift type is read from (“a string”, “a number”, “an object”).
    static func jsonType(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Int.Type, is Double.Type, is UInt.Type: return "a number"
        case is Bool.Type: return "a boolean"
        default:
            let name = String(describing: type)
            return name.hasPrefix("Array") ? "an array" : name.hasPrefix("Dictionary") ? "an object" : "a \(name)"
        }
    }

    func handleRequest(id: RequestID, method: String, body: Data) {
        switch phase {
        case .uninitialized where method != "initialize":
            respond(id, error: ResponseError(code: ErrorCode.serverNotInitialized, message: "server not initialized: send 'initialize' first"))
            return
        case .shutDown, .exited:
            respond(id, error: ResponseError(code: ErrorCode.invalidRequest, message: "server is shut down; only 'exit' is accepted"))
            return
        default: break
        }
        do {
            switch method {
            case "initialize":
                guard phase == .uninitialized else {
                    respond(id, error: ResponseError(code: ErrorCode.invalidRequest, message: "initialize was already sent"))
                    return
                }
                respond(id, initialize(try params(InitializeParams.self, body)))
            case "shutdown":
                handleShutdown(id)
            case "textDocument/diagnostic":
                let p = try params(DocumentDiagnosticParams.self, body)
                startRequest(id, cancelAtOnce: true) { server in try await server.pullDiagnostics(p) }
            case "textDocument/codeAction":
                let p = try params(CodeActionParams.self, body)
                startRequest(id, cancelAtOnce: true) { server in try await server.codeActions(p) }
            case "workspace/executeCommand":
                let p = try params(ExecuteCommandParams.self, body)
                startRequest(id) { server in try await server.execute(p) }
            case "initialized", "textDocument/didOpen", "textDocument/didChange", "textDocument/didClose",
                 "workspace/didChangeConfiguration", "$/cancelRequest", "exit":
                // A notification sent with an ID (a hand-written client's slip): said as such,
                // with what to do, rather than “method not found”.
                respond(id, error: ResponseError(code: ErrorCode.invalidRequest,
                                                 message: "\(method) is a notification: send it without an \"id\" (LSP 3.17 §\"Notification Message\")"))
            default:
                respond(id, error: .methodNotFound(method))
            }
        } catch let e as ResponseError {
            respond(id, error: e)
        } catch {
            respond(id, error: ResponseError(code: ErrorCode.internalError, message: "\(error)"))
        }
    }

    func handleNotification(method: String, body: Data) {
        if method == "exit" {
            handleExit()
            return
        }
        guard phase == .running else { return } // dropped before initialize (LSP 3.17 §"Initialize Request")
        do {
            switch method {
            case "initialized":
                let language = configuration.language
                let checker = self.checker
                Task.detached(executorPreference: Self.workThreads, priority: .utility) { try? checker.prepare(language: language) }
            case "textDocument/didOpen": didOpen(try params(DidOpenTextDocumentParams.self, body))
            case "textDocument/didChange": didChange(try params(DidChangeTextDocumentParams.self, body))
            case "textDocument/didClose": didClose(try params(DidCloseTextDocumentParams.self, body))
            case "workspace/didChangeConfiguration":
                let p = try params(DidChangeConfigurationParams.self, body)
                let before = configuration
                for problem in configuration.apply(p.settings) { log("settings: \(problem)", type: 2) }
                if configuration != before { configurationChanged() }
            case "$/cancelRequest":
                let p = try params(CancelParams.self, body)
                cancelRequest(p.id)
            default: break // unknown notifications ($/setTrace, didSave, …) are ignored
            }
        } catch {
            log("ignored malformed '\(method)' notification: \(error)", type: 2)
            // A change that could not be applied leaves the server's copy unlike the editor's:
            // every later range would point at other characters, and a quick fix would corrupt
            // the text. The document is dropped until the editor opens it again.
            if method == "textDocument/didChange",
               let uri = (try? JSONDecoder().decode(ParamsEnvelope<DocumentIdentifierOnly>.self, from: body))?.params.textDocument.uri,
               documents[uri] != nil {
                lostTrack(of: uri, because: "a change to it could not be read (\(error))")
            }
        }
    }

    /// The `textDocument.uri` of a notification's params, read when the rest cannot be.
    struct DocumentIdentifierOnly: Decodable {
        struct Identifier: Decodable { var uri: DocumentURI }
        var textDocument: Identifier
    }
}
