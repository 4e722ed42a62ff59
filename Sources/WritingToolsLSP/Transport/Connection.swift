import Foundation

/// Connects a byte stream to a ``LanguageServer``: frames incoming bytes, hands the messages to
/// the server in order, and recovers from bad framing (see ``MessageFramer``).
public actor LanguageServerConnection {
    /// The server.
    public nonisolated let server: LanguageServer
    private var framer: MessageFramer
    /// Runs on its server's thread (``LanguageServer/messageThread``): handing a message over
    /// waits for no other thread.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { server.unownedExecutor }

    /// Creates a connection and its server, which writes to `sink`.
    public init(sink: any MessageSink, options: ServerOptions = ServerOptions()) {
        server = LanguageServer(sink: sink, options: options)
        framer = MessageFramer(maximumMessageLength: options.maximumMessageLength)
    }

    /// Feeds every chunk of `input` in order (``receive(_:)``) until it finishes, on the
    /// server's thread.
    public func serve(_ input: AsyncStream<Data>) async {
        for await chunk in input { await receive(chunk) }
    }

    /// Feeds bytes as they arrive from the client (any split: part of a message, several messages).
    public func receive(_ bytes: Data) async {
        framer.append(bytes)
        while let event = framer.nextEvent() {
            if case let .message(body) = event {
                let ok = await server.handle(body)
                // A wrong Content-Length swallows the next message: read it again.
                if !ok { framer.resynchronize(after: body) }
            } else {
                await server.handleFramingEvent(event)
            }
        }
    }
}
