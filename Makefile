# Plyground build. `make run` serves the app on http://127.0.0.1:8000; `make test` installs what
# the tests need and runs every test, browser tests included.
SHELL := /bin/bash
GO ?= go
GOROOT := $(shell $(GO) env GOROOT)
GOBIN := $(shell $(GO) env GOPATH)/bin
STATICCHECK := $(GOBIN)/staticcheck
CHROMIUM := /usr/bin/chromium
FIREFOX := /usr/bin/firefox-esr
WEBKITDRIVER := /usr/bin/WebKitWebDriver
XVFB := /usr/bin/Xvfb
ZBARIMG := /usr/bin/zbarimg
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
WASMENV := GOOS=js GOARCH=wasm PATH="$(GOROOT)/lib/wasm:$$PATH"
GOFILES := $(shell find . -name '*.go' -not -path './node_modules/*' -not -path './.build/*')
FUZZTIME ?= 60s
ADDR ?= 127.0.0.1:8000

.PHONY: all run build wasm compress art test deps lint gotest browsertest bench strength strength-quick tune tune-network soak fuzz dist clean

all: build

## Build -------------------------------------------------------------------------------------

# Symbols and DWARF are stripped from the browser builds: smaller downloads, same code.
WASMFLAGS := -ldflags="-s -w"
# The page is built without inlining except in the rules packages (engine, variants): the
# user-interface code then compresses about 8% smaller in brotli (2.05 MB -> 1.90 MB), which
# keeps the download before the board is interactive under its 2.0 MB budget; the rules code
# keeps its speed (legal targets, the Never-Ending Chess bots that run in the page).
PAGEFLAGS := -gcflags=all=-l -gcflags='$(shell $(GO) list -m)/engine/...=' -gcflags='$(shell $(GO) list -m)/variants/...='

# go-app's server code (net/http, TLS) is left out of the page: it is built against a patched
# copy of go-app (cmd/goappslim says how and why), a smaller page that starts faster.
PAGEMOD := .build/page.mod

