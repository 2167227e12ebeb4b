# cb2026: the engine, its tests and its book.
#
#   make                  build the engine (EXE=name, STAGE=N as for the other targets)
#   make test             everything CI runs: format, vet, staticcheck, unit tests, make check
#   make check            every stage's tests, the deep perft suite, the book check and the stage views
#   make view STAGE=N DIR=d   write stage N's view (the engine as chapter N leaves it) into d
#   make bench STAGE=N    the stage's bench (no STAGE: main)
#   make wac, sanity      Win at Chess solved count; stage 18 must beat stage 9
#   make perft-speed      perft nodes per second against Stockfish, side by side
#   make site / serve     the website

GO      ?= go
EXE     ?= cb2026
STAGE   ?=
STAGES  := 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20
TAGS    := $(if $(filter-out main,$(STAGE)),-tags stage$(STAGE),)

# STAGE is written as stages.Parse reads it; any other word would select no
# stage file and build main without a word.
ifneq ($(filter-out $(STAGES) main,$(STAGE)),)
$(error STAGE=$(STAGE): not a stage (want 1..20 or main))
endif

.PHONY: all engine test fmt vet staticcheck unit check test-stages perft-deep check-book check-views view wac sanity \
        bench perft-speed site serve clean

all: engine

engine:
	$(GO) build $(TAGS) -o $(EXE) ./engine/cmd/cb2026

# make test runs the parts of make check and the static checks two at a
# time: a part alone leaves one of two cores idle for much of its run (its
# builds, its serial phases). unit goes first, beside check-book: started
# after check-views, it was the only part left for the last few minutes,
# and its longest piece, the site's browser test, keeps the two cores only
# 60-80% busy; check-views, which keeps both busy by itself, takes its
# place at the end. Three at a time is slower: most parts run two
# things at once themselves (go test's packages, the book check's engine
# runs, two views), and on two cores make -j3 took over 1,200 s where -j2
# took 1,135 s (a fresh clone, with Go's build cache warm).
# Each part's output is printed whole when it finishes (--output-sync).
CHECK_PARTS := unit check-book check-views perft-deep wac sanity
TEST_PARTS  := $(CHECK_PARTS) staticcheck vet fmt

test:
	@$(MAKE) --no-print-directory -j2 --output-sync=target $(TEST_PARTS)

# timed runs one part's command and ends its output with the part's time
# (the parts of make test overlap two at a time: the sum is more than the
# whole).
timed = @t0=$$(date +%s); $(1); rc=$$?; echo "$@: $$(( $$(date +%s) - t0 )) s"; exit $$rc

fmt:
	@out="$$(gofmt -l $$(git ls-files '*.go'))"; \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

# vet also type-checks the engine for the other systems a reader may use:
# a file built only there (engine/search/hugepages_other.go) is not built
# on this one.
vet:
	$(call timed,$(GO) vet ./... && GOOS=windows $(GO) vet ./engine/... && GOOS=darwin GOARCH=arm64 $(GO) vet ./engine/...)

staticcheck:
	$(call timed,$(GO) tool staticcheck ./...)

# Main's tests; -vet=all runs every go vet check on the test builds, not
# only go test's default few. The site's package runs its browser tests for
# five to six minutes alone and near ten beside check-book, go test's
# default limit: -timeout 30m. The site's browser test runs axe-core, which
# npm installs from package-lock.json, pinned. The recipe installs it
# rather than a prerequisite: make -j runs a prerequisite as a job of its
# own, and make test gave the slot it freed to the next part, not to unit.
unit:
	@$(MAKE) -s --no-print-directory node_modules/axe-core/axe.min.js
	$(call timed,$(GO) test -vet=all -timeout 30m ./...)

node_modules/axe-core/axe.min.js: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@

# Every stage's code is vetted and tested once, in its view (check-views: go
# test -vet=all on each package the stage changes), and main's in make unit,
# so the book check here reads and measures the chapters without testing the
# stages a second time (-stages=false; the check's own default tests them).
check: $(CHECK_PARTS)

# Every position of the perft suites to its full depth, in a test binary
# built for the machine's best GOAMD64 level, as the engines the book's
# check and the tools build are (exe.LevelEnv): the counts are the same at
# any level, and the count goes faster.
perft-deep:
	$(call timed,env $$($(GO) run ./tools/goamd64) $(GO) test ./engine/board -run TestPerftSuite -count=1 -timeout 60m -args -deep)

check-book:
	$(call timed,$(GO) run ./tools/book check -stages=false)

# Every stage's view (package cb2026/book/view) written and proved: it builds
# with no tags, go vet is clean and its tests pass on the packages the view
# changes (each package's code tested once in the run: the board's is the
# same in views 4 to 20), and its bench equals the engine's with -tags stageN.
check-views:
	$(call timed,$(GO) run ./tools/book views)

view:
	@test -n "$(DIR)" || { echo "view: DIR=... is the directory to write into"; exit 2; }
	$(GO) run ./tools/book view $(or $(STAGE),main) $(DIR)

# Every stage as a plain loop, without the book: go test -tags stageN ./...
test-stages:
	@for n in $(STAGES); do echo "== stage $$n" >&2; $(GO) test -tags stage$$n ./... || exit 1; done

# Win at Chess: positions solved by main at 20,000 nodes each (STAGE=N for a stage).
wac:
	$(call timed,$(GO) run ./tools/suite -engine stage=$(or $(STAGE),main) -nodes 20000 -suite testdata/wacnew.epd)

# Strength sanity: stage 18 must beat stage 9 clearly (likelihood of superiority
# above 99%) in a short node-limited match, which gives the same games every run.
# Each run plays into a new folder: tools/match refuses one that holds games.
sanity:
	@out="$$(mktemp -d)/sanity"; echo "sanity: games in $$out"; \
	$(GO) run ./tools/match -engine stage=18 -engine stage=9 -nodes 10000 -games 40 -quiet -out "$$out" && \
	awk -F': ' '/"los":/ { los = $$2 + 0 } END { \
		if (los > 0.99) { print "sanity: stage 18 beats stage 9, LOS " los; exit 0 } \
		print "sanity: stage 18 does not clearly beat stage 9, LOS " los; exit 1 }' "$$out/results.json"

bench:
	$(GO) run $(TAGS) ./engine/cmd/cb2026 bench

perft-speed:
	$(GO) run ./tools/perftspeed -rounds 9

site:
	$(GO) run ./tools/book build

serve:
	$(GO) run ./tools/book serve

clean:
	rm -rf $(EXE) _site

# Stage 20's tuning (tools/tune, see tools/tune/README.md). tune-data plays
# the self-play data's pieces that tools/tune/pieces.tsv lists, with the
# engine of the commit that played them (a git checkout of it), each one
# missing from tools/tune/data or not matching its checksum there, and fails
# if a piece played differs from its row (a cut-off run loses one piece: run
# it again); tune fits the weights to every piece and checks that the result
# is the committed engine/eval/tuned.go and its loss curve.
TUNE_TMP  ?= $(or $(TMPDIR),/tmp)/cb2026-tune
.PHONY: tune-data tune
tune-data:
	$(GO) run ./tools/tune gen

tune:
	@mkdir -p $(TUNE_TMP)
	$(GO) run ./tools/tune tune -out $(TUNE_TMP)/tuned.go -curve $(TUNE_TMP)/loss.tsv
	cmp $(TUNE_TMP)/tuned.go engine/eval/tuned.go
	cmp $(TUNE_TMP)/loss.tsv tools/tune/loss.tsv
	@echo "tune: engine/eval/tuned.go and tools/tune/loss.tsv reproduced exactly"
