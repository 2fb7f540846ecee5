# mos: build, run and check. The two commands to know: `make run`, `make test`.
GO ?= go
NPM ?= npm

# golangci-lint is pinned in its own tools module (scripts/tools/go.mod) so its
# dependencies stay out of the service's go.mod; the binary is cached in bin/
# under its version (the first build takes a few minutes).
GOLANGCI_LINT_VERSION := $(shell sed -n 's|^[[:space:]]*github.com/golangci/golangci-lint/v2 \(v[^ ]*\).*|\1|p' scripts/tools/go.mod)
GOLANGCI_LINT := bin/golangci-lint-$(GOLANGCI_LINT_VERSION)

# Spectral (OpenAPI lint) is pinned in scripts/node/package-lock.json.
NODE_DIR := scripts/node
NODE_STAMP := $(NODE_DIR)/node_modules/.package-lock.json
SPECTRAL := $(NODE_DIR)/node_modules/.bin/spectral
SPECTRAL_FLAGS ?= --display-only-failures

.DEFAULT_GOAL := help

.PHONY: help
help: ## list the targets
	@grep -E '^[a-zA-Z_ -]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | expand -t 18

.PHONY: run
run: ## start local PostgreSQL, migrate, create a demo tenant/token, serve on MOS_ADDR
	GO="$(GO)" scripts/run.sh

.PHONY: build
build: ## build bin/mos
	$(GO) build -o bin/mos ./cmd/mos

.PHONY: generate
generate: ## regenerate gen/ from openapi/
	$(GO) generate ./gen/...

.PHONY: check-generated
check-generated: ## fail if gen/ differs from what `make generate` produces
	GO="$(GO)" scripts/check-generated.sh

.PHONY: vet
vet: ## go vet
	$(GO) vet ./...

.PHONY: lint
lint: $(GOLANGCI_LINT) ## golangci-lint (config: .golangci.yml)
	$(GOLANGCI_LINT) run ./...

$(GOLANGCI_LINT): | scripts/tools/go.mod
	@test -n "$(GOLANGCI_LINT_VERSION)" || { echo "golangci-lint version not found in scripts/tools/go.mod" >&2; exit 1; }
	@mkdir -p bin
	@echo "building golangci-lint $(GOLANGCI_LINT_VERSION) (first time only; takes a few minutes)" >&2
	cd scripts/tools && $(GO) build -trimpath -o "$(CURDIR)/$@.tmp" github.com/golangci/golangci-lint/v2/cmd/golangci-lint
	mv "$@.tmp" "$@"

.PHONY: spec-lint
spec-lint: $(NODE_STAMP) ## Spectral lint of openapi/v1.yaml (ruleset: openapi/.spectral.yaml)
	$(SPECTRAL) lint openapi/v1.yaml --ruleset openapi/.spectral.yaml --fail-severity=error $(SPECTRAL_FLAGS)

$(NODE_STAMP): $(NODE_DIR)/package.json $(NODE_DIR)/package-lock.json
	$(NPM) ci --prefix $(NODE_DIR) --no-audit --no-fund --ignore-scripts
	touch $@

.PHONY: unit test-go
unit test-go: ## go test -race ./... against a throwaway PostgreSQL
	scripts/with-throwaway-pg.sh $(GO) test -race -count=1 ./...

.PHONY: test
test: ## the full check (CI): check-generated, vet, lint, spec-lint, go test
	GO="$(GO)" MAKE="$(MAKE)" scripts/test.sh

.PHONY: bench
bench: ## benchmarks against a throwaway PostgreSQL
	scripts/with-throwaway-pg.sh $(GO) test -run '^$$' -bench . -benchmem ./...

.PHONY: clean
clean: ## stop the local PostgreSQL and remove bin/ (keeps .data/)
	-scripts/pg.sh stop-local
	rm -rf bin