$(PAGEMOD): cmd/goappslim/main.go $(wildcard cmd/goappslim/_patch/*.go) go.mod go.sum
	$(GO) run ./cmd/goappslim -dir .build

web/app.wasm: $(GOFILES) go.mod go.sum $(PAGEMOD)
	$(WASMENV) $(GO) build $(WASMFLAGS) $(PAGEFLAGS) -modfile $(PAGEMOD) -o $@ ./cmd/pwa

# The engine alone (rules + search) for the Web Worker.
web/engine.wasm: $(GOFILES) go.mod go.sum
	$(WASMENV) $(GO) build $(WASMFLAGS) -o $@ ./cmd/worker

wasm: web/app.wasm web/engine.wasm

bin/pwa: $(GOFILES) go.mod go.sum
	$(GO) build -o $@ ./cmd/pwa

bin/plyground: $(GOFILES) go.mod go.sum
	$(GO) build -o $@ ./cmd/plyground

# The gzip and brotli copies of the wasm files, next to them (cmd/pwa/serve_compress.go):
# brotli at quality 11 is about 35 s of CPU; copies that are still fresh are kept.
compress: wasm bin/pwa
	./bin/pwa -compress

build: wasm compress bin/pwa bin/plyground

run: wasm bin/pwa
	./bin/pwa -addr $(ADDR)

dist: wasm bin/pwa
	./bin/pwa -dist dist

# The app icons of web/, drawn again from their source in art/ (the PNGs rasterised by
# Debian's Chromium), and the piece SVGs of web/pieces/ from app/view/pieces; commit what
# they write.
art: node_modules/.package-lock.json $(CHROMIUM)
	$(GO) test ./app/view/pieces -run TestPieceFiles -update-pieces
	node art/assets.mjs

## Test --------------------------------------------------------------------------------------

# The page's wasm files are built while the packages install (apt-get and npm wait on the
# network and the disk more than on the cores), and before the rest, so that their brotli
# copies (about a minute and a half of one core for app.wasm) are written while the lint and
# the Go tests run beside them (make -j2); the browser tests then run (browsertest). The Go
# tests start after deps: app/qr's test against zbarimg is skipped without it.
test:
	$(MAKE) -j2 --output-sync=target deps wasm bin/pwa
	$(MAKE) -j2 --output-sync=target compress lint gotest bin/plyground
	$(MAKE) browsertest

deps: $(CHROMIUM) $(FIREFOX) $(WEBKITDRIVER) $(XVFB) $(ZBARIMG) node_modules/.package-lock.json $(STATICCHECK)

# The browsers of the browser tests, Debian's builds (never a downloaded one): Chromium;
# Firefox ESR; WebKitGTK's WebDriver, which drives its MiniBrowser, and Xvfb for its window;
# zbarimg, which reads the share dialog's QR code back.
$(CHROMIUM) $(FIREFOX) $(WEBKITDRIVER) $(XVFB) $(ZBARIMG) &:
	$(SUDO) apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium firefox-esr webkit2gtk-driver xvfb zbar-tools >/dev/null

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund

$(STATICCHECK):
	$(GO) install honnef.co/go/tools/cmd/staticcheck@v0.7.0

# go vet with the tags deep and tune covers every file go vet alone does (no file is built only
# without them). The page is also vetted and staticchecked as users get it: against the slim go-app copy
# (cmd/goappslim's workspace, since staticcheck takes no -modfile).
PAGEWORK := $(CURDIR)/.build/page.work

lint: $(STATICCHECK) $(PAGEMOD)
	@unformatted=$$(gofmt -l $(GOFILES)); if [ -n "$$unformatted" ]; then echo "gofmt needed: $$unformatted"; exit 1; fi
	$(GO) vet -tags deep,tune ./...
	GOOS=js GOARCH=wasm $(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet -modfile $(PAGEMOD) ./cmd/pwa
	$(STATICCHECK) ./...
	GOOS=js GOARCH=wasm $(STATICCHECK) ./...
	GOWORK=$(PAGEWORK) GOOS=js GOARCH=wasm $(STATICCHECK) ./cmd/pwa

# app/browser also runs its tests as wasm under Node: its safejs code against JavaScript
# objects that throw (a full storage, a missing feature).
gotest:
	$(GO) test -count=1 ./...
	$(WASMENV) $(GO) test -count=1 ./app/browser/

# The browser tests run in two groups. The files that measure time (frame gaps, main-thread
# tasks, page freezes, how soon a link is refused: TIMEDTESTS) run one at a time, alone on the
# machine. The others assert no timing, so they run three at a time, the smoke suites of
# Firefox and WebKit first (the longest files), the Chromium files after them.
TIMEDTESTS := $(addprefix tests/browser/,$(addsuffix .test.mjs,ai-game ai-worker analysis nec-hostile store-many))
SMOKETESTS := $(addprefix tests/browser/smoke-,$(addsuffix .test.mjs,webkit firefox chromium))
UNTIMEDTESTS := $(SMOKETESTS) $(filter-out $(SMOKETESTS) $(TIMEDTESTS),$(wildcard tests/browser/*.test.mjs))
browsertest: deps build
	node --test --test-concurrency=3 $(UNTIMEDTESTS)
	node --test --test-concurrency=1 $(TIMEDTESTS)

## Measure -----------------------------------------------------------------------------------

# Benchmarks: native, then the engine under WebAssembly on Node, then the deep perft runs.
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...
	$(WASMENV) $(GO) test -run '^$$' -bench 'Perft' ./engine/
	$(WASMENV) $(GO) test -run '^$$' -bench . ./engine/search/ ./variants/turn/
	$(GO) test -tags deep -run 'Deep' -count=1 -timeout 60m -v ./engine/ ./variants/...

# The computer's strength: level 5 against Stockfish 15.1 at UCI_Elo 2200 (orthodox), against
# level 5 of commit cf23326 in every 8x8 variant, and the level ladder; logs and a summary in
# strength-logs/DATE (scripts/strength.sh says how long and how to change the sizes). It
# installs Debian's stockfish when missing. strength-quick plays two short games of each match.
strength:
	scripts/strength.sh

strength-quick:
	QUICK=1 scripts/strength.sh

# Fits the evaluation's weights (engine/search/tune_test.go): 4,000 games of the engine
# against itself at 6,000 nodes a move, one position in four of each kept; Stockfish's score
# of every position at depth 10 (the label; Debian's stockfish, installed as make strength
# installs it); then the fit of the weights on a target of 20% the game's result and 80% the
# label, and the fit of the tables of corrections (squares, mobility, pieces with their pawns,
# bad bishops), holding out whole games. The weights' fit prints Go for
# engine/search/eval.go, pasted by hand; the tables' fit writes squares.go and tables.go
# itself (-write), for git diff to show. The weights in use were fitted so (2026-11-28, the
# first three steps) on the positions of 1,200 games (seeds 11 and 12); the tables in use
# (2026-11-29) on those and one position in four of 8,000 more games (-games 2000 -every 4,
# seeds 21 to 24, the last two of the version with the tables), with the last step's flags.
TUNEDATA := $(CURDIR)/.build/positions.txt
tune:
	mkdir -p .build
	command -v stockfish >/dev/null || [ -x /usr/games/stockfish ] || \
		{ SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); $$SUDO apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq stockfish; }
	nice -n 19 $(GO) test -tags tune -run TestTuneGenerate -timeout 0 ./engine/search -args -positions $(TUNEDATA) -games 4000 -every 4 -nodes 6000
	nice -n 19 $(GO) test -tags tune -run TestTuneLabel -timeout 0 ./engine/search -args -positions $(TUNEDATA) -label $$(command -v stockfish || echo /usr/games/stockfish) -depth 10 -out $(TUNEDATA).labelled
	nice -n 19 $(GO) test -tags tune -run TestTuneFit -timeout 0 -v ./engine/search -args -positions $(TUNEDATA).labelled -lambda 0.2 -passes 4
	nice -n 19 $(GO) test -tags tune -run TestTuneTables -timeout 0 -v ./engine/search -args -positions $(TUNEDATA).labelled -lambda 0.2 -prior 100 -epochs 100 -heldgames -write

# Fits the network that corrects the evaluation of orthodox chess (search.NetEval in
# engine/search/network.go; the trainer is in network_tune_test.go): 16,000 games of the
# engine against itself at 1,500 nodes a move, every position kept, and 24,000 at 1,000, one
# position in eight kept; Stockfish's score of every kept position at depth 8 (about 550
# positions a second on two cores, 2,000,000 positions); then the network's fit, which writes
# engine/orthonet/network.bin. About three and a half hours of two cores.
NETDATA := $(CURDIR)/.build/network
tune-network:
	mkdir -p .build
	command -v stockfish >/dev/null || [ -x /usr/games/stockfish ] || \
		{ SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); $$SUDO apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq stockfish; }
	$(GO) test -c -tags tune -o .build/tune.test ./engine/search
	for s in 101 102; do .build/tune.test -test.run TestTuneGenerate -test.timeout 0 -positions $(NETDATA)-$$s.txt -games 8000 -every 1 -nodes 1500 -seed $$s & done; wait
	for s in 103 104; do .build/tune.test -test.run TestTuneGenerate -test.timeout 0 -positions $(NETDATA)-$$s.txt -games 12000 -every 8 -nodes 1000 -seed $$s & done; wait
	cat $(NETDATA)-101.txt $(NETDATA)-102.txt $(NETDATA)-103.txt $(NETDATA)-104.txt > $(NETDATA).txt
	.build/tune.test -test.run TestTuneLabel -test.timeout 0 -positions $(NETDATA).txt -label $$(command -v stockfish || echo /usr/games/stockfish) -depth 8 -out $(NETDATA).labelled
	cd engine/search && ../../.build/tune.test -test.run TestTuneNetwork -test.timeout 0 -test.v -positions $(NETDATA).labelled -lambda 0.1 -heldgames -netepochs 10 -netdecay 1 -write

# Long soaks and every fuzz target for FUZZTIME each.
soak:
	$(GO) test -tags deep -run 'Soak' -count=1 -timeout 60m ./...
	scripts/fuzz.sh $(FUZZTIME)

fuzz:
	scripts/fuzz.sh $(FUZZTIME)

clean:
	rm -rf bin dist web/*.wasm web/*.wasm.gz web/*.wasm.br web/*.lock .build
