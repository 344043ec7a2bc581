# The two commands a newcomer needs: `make run` and `make test`. Both install
# what a fresh machine lacks (npm packages, Go modules, Debian's chromium) and
# `make test` starts PostgreSQL when it is down.

GO      ?= go
BIN     := bin/knitfront
NPM_CI  := web/node_modules/.installed
LIGHTHOUSE_CI := bench/lighthouse/node_modules/.installed
GO_DIRS := embed.go cmd internal bench tools
# Listed, not ./...: web/node_modules holds Go files of its own.
GO_PKGS := . ./cmd/... ./internal/... ./bench/... ./tools/...

.PHONY: run build theme extension test test-go test-web theme-check check-theme e2e lint bench clean graphql-check generate

run: build
	$(BIN) dev

build: $(NPM_CI)
	cd web && npm run build --silent
	$(GO) build -o $(BIN) ./cmd/knitfront

# The theme with the built bundle, as a zip a merchant uploads to Shopify
# (docs/install-theme.md).
theme: build
	$(BIN) theme bin/knitfront-theme.zip

# The theme app extension a Shopify app adds to any Online Store 2.0 theme (docs/install-theme.md):
# the bundle vite built into web/dist, and the cart library `build` copied into theme/assets,
# copied into its assets after the previous build's chunks there are removed; and the theme's
# snippets the extension's blocks render as the theme's do: the money format, the rule of the
# discount that applies now, the head script choosing the printed prices' figures, the knitters
# page's stylesheet, the payment options. Those copies stay in git, as the dev
# storefront's tests read them from there: a change made to a copy alone shows in git when this
# rule undoes it.
extension: build
	rm -f extensions/knitfront/assets/knitfront*.js
	cp web/dist/knitfront*.js theme/assets/jquery.min.js theme/assets/cart.min.js extensions/knitfront/assets/
	cp theme/snippets/knitfront-money.liquid theme/snippets/knitfront-discount-now.liquid \
	  theme/snippets/knitfront-first-paint.liquid theme/snippets/knitters-page-styles.liquid \
	  theme/snippets/selling-plan-options.liquid \
	  extensions/knitfront/snippets/

# npm ci again whenever the lock file changes.
$(NPM_CI): web/package-lock.json
	cd web && npm ci --no-audit --no-fund --loglevel=error
	touch $@

test: build lint graphql-check test-go test-web theme-check e2e

# Shopify's published schemas (introspection results) of the Admin API version knitfront speaks
# (internal/shopify's APIVersion, read here) and of `unstable`, the next version's preview, from
# the pinned npm package, into a git-ignored cache: used to validate, never committed.
SHOPIFY_API_VERSION := $(shell sed -n 's/^const APIVersion = "\(.*\)"$$/\1/p' internal/shopify/version.go)
SHOPIFY_SCHEMAS := .cache/shopify-dev-mcp-1.16.0/package/dist/data
ADMIN_SCHEMA := $(SHOPIFY_SCHEMAS)/admin_$(SHOPIFY_API_VERSION).json.gz
STOREFRONT_SCHEMA := $(SHOPIFY_SCHEMAS)/storefront-graphql_$(SHOPIFY_API_VERSION).json.gz
ADMIN_PREVIEW_SCHEMA := $(SHOPIFY_SCHEMAS)/admin_unstable.json.gz
$(ADMIN_SCHEMA) $(STOREFRONT_SCHEMA) $(ADMIN_PREVIEW_SCHEMA) &:
	mkdir -p .cache/shopify-dev-mcp-1.16.0
	cd .cache/shopify-dev-mcp-1.16.0 && npm pack @shopify/dev-mcp@1.16.0 --silent >/dev/null && \
	  tar -xzf shopify-dev-mcp-1.16.0.tgz \
	    $(patsubst .cache/shopify-dev-mcp-1.16.0/%,%,$(ADMIN_SCHEMA) $(STOREFRONT_SCHEMA) $(ADMIN_PREVIEW_SCHEMA)) && \
	  rm shopify-dev-mcp-1.16.0.tgz

