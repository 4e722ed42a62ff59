// The OpenAPI 3.1 description of every endpoint; `OpenAPITests` keeps it true (each route
// documented, each example answered with the documented status and required fields).
// Edit it here, not in a generated copy.

/// `/openapi.json`.
enum OpenAPI {
    /// The document, UTF-8 JSON.
    static let document: [UInt8] = Array(text.utf8)

    /// The document as text.
    static let text = #"""
{
 "openapi": "3.1.0",
 "info": {
  "title": "writing-tools serve",
  "version": "1",
  "description": "The Writing Tools over HTTP (under /api/) and LanguageTool's API (under /v2/). JSON in and out; every index is a UTF-16 code unit (a JavaScript string index), zero-based, end exclusive. See docs/http-api.md."
 },
 "servers": [
  {
   "url": "http://127.0.0.1:8081"
  }
 ],
 "components": {
  "schemas": {
   "Range": {
    "type": "object",
    "required": [
     "start",
     "end"
    ],
    "description": "A UTF-16 range: code unit indices (JavaScript string indices), zero-based, end exclusive",
    "properties": {
     "start": {
      "type": "integer",
      "minimum": 0
     },
     "end": {
      "type": "integer",
      "minimum": 0
     }
    }
   },
   "Error": {
    "type": "object",
    "required": [
     "error"
    ],
    "properties": {
     "error": {
      "type": "object",
      "required": [
       "code",
       "message"
      ],
      "properties": {
       "code": {
        "type": "string"
       },
       "message": {
        "type": "string"
       }
      }
     }
    }
   },
   "ToolList": {
    "type": "object",
    "required": [
     "tools",
     "engines",
     "defaultEngine",
     "maxTextLength",
     "offsets"
    ],
    "properties": {
     "tools": {
      "type": "array",
      "items": {
       "type": "string"
      }
     },
     "engines": {
      "type": "array",
      "items": {
       "type": "string"
      }
     },
     "defaultEngine": {
      "type": "string"
     },
     "model": {
      "type": [
       "string",
       "null"
      ]
     },
     "maxTextLength": {
      "type": "integer"
     },
     "offsets": {
      "type": "string",
      "const": "utf-16"
     }
    }
   },
   "ToolRequest": {
    "type": "object",
    "required": [
     "text"
    ],
    "properties": {
     "text": {
      "type": "string",
      "description": "The text (at most maxTextLength UTF-16 code units)"
     },
     "range": {
      "$ref": "#/components/schemas/Range",
      "description": "The part to work on (default: all)"
     },
     "protectedRanges": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/Range"
      },
      "description": "Ranges no tool may change (byte-identical in every result); the markup's code, links… are protected too"
     },
     "markup": {
      "type": "string",
      "enum": [
       "auto",
       "plain",
       "markdown",
       "latex",
       "restructuredText",
       "rst"
      ],
      "default": "auto",
      "description": "How to read the text; auto (the default) reads it as Markdown when it has a code fence, an ATX heading, inline code, a link or a table, else as plain text"
     },
     "language": {
      "type": "string",
      "default": "en-US",
      "description": "BCP 47 tag"
     },
     "expectedInputLanguages": {
      "type": "array",
      "items": {
       "type": "string"
      },
      "description": "Chrome's name; the first is the language when 'language' is absent"
     },
     "resultOptions": {
      "type": "array",
      "items": {
       "type": "string",
       "enum": [
        "plainText",
        "richText",
        "list",
        "table",
        "presentationIntent"
       ]
      },
      "description": "What the caller accepts (Apple's result options); default plainText (Markdown input: plainText, richText, list, table)"
     },
     "engine": {
      "type": "string",
      "enum": [
       "auto",
       "builtin",
       "model"
      ],
      "default": "auto",
      "description": "auto: the configured model if there is one, else the built-in engine"
     },
     "stream": {
      "type": "boolean",
      "default": false,
      "description": "Answer as Server-Sent Events (also with Accept: text/event-stream)"
     },
     "instruction": {
      "type": "string",
      "description": "For describe: what to change"
     },
     "length": {
      "type": "string",
      "enum": [
       "short",
       "medium",
       "long"
      ],
      "default": "medium",
      "description": "For summary and key-points: how long (the Summarizer's length), for the built-in engine and a model alike"
     }
    }
   },
   "SessionRequest": {
    "type": "object",
    "required": [
     "tool",
     "text"
    ],
    "properties": {
     "text": {
      "type": "string",
      "description": "The text (at most maxTextLength UTF-16 code units)"
     },
     "range": {
      "$ref": "#/components/schemas/Range",
      "description": "The part to work on (default: all)"
     },
     "protectedRanges": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/Range"
      },
      "description": "Ranges no tool may change (byte-identical in every result); the markup's code, links… are protected too"
     },
     "markup": {
      "type": "string",
      "enum": [
       "auto",
       "plain",
       "markdown",
       "latex",
       "restructuredText",
       "rst"
      ],
      "default": "auto",
      "description": "How to read the text; auto (the default) reads it as Markdown when it has a code fence, an ATX heading, inline code, a link or a table, else as plain text"
     },
     "language": {
      "type": "string",
      "default": "en-US",
      "description": "BCP 47 tag"
     },
     "expectedInputLanguages": {
      "type": "array",
      "items": {
       "type": "string"
      },
      "description": "Chrome's name; the first is the language when 'language' is absent"
     },
     "resultOptions": {
      "type": "array",
      "items": {
       "type": "string",
       "enum": [
        "plainText",
        "richText",
        "list",
        "table",
        "presentationIntent"
       ]
      },
      "description": "What the caller accepts (Apple's result options); default plainText (Markdown input: plainText, richText, list, table)"
     },
     "engine": {
      "type": "string",
      "enum": [
       "auto",
       "builtin",
       "model"
      ],
      "default": "auto",
      "description": "auto: the configured model if there is one, else the built-in engine"
     },
     "stream": {
      "type": "boolean",
      "default": false,
      "description": "Answer as Server-Sent Events (also with Accept: text/event-stream)"
     },
     "tool": {
      "type": "string",
      "enum": [
       "proofread",
       "rewrite",
       "friendly",
       "professional",
       "concise",
       "summary",
       "key-points",
       "list",
       "table",
       "describe"
      ]
     },
     "instruction": {
      "type": "string"
     },
     "length": {
      "type": "string",
      "enum": [
       "short",
       "medium",
       "long"
      ],
      "default": "medium",
      "description": "For summary and key-points: how long (the Summarizer's length)"
     }
    }
   },
   "RewriteRequest": {
    "type": "object",
    "required": [
     "text"
    ],
    "properties": {
     "text": {
      "type": "string",
      "description": "The text (at most maxTextLength UTF-16 code units)"
     },
     "range": {
      "$ref": "#/components/schemas/Range",
      "description": "The part to work on (default: all)"
     },
     "protectedRanges": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/Range"
      },
      "description": "Ranges no tool may change (byte-identical in every result); the markup's code, links… are protected too"
     },
     "markup": {
      "type": "string",
      "enum": [
       "auto",
       "plain",
       "markdown",
       "latex",
       "restructuredText",
       "rst"
      ],
      "default": "auto",
      "description": "How to read the text; auto (the default) reads it as Markdown when it has a code fence, an ATX heading, inline code, a link or a table, else as plain text"
     },
     "language": {
      "type": "string",
      "default": "en-US",
      "description": "BCP 47 tag"
     },
     "expectedInputLanguages": {
      "type": "array",
      "items": {
       "type": "string"
      },
      "description": "Chrome's name; the first is the language when 'language' is absent"
     },
     "resultOptions": {
      "type": "array",
      "items": {
       "type": "string",
       "enum": [
        "plainText",
        "richText",
        "list",
        "table",
        "presentationIntent"
       ]
      },
      "description": "What the caller accepts (Apple's result options); default plainText (Markdown input: plainText, richText, list, table)"
     },
     "engine": {
      "type": "string",
      "enum": [
       "auto",
       "builtin",
       "model"
      ],
      "default": "auto",
      "description": "auto: the configured model if there is one, else the built-in engine"
     },
     "stream": {
      "type": "boolean",
      "default": false,
      "description": "Answer as Server-Sent Events (also with Accept: text/event-stream)"
     },
     "tone": {
      "type": "string",
      "enum": [
       "as-is",
       "more-formal",
       "more-casual"
      ],
      "default": "as-is"
     },
     "length": {
      "type": "string",
      "enum": [
       "as-is",
       "shorter",
       "longer"
      ],
      "default": "as-is"
     },
     "format": {
      "type": "string",
      "enum": [
       "as-is",
       "plain-text",
       "markdown"
      ],
      "default": "as-is"
     }
    }
   },
   "SummarizeRequest": {
    "type": "object",
    "required": [
     "text"
    ],
    "properties": {
     "text": {
      "type": "string",
      "description": "The text (at most maxTextLength UTF-16 code units)"
     },
     "range": {
      "$ref": "#/components/schemas/Range",
      "description": "The part to work on (default: all)"
     },
     "protectedRanges": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/Range"
      },
      "description": "Ranges no tool may change (byte-identical in every result); the markup's code, links… are protected too"
     },
     "markup": {
      "type": "string",
      "enum": [
       "auto",
       "plain",
       "markdown",
       "latex",
       "restructuredText",
       "rst"
      ],
      "default": "auto",
      "description": "How to read the text; auto (the default) reads it as Markdown when it has a code fence, an ATX heading, inline code, a link or a table, else as plain text"
     },
     "language": {
      "type": "string",
      "default": "en-US",
      "description": "BCP 47 tag"
     },
     "expectedInputLanguages": {
      "type": "array",
      "items": {
       "type": "string"
      },
      "description": "Chrome's name; the first is the language when 'language' is absent"
     },
     "resultOptions": {
      "type": "array",
      "items": {
       "type": "string",
       "enum": [
        "plainText",
        "richText",
        "list",
        "table",
        "presentationIntent"
       ]
      },
      "description": "What the caller accepts (Apple's result options); default plainText (Markdown input: plainText, richText, list, table)"
     },
     "engine": {
      "type": "string",
      "enum": [
       "auto",
       "builtin",
       "model"
      ],
      "default": "auto",
      "description": "auto: the configured model if there is one, else the built-in engine"
     },
     "stream": {
      "type": "boolean",
      "default": false,
      "description": "Answer as Server-Sent Events (also with Accept: text/event-stream)"
     },
     "type": {
      "type": "string",
      "enum": [
       "tldr",
       "key-points",
       "teaser",
       "headline"
      ],
      "default": "key-points",
      "description": "With the built-in engine and length short, medium or long: tldr and teaser have 1, 3 or 5 sentences, key-points 3, 5 or 7 points, a headline one sentence of about 12, 17 or 22 words"
     },
     "length": {
      "type": "string",
      "enum": [
       "short",
       "medium",
       "long"
      ],
      "default": "short"
     },
     "format": {
      "type": "string",
      "enum": [
       "plain-text",
       "markdown"
      ],
      "default": "markdown"
     }
    }
   },
   "SessionActionRequest": {
    "type": "object",
    "properties": {
     "instruction": {
      "type": "string",
      "description": "refine: what to change"
     },
     "accept": {
      "type": "boolean",
      "default": true,
      "description": "finish: keep the result (true) or restore the original (false)"
     },
     "start": {
      "type": "integer",
      "description": "edit: start of the UTF-16 range of the session's text the host replaced"
     },
     "end": {
      "type": "integer",
      "description": "edit: end (exclusive) of that range"
     },
     "text": {
      "type": "string",
      "description": "edit: what the host put there (\"\" for a deletion)"
     },
     "stream": {
      "type": "boolean",
      "default": false,
      "description": "rewrite-again, refine: answer as Server-Sent Events (chunk events, then result with the session; also with Accept: text/event-stream)"
     }
    }
   },
   "Edit": {
    "type": "object",
    "required": [
     "id",
     "startIndex",
     "endIndex",
     "original",
     "correction",
     "types",
     "explanation",
     "ruleId"
    ],
    "properties": {
     "id": {
      "type": "integer"
     },
     "startIndex": {
      "type": "integer",
      "description": "UTF-16 index in the input"
     },
     "endIndex": {
      "type": "integer"
     },
     "original": {
      "type": "string"
     },
     "correction": {
      "type": "string"
     },
     "types": {
      "type": "array",
      "items": {
       "type": "string",
       "enum": [
        "spelling",
        "punctuation",
        "capitalization",
        "grammar",
        "style",
        "rewrite"
       ]
      }
     },
     "explanation": {
      "type": "string"
     },
     "ruleId": {
      "type": "string"
     }
    }
   },
   "Correction": {
    "type": "object",
    "required": [
     "startIndex",
     "endIndex",
     "correction",
     "types",
     "explanation"
    ],
    "properties": {
     "startIndex": {
      "type": "integer",
      "description": "UTF-16 index in the input"
     },
     "endIndex": {
      "type": "integer"
     },
     "correction": {
      "type": "string"
     },
     "types": {
      "type": "array",
      "items": {
       "type": "string"
      }
     },
     "explanation": {
      "type": "string"
     },
     "ruleId": {
      "type": "string"
     }
    }
   },
   "ProofreadResult": {
    "type": "object",
    "required": [
     "correctedInput",
     "corrections",
     "engine",
     "notices"
    ],
    "properties": {
     "correctedInput": {
      "type": "string"
     },
     "corrections": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/Correction"
      }
     },
     "engine": {
      "type": "string"
     },
     "notices": {
      "type": "array",
      "items": {
       "type": "string"
      }
     }
    }
   },
   "RewriteResult": {
    "type": "object",
    "required": [
     "output",
     "tool",
     "edits",
     "engine",
     "notices"
    ],
    "properties": {
     "output": {
      "type": "string",
      "description": "The new text of the range"
     },
     "tool": {
      "type": "string"
     },
     "edits": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/Edit"
      }
     },
     "engine": {
      "type": "string"
     },
     "notices": {
      "type": "array",
      "items": {
       "type": "string"
      }
     }
    }
   },
   "SummarizeResult": {
    "type": "object",
    "required": [
     "output",
     "tool",
     "type",
     "note",
     "engine",
     "notices"
    ],
    "properties": {
     "output": {
      "type": "string"
     },
     "tool": {
      "type": "string"
     },
     "type": {
      "type": "string"
     },
     "note": {
      "type": [
       "string",
       "null"
      ]
     },
     "engine": {
      "type": "string"
     },
     "notices": {
      "type": "array",
      "items": {
       "type": "string"
      }
     }
    }
   },
   "Result": {
    "type": "object",
    "required": [
     "kind",
     "text",
     "note"
    ],
    "properties": {
     "kind": {
      "type": "string",
      "enum": [
       "summary",
       "keyPoints",
       "list",
       "table",
       "text"
      ]
     },
     "text": {
      "type": "string"
     },
     "note": {
      "type": [
       "string",
       "null"
      ]
     }
    }
   },
   "ToolResponse": {
    "type": "object",
    "required": [
     "tool",
     "engine",
     "text",
     "output",
     "changed",
     "result",
     "edits",
     "notices"
    ],
    "properties": {
     "tool": {
      "type": "string"
     },
     "engine": {
      "type": "string",
      "enum": [
       "builtin",
       "model"
      ]
     },
     "text": {
      "type": "string",
      "description": "The whole text after the tool (unchanged for summary, key-points, list, table)"
     },
     "output": {
      "type": "string",
      "description": "The new text of the range, or the result's text"
     },
     "changed": {
      "type": "boolean"
     },
     "result": {
      "oneOf": [
       {
        "$ref": "#/components/schemas/Result"
       },
       {
        "type": "null"
       }
      ]
     },
     "edits": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/Edit"
      }
     },
     "notices": {
      "type": "array",
      "items": {
       "type": "string"
      }
     }
    }
   },
   "Suggestion": {
    "type": "object",
    "required": [
     "id",
     "startIndex",
     "endIndex",
     "original",
     "replacement",
     "explanation",
     "ruleId",
     "types",
     "state",
     "applied",
     "originalStartIndex",
     "originalEndIndex"
    ],
    "properties": {
     "id": {
      "type": "integer"
     },
     "startIndex": {
      "type": "integer",
      "description": "UTF-16 index in the session's current text"
     },
     "endIndex": {
      "type": "integer"
     },
     "original": {
      "type": "string"
     },
     "replacement": {
      "type": "string"
     },
     "explanation": {
      "type": "string"
     },
     "ruleId": {
      "type": "string"
     },
     "types": {
      "type": "array",
      "items": {
       "type": "string"
      }
     },
     "state": {
      "type": "string",
      "enum": [
       "pending",
       "accepted",
       "rejected",
       "invalid"
      ]
     },
     "applied": {
      "type": "boolean",
      "description": "True while the replacement is in the text"
     },
     "originalStartIndex": {
      "type": "integer",
      "description": "UTF-16 index in originalText"
     },
     "originalEndIndex": {
      "type": "integer"
     }
    }
   },
   "Session": {
    "type": "object",
    "required": [
     "id",
     "tool",
     "kind",
     "engine",
     "ended",
     "text",
     "originalText",
     "range",
     "shown",
     "versions",
     "suggestions",
     "result",
     "notices",
     "finalText",
     "canUndo"
    ],
    "properties": {
     "id": {
      "type": "string"
     },
     "tool": {
      "type": "string"
     },
     "kind": {
      "type": "string",
      "enum": [
       "proofreading",
       "composition",
       "result"
      ]
     },
     "engine": {
      "type": "string"
     },
     "ended": {
      "type": "boolean"
     },
     "text": {
      "type": "string",
      "description": "The text as it stands"
     },
     "originalText": {
      "type": "string"
     },
     "range": {
      "$ref": "#/components/schemas/Range"
     },
     "shown": {
      "type": [
       "string",
       "null"
      ],
      "enum": [
       "original",
       "rewritten",
       null
      ]
     },
     "versions": {
      "type": "array",
      "items": {
       "type": "string"
      },
      "description": "The range's versions: [0] original, then each rewrite or refinement"
     },
     "suggestions": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/Suggestion"
      }
     },
     "result": {
      "oneOf": [
       {
        "$ref": "#/components/schemas/Result"
       },
       {
        "type": "null"
       }
      ]
     },
     "notices": {
      "type": "array",
      "items": {
       "type": "string"
      }
     },
     "finalText": {
      "type": [
       "string",
       "null"
      ]
     },
     "canUndo": {
      "type": "boolean",
      "description": "undo has a decision to take back (none before the first, or since the host's last edit)"
     }
    }
   }
  },
  "securitySchemes": {
   "bearer": {
    "type": "http",
    "scheme": "bearer",
    "description": "Needed when the server was started with --api-key-file (always with --public)"
   }
  }
 },
 "security": [
  {},
  {
   "bearer": []
  }
 ],
 "paths": {
  "/api/tools": {
   "get": {
    "summary": "The tools, the engines (builtin, model) and the limits",
    "operationId": "listTools",
    "responses": {
     "200": {
      "description": "Tools and engines",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/ToolList"
        }
       }
      }
     },
     "401": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "403": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     }
    }
   }
  },
  "/api/proofread": {
   "post": {
    "summary": "Proofread (shaped like Chrome's Proofreader API: correctedInput and corrections)",
    "operationId": "proofread",
    "requestBody": {
     "required": true,
     "content": {
      "application/json": {
       "schema": {
        "$ref": "#/components/schemas/ToolRequest"
       },
       "example": {
        "text": "This is a example of a sentense with some erors.",
        "language": "en-US"
       }
      }
     }
    },
    "responses": {
     "200": {
      "description": "The corrected text and each correction",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/ProofreadResult"
        }
       }
      }
     },
     "400": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "401": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "403": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "413": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "422": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "502": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "503": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     }
    }
   }
  },
  "/api/rewrite": {
   "post": {
    "summary": "Rewrite (shaped like Chrome's Rewriter API: tone, length, format)",
    "operationId": "rewrite",
    "description": "tone more-formal runs Professional, more-casual Friendly, length shorter Concise; several, or longer, run Describe with an instruction (a model is needed for most). Streams as Server-Sent Events with `\"stream\": true` or `Accept: text/event-stream`.",
    "requestBody": {
     "required": true,
     "content": {
      "application/json": {
       "schema": {
        "$ref": "#/components/schemas/RewriteRequest"
       },
       "example": {
        "text": "hey, can u send me the report by friday? thx",
        "tone": "more-formal"
       }
      }
     }
    },
    "responses": {
     "200": {
      "description": "The rewritten text and its edits",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/RewriteResult"
        }
       },
       "text/event-stream": {
        "schema": {
         "type": "string"
        }
       }
      }
     },
     "400": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "401": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "403": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "413": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "422": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "502": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "503": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     }
    }
   }
  },
  "/api/summarize": {
   "post": {
    "summary": "Summarize (shaped like Chrome's Summarizer API: type, length, format)",
    "operationId": "summarize",
    "requestBody": {
     "required": true,
     "content": {
      "application/json": {
       "schema": {
        "$ref": "#/components/schemas/SummarizeRequest"
       },
       "example": {
        "text": "The committee met on Monday. It approved the budget for next year. It also postponed the vote on the new building until spring. Members asked for more detail on costs.",
        "type": "key-points",
        "length": "short"
       }
      }
     }
    },
    "responses": {
     "200": {
      "description": "The summary",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/SummarizeResult"
        }
       },
       "text/event-stream": {
        "schema": {
         "type": "string"
        }
       }
      }
     },
     "400": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "401": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "403": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "413": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "422": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "502": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "503": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     }
    }
   }
  },
  "/api/tools/{tool}": {
   "post": {
    "summary": "Run any tool: proofread, rewrite, friendly, professional, concise, summary, key-points, list, table, describe",
    "operationId": "runTool",
    "parameters": [
     {
      "name": "tool",
      "in": "path",
      "required": true,
      "schema": {
       "type": "string",
       "enum": [
        "proofread",
        "rewrite",
        "friendly",
        "professional",
        "concise",
        "summary",
        "key-points",
        "list",
        "table",
        "describe"
       ]
      },
      "example": "concise"
     }
    ],
    "requestBody": {
     "required": true,
     "content": {
      "application/json": {
       "schema": {
        "$ref": "#/components/schemas/ToolRequest"
       },
       "example": {
        "text": "In order to make a decision, we need to actually look at the data first.",
        "protectedRanges": [
         {
          "start": 0,
          "end": 2
         }
        ]
       }
      }
     }
    },
    "responses": {
     "200": {
      "description": "The text after the tool, the result, the edits",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/ToolResponse"
        }
       },
       "text/event-stream": {
        "schema": {
         "type": "string"
        }
       }
      }
     },
     "400": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "401": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "403": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "404": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "413": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "422": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "502": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "503": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     }
    }
   }
  },
  "/api/sessions": {
   "post": {
    "summary": "Start a reviewable session (the coordinator's semantics) on a text",
    "operationId": "createSession",
    "requestBody": {
     "required": true,
     "content": {
      "application/json": {
       "schema": {
        "$ref": "#/components/schemas/SessionRequest"
       },
       "example": {
        "tool": "proofread",
        "text": "This is a example of a sentense with some erors."
       }
      }
     }
    },
    "responses": {
     "201": {
      "description": "The session, its suggestions or the rewrite's edits applied",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Session"
        }
       }
      }
     },
     "400": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "401": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "403": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "404": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "413": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "422": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "502": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "503": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "200": {
      "description": "With \"stream\": true: Server-Sent Events, the session in the result event",
      "content": {
       "text/event-stream": {
        "schema": {
         "type": "string"
        }
       }
      }
     }
    }
   }
  },
  "/api/sessions/{id}": {
   "get": {
    "summary": "The session as it stands",
    "operationId": "getSession",
    "parameters": [
     {
      "name": "id",
      "in": "path",
      "required": true,
      "schema": {
       "type": "string"
      }
     }
    ],
    "responses": {
     "200": {
      "description": "The session",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Session"
        }
       }
      }
     },
     "401": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "403": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "404": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     }
    }
   },
   "delete": {
    "summary": "Forget the session",
    "operationId": "deleteSession",
    "parameters": [
     {
      "name": "id",
      "in": "path",
      "required": true,
      "schema": {
       "type": "string"
      }
     }
    ],
    "responses": {
     "204": {
      "description": "Deleted"
     },
     "401": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "403": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "404": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     }
    }
   }
  },
  "/api/sessions/{id}/suggestions/{n}/{action}": {
   "post": {
    "summary": "Accept, reject (the original text comes back) or revert (the decision taken back) one suggestion or edit",
    "operationId": "decideSuggestion",
    "parameters": [
     {
      "name": "id",
      "in": "path",
      "required": true,
      "schema": {
       "type": "string"
      }
     },
     {
      "name": "n",
      "in": "path",
      "required": true,
      "schema": {
       "type": "integer",
       "minimum": 0
      },
      "example": 0
     },
     {
      "name": "action",
      "in": "path",
      "required": true,
      "schema": {
       "type": "string",
       "enum": [
        "accept",
        "reject",
        "revert"
       ]
      },
      "example": "reject"
     }
    ],
    "responses": {
     "200": {
      "description": "The session after the decision",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Session"
        }
       }
      }
     },
     "400": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "401": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "403": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "404": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "409": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     }
    }
   }
  },
  "/api/sessions/{id}/{action}": {
   "post": {
    "summary": "accept-all, undo (the last decision), edit ({\"start\",\"end\",\"text\"}: the host changed the text), show-original, show-rewritten, rewrite-again, refine ({\"instruction\"}), finish ({\"accept\": true|false})",
    "operationId": "sessionAction",
    "parameters": [
     {
      "name": "id",
      "in": "path",
      "required": true,
      "schema": {
       "type": "string"
      }
     },
     {
      "name": "action",
      "in": "path",
      "required": true,
      "schema": {
       "type": "string",
       "enum": [
        "accept-all",
        "undo",
        "edit",
        "show-original",
        "show-rewritten",
        "rewrite-again",
        "refine",
        "finish"
       ]
      },
      "example": "finish"
     }
    ],
    "requestBody": {
     "required": false,
     "content": {
      "application/json": {
       "schema": {
        "$ref": "#/components/schemas/SessionActionRequest"
       },
       "example": {
        "accept": true
       }
      }
     }
    },
    "responses": {
     "200": {
      "description": "The session after the action (finish: ended, finalText set)",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Session"
        }
       },
       "text/event-stream": {
        "schema": {
         "type": "string"
        }
       }
      }
     },
     "400": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "401": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "403": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "404": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "409": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "422": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "502": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "503": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     }
    }
   }
  },
  "/openapi.json": {
   "get": {
    "summary": "This document",
    "operationId": "openapi",
    "responses": {
     "200": {
      "description": "OpenAPI 3.1",
      "content": {
       "application/json": {
        "schema": {
         "type": "object"
        }
       }
      }
     }
    }
   }
  },
  "/metrics": {
   "get": {
    "summary": "Prometheus metrics: requests, latencies, queue depth, model calls, sessions",
    "operationId": "metrics",
    "responses": {
     "200": {
      "description": "Prometheus text format 0.0.4",
      "content": {
       "text/plain": {
        "schema": {
         "type": "string"
        }
       }
      }
     },
     "401": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     },
     "403": {
      "description": "An error: `{\"error\":{\"code\",\"message\"}}`",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Error"
        }
       }
      }
     }
    }
   }
  },
  "/v2/check": {
   "get": {
    "summary": "Check a text (query parameters text or data, language, …)",
    "description": "LanguageTool's HTTP API v2 (see https://languagetool.org/http-api/); errors are plain text `Error: …`",
    "operationId": "ltCheckGet",
    "responses": {
     "200": {
      "description": "As LanguageTool answers",
      "content": {
       "application/json": {
        "schema": {
         "type": "object"
        }
       }
      }
     }
    }
   },
   "post": {
    "summary": "Check a text (form parameters text or data, language, …)",
    "description": "LanguageTool's HTTP API v2 (see https://languagetool.org/http-api/); errors are plain text `Error: …`",
    "operationId": "ltCheck",
    "responses": {
     "200": {
      "description": "As LanguageTool answers",
      "content": {
       "application/json": {
        "schema": {
         "type": "object"
        }
       }
      }
     }
    }
   }
  },
  "/v2/languages": {
   "get": {
    "summary": "Languages",
    "description": "LanguageTool's HTTP API v2 (see https://languagetool.org/http-api/); errors are plain text `Error: …`",
    "operationId": "ltLanguages",
    "responses": {
     "200": {
      "description": "As LanguageTool answers",
      "content": {
       "application/json": {
        "schema": {
         "type": "object"
        }
       }
      }
     }
    }
   }
  },
  "/v2/info": {
   "get": {
    "summary": "Server name and version",
    "description": "LanguageTool's HTTP API v2 (see https://languagetool.org/http-api/); errors are plain text `Error: …`",
    "operationId": "ltInfo",
    "responses": {
     "200": {
      "description": "As LanguageTool answers",
      "content": {
       "application/json": {
        "schema": {
         "type": "object"
        }
       }
      }
     }
    }
   }
  },
  "/v2/healthcheck": {
   "get": {
    "summary": "OK, or 503 while the server is full (for load balancers)",
    "description": "LanguageTool's HTTP API v2 (see https://languagetool.org/http-api/); errors are plain text `Error: …`",
    "operationId": "ltHealth",
    "responses": {
     "200": {
      "description": "As LanguageTool answers",
      "content": {
       "text/plain": {
        "schema": {
         "type": "string"
        }
       }
      }
     }
    }
   }
  },
  "/v2/maxtextlength": {
   "get": {
    "summary": "The longest text, UTF-16 units",
    "description": "LanguageTool's HTTP API v2 (see https://languagetool.org/http-api/); errors are plain text `Error: …`",
    "operationId": "ltMaxText",
    "responses": {
     "200": {
      "description": "As LanguageTool answers",
      "content": {
       "text/plain": {
        "schema": {
         "type": "string"
        }
       }
      }
     }
    }
   }
  },
  "/v2/configinfo": {
   "get": {
    "summary": "Rules of a language",
    "description": "LanguageTool's HTTP API v2 (see https://languagetool.org/http-api/); errors are plain text `Error: …`",
    "operationId": "ltConfigInfo",
    "responses": {
     "200": {
      "description": "As LanguageTool answers",
      "content": {
       "application/json": {
        "schema": {
         "type": "object"
        }
       }
      }
     }
    }
   }
  },
  "/v2/words": {
   "get": {
    "summary": "The user dictionary's words",
    "description": "LanguageTool's HTTP API v2 (see https://languagetool.org/http-api/); errors are plain text `Error: …`",
    "operationId": "ltWords",
    "responses": {
     "200": {
      "description": "As LanguageTool answers",
      "content": {
       "application/json": {
        "schema": {
         "type": "object"
        }
       }
      }
     }
    }
   }
  },
  "/v2/words/add": {
   "post": {
    "summary": "Add a word to the user dictionary",
    "description": "LanguageTool's HTTP API v2 (see https://languagetool.org/http-api/); errors are plain text `Error: …`",
    "operationId": "ltWordsAdd",
    "responses": {
     "200": {
      "description": "As LanguageTool answers",
      "content": {
       "application/json": {
        "schema": {
         "type": "object"
        }
       }
      }
     }
    }
   }
  },
  "/v2/words/delete": {
   "post": {
    "summary": "Delete a word from the user dictionary",
    "description": "LanguageTool's HTTP API v2 (see https://languagetool.org/http-api/); errors are plain text `Error: …`",
    "operationId": "ltWordsDelete",
    "responses": {
     "200": {
      "description": "As LanguageTool answers",
      "content": {
       "application/json": {
        "schema": {
         "type": "object"
        }
       }
      }
     }
    }
   }
  }
 }
}
"""#
}
