# cb2026: the engine, its tests and its book.
#
#   make                  build the engine (EXE=name, STAGE=N as for the other targets)
#   make test             everything CI runs: format, vet, staticcheck, unit tests, make check
#   make check            every stage's tests, the deep perft suite and the book check
#   make bench STAGE=N    the stage's bench (no STAGE: main)
#   make perft-speed      perft nodes per second against Stockfish, side by side
#   make site / serve     the website

GO      ?= go
EXE     ?= cb2026
STAGE   ?=
STAGES  := 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20
TAGS    := $(if $(filter-out main,$(STAGE)),-tags stage$(STAGE),)

.PHONY: all engine test fmt vet staticcheck unit check check-stages perft-deep check-book \
        bench perft-speed site serve clean

all: engine

engine:
	$(GO) build $(TAGS) -o $(EXE) ./engine/cmd/cb2026

test: fmt vet staticcheck unit check

fmt:
	@out="$$(gofmt -l $$(git ls-files '*.go'))"; \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

staticcheck:
	$(GO) tool staticcheck ./...

unit:
	$(GO) test ./...

check: check-stages perft-deep check-book

# Every stage builds, vets and passes its tests with its own default techniques.
check-stages:
	@for n in $(STAGES); do \
		echo "== stage $$n" >&2; \
		$(GO) vet -tags stage$$n ./... && $(GO) test -tags stage$$n ./... > /tmp/cb2026-stage$$n.log 2>&1 \
			|| { cat /tmp/cb2026-stage$$n.log; exit 1; }; \
	done

# Every position of the perft suites to its full depth.
perft-deep:
	$(GO) test ./engine/board -run TestPerftSuite -count=1 -timeout 60m -args -deep

check-book:
	@if [ -d tools/book ]; then $(GO) run ./tools/book check -stages=false; else echo "book: no tools/book yet"; fi

bench:
	$(GO) run $(TAGS) ./engine/cmd/cb2026 bench

perft-speed:
	$(GO) run ./tools/perftspeed

site:
	$(GO) run ./tools/book build

serve:
	$(GO) run ./tools/book serve

clean:
	rm -rf $(EXE) _site
