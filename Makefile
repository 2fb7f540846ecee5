# mos: build, run and check. The two commands to know: `make run`, `make test`.
GO ?= go
NPM ?= npm

# golangci-lint is pinned in its own tools module (scripts/tools/go.mod) so its
# dependencies stay out of the service's go.mod; the binary is cached in bin/
# under its version (the first build takes a few minutes).
GOLANGCI_LINT_VERSION := $(shell sed -n 's|^[[:space:]]*github.com/golangci/golangci-lint/v2 \(v[^ ]*\).*|\1|p' scripts/tools/go.mod)
GOLANGCI_LINT := bin/golangci-lint-$(GOLANGCI_LINT_VERSION)

# oasdiff (API changelog and breaking changes) has a tools module of its own,
# scripts/tools/oasdiff/go.mod: in scripts/tools/go.mod it and golangci-lint
# would move each other's dependencies. Cached in bin/ under its version too.
OASDIFF_VERSION := $(shell sed -n 's|^[[:space:]]*github.com/oasdiff/oasdiff \(v[^ ]*\).*|\1|p' scripts/tools/oasdiff/go.mod)
OASDIFF := bin/oasdiff-$(OASDIFF_VERSION)

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
check-generated: ## fail if gen/ differs from what `make generate` produces or generating prints warnings
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

# Swagger UI for /docs: the files are vendored in internal/contract/swaggerui/ from the
# swagger-ui-dist version pinned in scripts/node/package.json (bump it there, then run this).
.PHONY: docs-assets
docs-assets: $(NODE_STAMP) ## re-copy the Swagger UI files served at /docs from the pinned npm package
	scripts/check-docs-assets.sh --update

.PHONY: check-docs-assets
check-docs-assets: $(NODE_STAMP) ## fail if internal/contract/swaggerui/ differs from the pinned swagger-ui-dist
	scripts/check-docs-assets.sh

.PHONY: spec-diff
spec-diff: $(OASDIFF) ## API changelog + breaking changes of openapi/v1.yaml since BASE (default HEAD~1)
	OASDIFF="$(OASDIFF)" scripts/spec-diff.sh "$(BASE)"

.PHONY: check-breaking
check-breaking: $(OASDIFF) ## fail on breaking spec changes not recorded under "Breaking" in openapi/CHANGELOG.md (BASE=ref: since that commit)
	OASDIFF="$(OASDIFF)" BREAKING_BASE="$(BASE)" scripts/check-breaking.sh

$(OASDIFF): | scripts/tools/oasdiff/go.mod
	@test -n "$(OASDIFF_VERSION)" || { echo "oasdiff version not found in scripts/tools/oasdiff/go.mod" >&2; exit 1; }
	@mkdir -p bin
	@echo "building oasdiff $(OASDIFF_VERSION) (first time only; takes about half a minute)" >&2
	cd scripts/tools/oasdiff && $(GO) build -trimpath -ldflags "-X github.com/oasdiff/oasdiff/build.Version=$(OASDIFF_VERSION)" -o "$(CURDIR)/$@.tmp" github.com/oasdiff/oasdiff
	mv "$@.tmp" "$@"

.PHONY: unit test-go
unit test-go: ## go test -race ./... against a throwaway PostgreSQL
	scripts/ensure-poppler.sh
	scripts/with-throwaway-pg.sh $(GO) test -race -count=1 ./...

.PHONY: test
test: ## the full check (CI): check-generated, check-docs-assets, check-breaking, vet, lint, spec-lint, go test, e2e
	GO="$(GO)" MAKE="$(MAKE)" scripts/test.sh

.PHONY: e2e
e2e: ## the contract as users meet it: TypeScript client and /docs in headless Chromium (throwaway cluster)
	GO="$(GO)" MAKE="$(MAKE)" scripts/with-throwaway-pg.sh scripts/e2e.sh

.PHONY: bench
bench: ## benchmarks against a throwaway PostgreSQL
	scripts/with-throwaway-pg.sh $(GO) test -run '^$$' -bench . -benchmem ./...

.PHONY: bench-load
bench-load: ## load benchmark: the API vs a raw-SQL server at 10k and 1M customers (throwaway PostgreSQL); BENCH_LOAD_FLAGS=-quick
	$(GO) build -o bin/mos ./cmd/mos
	$(GO) build -o bin/benchload ./scripts/benchload
	scripts/with-throwaway-pg.sh bin/benchload -mos bin/mos -out build/bench-load.md $(BENCH_LOAD_FLAGS)

.PHONY: clean
clean: ## stop the local PostgreSQL and remove bin/ (keeps .data/)
	-scripts/pg.sh stop-local
	rm -rf bin