# Every Admin operation internal/shopify sends, every Storefront operation of web/src/api, the
# dev storefront's schema and the Admin stand-in's answers to knitfront's client, validated against
# Shopify's schemas of APIVersion: a wrong field fails here. Then, without failing, what the Admin
# API's `unstable` schema would refuse or deprecate of knitfront's operations: the next quarterly
# upgrade's work (docs/operations.md).
graphql-check: $(ADMIN_SCHEMA) $(STOREFRONT_SCHEMA) $(ADMIN_PREVIEW_SCHEMA)
	$(GO) run ./tools/graphql-check -admin $(ADMIN_SCHEMA) -storefront $(STOREFRONT_SCHEMA) \
	  -preview $(ADMIN_PREVIEW_SCHEMA)

# The typed Admin API client, internal/shopify/generated.go, generated again by the genqlient
# pinned in go.mod from internal/shopify/queries and Shopify's Admin schema, written in the
# schema language into the git-ignored .cache/ for it. `make graphql-check` fails when it is stale.
ADMIN_SDL := .cache/shopify-admin.graphql
generate: $(ADMIN_SCHEMA)
	$(GO) run ./tools/graphql-check -admin $(ADMIN_SCHEMA) -sdl $(ADMIN_SDL)
	$(GO) tool genqlient internal/shopify/genqlient.yaml

# PostgreSQL must answer: a failed start stops the tests here rather than letting them skip it.
test-go:
	postgres="$$(scripts/ensure-postgres.sh)" && \
	  KNITFRONT_TEST_POSTGRES="$$postgres" $(GO) test -race -count=1 $(GO_PKGS)

test-web: $(NPM_CI)
	cd web && npm test --silent

# Shopify Theme Check on theme/ and on the theme app extension: any error fails.
theme-check: extension
	node e2e/theme-check.mjs

# A merchant's theme checked before publishing (docs/install-theme.md), apart from `make test`:
# Theme Check on THEME and the extension, and the shopper flows at both widths on THEME.
check-theme: extension
	@if [ -z "$(THEME)" ]; then echo "usage: make check-theme THEME=path/to/theme"; exit 2; fi
	scripts/ensure-chromium.sh
	scripts/check-theme.sh "$(THEME)"

# Browser tests: each starts the built bin/knitfront dev and Debian's chromium.
e2e: build
	scripts/ensure-chromium.sh
	node --test e2e/

lint: $(NPM_CI)
	@unformatted=$$(gofmt -l $(GO_DIRS)); \
	  if [ -n "$$unformatted" ]; then echo "gofmt would change: $$unformatted"; exit 1; fi
	$(GO) vet $(GO_PKGS)
	cd web && npm run typecheck --silent && npm run lint --silent

# Each budget of docs/design.md, printed against its baseline: the API's throughput and p99, the
# Shopify sync's time and memory, a webhook burst through a SIGKILL, the JavaScript a product
# page loads, the collection page's requests and time, and Lighthouse. Every
# benchmark runs; the target fails at the end when any was over its budget.
bench: build $(LIGHTHOUSE_CI)
	scripts/ensure-wrk.sh
	scripts/ensure-chromium.sh
	cd web && npx vite build --mode own-code --logLevel warn
	@status=0; \
	  $(GO) run ./bench/api || status=1; \
	  $(GO) run ./bench/sync || status=1; \
	  $(GO) run ./bench/webhooks || status=1; \
	  node bench/size/main.mjs || status=1; \
	  node bench/page/main.mjs || status=1; \
	  node bench/lighthouse/main.mjs || status=1; \
	  exit $$status

$(LIGHTHOUSE_CI): bench/lighthouse/package-lock.json
	cd bench/lighthouse && npm ci --no-audit --no-fund --loglevel=error
	touch $@

clean:
	rm -rf bin web/dist/knitfront*.js theme/assets/knitfront*.js theme/assets/jquery.min.js theme/assets/cart.min.js \
	  extensions/knitfront/assets/knitfront*.js extensions/knitfront/assets/jquery.min.js \
	  extensions/knitfront/assets/cart.min.js artifacts
