# Same commands as the README: `make test` runs every test (scripts/test.sh), `make demo`
# proofreads the sample document with the built-in engine.
.PHONY: test demo llama
test:
	./scripts/test.sh
demo:
	./scripts/demo.sh
llama:
	./scripts/setup-llama.sh
