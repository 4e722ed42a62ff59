import LanguageModels
import WritingToolsEngine

// Language models, under the names a host uses to configure one, so that front ends import
// `WritingTools` only (docs/ARCHITECTURE.md, “Modules”). See the LanguageModels module for the details.

/// A streaming language model (OpenAI-compatible endpoint, Ollama, managed llama-server).
public typealias LanguageModel = LanguageModels.LanguageModel
/// What can go wrong talking to a model.
public typealias LanguageModelError = LanguageModels.LanguageModelError
/// Which kind of model runs the tools (`builtin`, `openai`, `ollama`, `llama-server`).
public typealias ModelProvider = LanguageModels.ModelProvider
/// Model settings given on the command line.
public typealias ModelFlags = LanguageModels.ModelFlags
/// Model settings resolved from flags, environment and the configuration file.
public typealias ModelSettings = LanguageModels.ModelSettings
/// `~/.config/writing-tools/config.json`.
public typealias ModelConfigurationFile = LanguageModels.ModelConfigurationFile
/// An open model and the server behind it, if we manage one.
public typealias ModelHandle = LanguageModels.ModelHandle
/// Connect, first-token and total timeouts.
public typealias ModelTimeouts = LanguageModels.ModelTimeouts
/// One chat message.
public typealias ChatMessage = LanguageModels.ChatMessage
/// A conversation and sampling settings.
public typealias GenerationRequest = LanguageModels.GenerationRequest
/// An OpenAI-compatible chat completions client.
public typealias OpenAICompatibleModel = LanguageModels.OpenAICompatibleModel
/// An Ollama client.
public typealias OllamaModel = LanguageModels.OllamaModel
/// A llama-server we start for a GGUF file.
public typealias LlamaServer = LanguageModels.LlamaServer
/// The engine that runs every tool on a language model, with the output contract.
public typealias LanguageModelToolEngine = WritingToolsEngine.LanguageModelToolEngine
/// The checks a model's answer passes before it is used.
public typealias OutputContract = WritingToolsEngine.OutputContract
/// A task executor with threads of its own, for a host's model runs that must not wait for
/// Swift's shared cooperative pool (`writing-tools serve`'s deferred work).
public typealias OwnThreadsExecutor = LanguageModels.OwnThreadsExecutor
/// The executor the unstructured tasks of a model run prefer, set by its host (a task-local
/// value; nil: Swift's shared pool).
public typealias PreferredExecutor = LanguageModels.PreferredExecutor
/// Runs a blocking call on a thread of its own and awaits it.
public typealias OwnThread = LanguageModels.OwnThread
/// Threads of their own that run the jobs of one first-in-first-out queue (the queue behind
/// ``OwnThreadsExecutor``; `writing-tools serve`'s check threads).
public typealias OwnThreadsQueue<Job: Sendable> = LanguageModels.OwnThreadsQueue<Job>
