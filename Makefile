# Same commands as the README: `make test` runs every test (scripts/test.sh), `make demo`
# proofreads the sample document with the built-in engine, `make install` installs the command.
#
# `make build` builds the command in release mode; `make install` puts the program with its resource bundle (the
# built-in rule files, which it finds beside the executable) and the web pages' bundle in $(PREFIX)/lib/writing-tools,
# and a symbolic link to it in $(PREFIX)/bin. PREFIX defaults to /usr/local; DESTDIR stages.
PREFIX ?= /usr/local
# CONFIGURATION=debug builds and installs the debug build (the tests do, to skip a release build);
# SWIFT_FLAGS adds flags to swift build. The release build links the Swift runtime and Foundation statically
# (--static-swift-stdlib): no dynamic linking of them at start-up (a fifth of a short check's cold run,
# Benchmarks/README-books.md), and the program runs without the toolchain's libraries.
CONFIGURATION ?= release
STATIC_FLAGS = $(if $(filter release,$(CONFIGURATION)),--static-swift-stdlib,)
LIBDIR = $(DESTDIR)$(PREFIX)/lib/writing-tools
BINDIR = $(DESTDIR)$(PREFIX)/bin
BUNDLE = swift-writing-tools_Proofreading.resources
# The browser library and its pages (writing-tools serve's `/`), found beside the executable too.
WEB_BUNDLE = swift-writing-tools_WritingToolsHTTP.resources
.PHONY: test demo llama build install uninstall
test:
	./scripts/test.sh
demo:
	./scripts/demo.sh
llama:
	./scripts/setup-llama.sh
build:
	swift build -c $(CONFIGURATION) --product writing-tools $(STATIC_FLAGS) $(SWIFT_FLAGS)
install:
	@test -x .build/$(CONFIGURATION)/writing-tools || { echo "make install: no .build/$(CONFIGURATION)/writing-tools: run 'make build' first" >&2; exit 2; }
	install -d "$(LIBDIR)" "$(BINDIR)"
	install -m 755 .build/$(CONFIGURATION)/writing-tools "$(LIBDIR)/writing-tools"
	rm -rf "$(LIBDIR)/$(BUNDLE)"
	cp -R ".build/$(CONFIGURATION)/$(BUNDLE)" "$(LIBDIR)/"
	rm -rf "$(LIBDIR)/$(WEB_BUNDLE)"
	cp -R ".build/$(CONFIGURATION)/$(WEB_BUNDLE)" "$(LIBDIR)/"
	ln -sfn ../lib/writing-tools/writing-tools "$(BINDIR)/writing-tools"
uninstall:
	rm -f "$(BINDIR)/writing-tools"
	rm -rf "$(LIBDIR)"
