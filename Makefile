# Shashki - Russian checkers library, engine and apps.
#
#   make            build build/libshashki.a and build/shashki, and the endgame databases of up
#                   to 4 pieces in build/egdb when missing (a few seconds; docs/egdb.md)
#   make run        install what is missing, build, start the web app (shashki serve; it builds
#                   the databases of 5 pieces in the background on its first start)
#   make egdb6      the endgame databases of up to 6 pieces in build/egdb (docs/egdb.md: time, size)
#   make wasm       the library and engine as WebAssembly for the page's worker:
#                   build/wasm/shashki.wasm (clang, lld, wasi-libc; docs/wasm.md). `make` builds
#                   it too when those are installed, and the program then serves it
#   make test       install what is missing, build, run every test
#   make test-slow  the long checks (perft 12, kestog13 at depth 10, the egdb and the slow etudes)
#   make sanitize   the tests under AddressSanitizer and UndefinedBehaviorSanitizer
#   make bench      the benchmarks (shashki bench: the search; perft 12, one thread and two;
#                   the time to pair a round of a 500-player Swiss)
#   make tools      build/tools/datagen, build/tools/tune and build/tools/train (tools/README.md)
#   make fuzz       each fuzz harness for FUZZ_SECONDS (default 60) with libFuzzer
#                   (tests/fuzz/README.md: what each checks, the seeds)
#   make warnings   build with gcc and clang, warnings as errors
#   make clean      remove build/, but for the endgame databases in build/egdb
#
# Variables: CC (gcc or clang), WERROR=1 (warnings are errors), BUILD (output folder), JOBS (the
# builds' parallel jobs; every core by default).

ifeq ($(origin CC),default)
CC := gcc
endif
BUILD   ?= build
WERROR  ?= 0
ARCH    ?= -march=x86-64-v2
OPT     ?= -O3
FUZZ_SECONDS ?= 60
# Jobs of the builds that test, run, sanitize and warnings start (every core: 2 on CI).
JOBS    ?= $(shell nproc 2>/dev/null || echo 2)

ifneq ($(shell uname -m),x86_64)
ARCH :=
endif

WARNINGS = -Wall -Wextra -Wshadow -Wconversion -Wstrict-prototypes -Wmissing-prototypes
ifeq ($(WERROR),1)
WARNINGS += -Werror
endif

CPPFLAGS += -Iinclude -Isrc -Iengine -Iproto -Iserver -Istore -D_DEFAULT_SOURCE
CFLAGS   += -std=c11 $(OPT) $(ARCH) -g $(WARNINGS) -MMD -MP $(EXTRA_CFLAGS)
LDFLAGS  += $(EXTRA_LDFLAGS)
PQ_CFLAGS := $(shell pkg-config --cflags libpq 2>/dev/null || echo -I/usr/include/postgresql)
PQ_LIBS   := $(shell pkg-config --libs libpq 2>/dev/null || echo -lpq)
CPPFLAGS += $(PQ_CFLAGS)
# libpq is loaded when a PostgreSQL database is first opened (store/db_pq.h), not linked: its
# libraries would cost every run of the program its startup; the tests start their cluster
# with it directly.
LDLIBS   += -lmicrohttpd -ljansson -lsqlite3 -lsodium -lqrencode -lzstd -lpthread -lm -ldl
TEST_LDLIBS := -lcurl $(PQ_LIBS)

# Open MPI, for `shashki egdb build --mpi` (docs/egdb.md): used when its headers are installed
# (make test installs them; make run does not need them). engine/egdb/dbmpi.c is rebuilt when
# that changes.
MPI_CFLAGS := $(shell pkg-config --cflags ompi-c 2>/dev/null)
MPI_LIBS   := $(shell pkg-config --libs ompi-c 2>/dev/null)
ifneq ($(MPI_LIBS),)
MPI_DEFS := -DSHASHKI_MPI $(MPI_CFLAGS)
LDLIBS   += $(MPI_LIBS)
endif

LIB_SRC    := $(wildcard src/*.c src/*/*.c)
ENGINE_SRC := $(wildcard engine/*.c engine/*/*.c)
PROTO_SRC  := $(wildcard proto/*.c proto/*/*.c)
SERVER_SRC := $(wildcard server/*.c server/*/*.c store/*.c)
APP_SRC    := $(wildcard app/*.c app/*/*.c)
TEST_SRC   := $(wildcard tests/*.c)

obj = $(patsubst %.c,$(BUILD)/obj/%.o,$(1))

# Data built into the library (see data/README.md).
EMBED      := $(BUILD)/tools/embed
EMBEDDED   := $(BUILD)/gen/openings_data.c
LIB_OBJ     = $(call obj,$(LIB_SRC)) $(BUILD)/gen/openings_data.o
ENGINE_OBJ  = $(call obj,$(ENGINE_SRC)) $(BUILD)/gen/eval_data.o $(BUILD)/gen/book_data.o \
              $(BUILD)/gen/nnue_data.o
WEB_FILES  := $(shell find web -type f ! -path '*/node_modules/*' ! -name '*.md' ! -name 'package*.json' 2>/dev/null)
# The built files of the web app's npm packages (web/package.json: planck, for Chapaev), copied
# from web/node_modules by the rule below and embedded with the rest of web/.
WEB_VENDOR := web/vendor/planck.mjs
# and @bjorn3/browser_wasi_shim (WASI's calls in JavaScript), for the WebAssembly engine's worker
WASI_SHIM_FILES := debug.js fd.js fs_mem.js fs_opfs.js index.js strace.js wasi.js wasi_defs.js
WEB_VENDOR += $(addprefix web/vendor/browser_wasi_shim/,$(WASI_SHIM_FILES))
WEB_FILES  := $(sort $(WEB_FILES) $(WEB_VENDOR))
WEB_OBJ     = $(BUILD)/gen/web_assets.o $(BUILD)/gen/puzzles_data.o

# The WebAssembly build (docs/wasm.md): the library and the engine for wasm32-wasi with clang,
# lld and wasi-libc, single-threaded (src/thread.h), with wasm/'s entry points. `make` builds it
# when the toolchain is installed (make deps installs it), and embeds it in the program with
# web/ at /wasm/shashki.wasm; without it the page uses the server's engine.
WASM_CC    ?= $(shell command -v clang-14 2>/dev/null || command -v clang 2>/dev/null)
WASM_AR    ?= $(shell command -v llvm-ar-14 2>/dev/null || command -v llvm-ar 2>/dev/null)
WASM_READY := $(shell [ -f /usr/lib/wasm32-wasi/libc.a ] && command -v wasm-ld >/dev/null && \
                ls /usr/lib/llvm-*/lib/clang/*/lib/wasi/libclang_rt.builtins-wasm32.a \
                >/dev/null 2>&1 && [ -n "$(WASM_AR)" ] && echo yes)
WASM       := $(BUILD)/wasm/shashki.wasm
WASM_SRC   := $(LIB_SRC) $(ENGINE_SRC) server/position_over.c server/puzzle_set.c
WASM_OBJ    = $(patsubst %.c,$(BUILD)/wasm/obj/%.o,$(WASM_SRC)) \
              $(patsubst %,$(BUILD)/wasm/obj/gen/%.o,openings_data eval_data book_data nnue_data \
                puzzles_data)
# (clock(), the solver's for a puzzle's duals, and getpid(): WASI's emulations)
WASM_CFLAGS := --target=wasm32-wasi -std=c11 -O3 -DNDEBUG $(WARNINGS) -Wno-shorten-64-to-32 \
               -D_WASI_EMULATED_PROCESS_CLOCKS -D_WASI_EMULATED_GETPID -MMD -MP
# 16 MiB of stack: what each native search thread has (engine.c)
WASM_LDFLAGS := --target=wasm32-wasi -mexec-model=reactor -Wl,-z,stack-size=16777216 \
                -Wl,--strip-all
# The page's icons, drawn from favicon.svg (the web app manifest names them).
ICON_SIZES := 192 512
ICONS      := $(foreach n,$(ICON_SIZES),$(BUILD)/web/icons/icon-$(n).png)
WEB_BUILT  := $(if $(WASM_READY),/wasm/shashki.wasm=$(WASM) /wasm/shashki.wasm.gz=$(WASM).gz) \
              $(foreach n,$(ICON_SIZES),/icons/icon-$(n).png=$(BUILD)/web/icons/icon-$(n).png)

LIB      := $(BUILD)/libshashki.a
PROGRAM  := $(BUILD)/shashki
TESTS    := $(BUILD)/shashki-tests

# The endgame databases (docs/egdb.md), in the folder the program looks in by default: egdb
# beside it.
EGDB_DIR := $(BUILD)/egdb

.PHONY: all wasm run test test-slow sanitize bench fuzz warnings deps deps-run clean tools egdb6

all: $(LIB) $(PROGRAM) $(EGDB_DIR)/.pieces-4 $(if $(WASM_READY),$(WASM))

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c $< -o $@

# The MPI build path: compiled with MPI's flags when it is there; a stamp records which.
MPI_STAMP := $(BUILD)/gen/mpi-$(if $(MPI_LIBS),on,off)
$(MPI_STAMP):
	@mkdir -p $(dir $@)
	@rm -f $(BUILD)/gen/mpi-on $(BUILD)/gen/mpi-off
	@touch $@

$(BUILD)/obj/engine/egdb/dbmpi.o: engine/egdb/dbmpi.c $(MPI_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(MPI_DEFS) $(CFLAGS) -c $< -o $@

$(LIB): $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(AR) rcs $@ $^

$(EMBED): tools/embed.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -O1 $(WARNINGS) $< -o $@

$(BUILD)/gen/openings_data.c: $(EMBED) data/openings/ballots.tsv data/openings/fmjd_positions.tsv
	@mkdir -p $(dir $@)
	$(EMBED) $@ OPENINGS_BALLOTS data/openings/ballots.tsv \
	  OPENINGS_FMJD_POSITIONS data/openings/fmjd_positions.tsv

$(BUILD)/gen/web_assets.c: $(EMBED) $(WEB_FILES) $(if $(WASM_READY),$(WASM) $(WASM).gz) $(ICONS) \
                          $(BUILD)/web/precache.json
	@mkdir -p $(dir $@)
	$(EMBED) --assets $@ web $(WEB_FILES) $(WEB_BUILT) /precache.json=$(BUILD)/web/precache.json

# What the service worker (web/sw.js) keeps for the app offline: every file served from web/
# and the built ones, as a JSON list served at /precache.json.
WEB_PATHS = $(patsubst web/%,/%,$(WEB_FILES)) \
            $(filter-out %.gz,$(foreach f,$(WEB_BUILT),$(firstword $(subst =, ,$(f)))))

$(BUILD)/web/precache.json: $(WEB_FILES) Makefile
	@mkdir -p $(dir $@)
	@printf '%s\n' $(WEB_PATHS) | sed 's/.*/"&"/' | paste -sd, - | sed 's/^/[/; s/$$/]/' > $@

$(BUILD)/web/icons/icon-%.png: web/favicon.svg
	@mkdir -p $(dir $@)
	rsvg-convert -w $* -h $* -b '#f4ecd8' $< -o $@

# ---- the WebAssembly build (docs/wasm.md) ----
wasm: $(WASM)

$(BUILD)/wasm/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(WASM_CC) $(CPPFLAGS) $(WASM_CFLAGS) -c $< -o $@

$(BUILD)/wasm/obj/gen/%.o: $(BUILD)/gen/%.c
	@mkdir -p $(dir $@)
	$(WASM_CC) $(CPPFLAGS) $(WASM_CFLAGS) -Wno-missing-prototypes -c $< -o $@

# The copy the program serves to browsers that take gzip (server/web_board.c, web_static).
$(WASM).gz: $(WASM)
	gzip -9 -n -c $< > $@

# An archive, so that only what wasm/'s entry points reach is linked (no file, no thread).
$(BUILD)/wasm/libshashki.a: $(WASM_OBJ)
	@rm -f $@
	$(WASM_AR) rcs $@ $^

$(WASM): $(patsubst %.c,$(BUILD)/wasm/obj/%.o,$(wildcard wasm/*.c)) $(BUILD)/wasm/libshashki.a
	$(WASM_CC) $(WASM_LDFLAGS) $^ -o $@ -lwasi-emulated-process-clocks -lwasi-emulated-getpid

# The Puzzles section's puzzles (data/puzzles.pdn, docs/puzzles.md).
$(BUILD)/gen/puzzles_data.c: $(EMBED) data/puzzles.pdn
	@mkdir -p $(dir $@)
	$(EMBED) $@ PUZZLES_PDN data/puzzles.pdn

web/node_modules/.package-lock.json: web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund --loglevel=error

web/vendor/planck.mjs: web/node_modules/.package-lock.json
	@mkdir -p $(dir $@)
	cp web/node_modules/planck/dist/planck.mjs $@

web/vendor/browser_wasi_shim/%.js: web/node_modules/.package-lock.json
	@mkdir -p $(dir $@)
	cp web/node_modules/@bjorn3/browser_wasi_shim/dist/$*.js $@

# The evaluation's weights: Russian (weights.txt) and each family of games with its own.
EVAL_FAMILIES := brazilian pool english italian spanish czech turkish giveaway international \
                 frisian columns lasca canadian spantsiretti
EVAL_FILES := data/eval/weights.txt $(foreach f,$(EVAL_FAMILIES),data/eval/weights-$(f).txt)

$(BUILD)/gen/eval_data.c: $(EMBED) $(EVAL_FILES)
	@mkdir -p $(dir $@)
	$(EMBED) $@ EVAL_WEIGHTS data/eval/weights.txt \
	  $(foreach f,$(EVAL_FAMILIES),EVAL_WEIGHTS_$(shell echo $(f) | tr a-z A-Z) data/eval/weights-$(f).txt)

# The learned evaluation's networks (engine/nnue.h; tools/train.c writes them).
$(BUILD)/gen/nnue_data.c: $(EMBED) data/nnue/russian.nnue data/nnue/international.nnue
	@mkdir -p $(dir $@)
	$(EMBED) $@ NNUE_RUSSIAN data/nnue/russian.nnue NNUE_INTERNATIONAL data/nnue/international.nnue

# The opening book (docs/book.md; shashki book build).
$(BUILD)/gen/book_data.c: $(EMBED) data/book/book.bin
	@mkdir -p $(dir $@)
	$(EMBED) $@ BOOK_DATA data/book/book.bin

$(BUILD)/gen/%.o: $(BUILD)/gen/%.c
	$(CC) $(CPPFLAGS) $(CFLAGS) -Wno-missing-prototypes -c $< -o $@

$(PROGRAM): $(call obj,$(APP_SRC) $(PROTO_SRC) $(SERVER_SRC)) $(ENGINE_OBJ) $(WEB_OBJ) $(LIB)
	$(CC) $(CFLAGS) $(LDFLAGS) $^ -o $@ $(LDLIBS)

$(TESTS): $(call obj,$(TEST_SRC) $(PROTO_SRC) $(SERVER_SRC) app/stats.c) $(ENGINE_OBJ) $(WEB_OBJ) $(LIB)
	$(CC) $(CFLAGS) $(LDFLAGS) $^ -o $@ $(TEST_LDLIBS) $(LDLIBS)

# Every Russian ending of up to 4 pieces, once: built by the program (order-only: a newer
# program does not build them again; a killed build resumes, the slices there are kept).
$(EGDB_DIR)/.pieces-4: | $(PROGRAM)
	@mkdir -p $(EGDB_DIR)
	@echo "endgame databases of up to 4 pieces -> $(EGDB_DIR) (a few seconds, once)"
	@nice ./$(PROGRAM) egdb build --pieces 4 --dir $(EGDB_DIR) --threads $(JOBS) \
	  > $(EGDB_DIR)/build-4.log || { tail -n 5 $(EGDB_DIR)/build-4.log; exit 1; }
	@touch $@

# Up to 6 pieces (5 first, if the web app has not built them yet): 13 minutes of one core,
# 176 MB more on disk, 0.85 GB of memory (docs/egdb.md, "Measured"); resumes where a killed
# one stopped.
egdb6: all
	nice ./$(PROGRAM) egdb build --pieces 6 --dir $(EGDB_DIR) --threads $(JOBS)

# Tools that use the engine: self-play data and the evaluation tuner (tools/README.md).
TOOLS := $(BUILD)/tools/datagen $(BUILD)/tools/tune $(BUILD)/tools/train

tools: $(TOOLS)

$(BUILD)/tools/%: $(BUILD)/obj/tools/%.o $(ENGINE_OBJ) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) $^ -o $@ $(LDLIBS)

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)

# ---- Debian packages: installed when missing (as root, or with sudo) ----
# What building and running needs (make run), and besides what the tests need (make test).
RUN_PACKAGES := gcc make libc6-dev libmicrohttpd-dev libjansson-dev libsqlite3-dev libpq-dev \
  libsodium-dev libqrencode-dev libzstd-dev pkg-config librsvg2-bin
TEST_PACKAGES := clang libcurl4-openssl-dev libclang-rt-dev libopenmpi-dev openmpi-bin postgresql \
  nginx openssl lld llvm wasi-libc libclang-rt-14-dev-wasm32
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Programs found on the PATH count as installed however they came (node may come with npm).
TEST_COMMANDS := node:nodejs npm:npm chromium:chromium

# $(call install,PACKAGES,COMMANDS): apt-get install those that are missing.
define install
	@missing=""; for p in $(1); do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	for c in $(2); do \
	  command -v $${c%%:*} >/dev/null 2>&1 || missing="$$missing $${c#*:}"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
endef

deps-run:
	$(call install,$(RUN_PACKAGES),npm:npm)

deps:
	$(call install,$(RUN_PACKAGES) $(TEST_PACKAGES),$(TEST_COMMANDS))

# ---- the two set-up commands ----

run: deps-run
	@$(MAKE) --no-print-directory -j$(JOBS) all
	./$(PROGRAM) serve

# The browser tests' npm packages (playwright-core), pinned by package-lock.json.
BROWSER_MODULES := tests/browser/node_modules/.package-lock.json

$(BROWSER_MODULES): tests/browser/package.json tests/browser/package-lock.json
	cd tests/browser && npm ci --no-audit --no-fund --loglevel=error

test: deps $(BROWSER_MODULES)
	@$(MAKE) --no-print-directory -j$(JOBS) all $(TESTS) wasm
	./$(TESTS) --program ./$(PROGRAM) --data tests/data

test-slow: deps
	@$(MAKE) --no-print-directory -j$(JOBS) all $(TESTS)
	./$(TESTS) --program ./$(PROGRAM) --data tests/data --slow --only perft,load,egdb,solve
# issue 32's PostgreSQL load: 2,000 accounts in 1,000 lobby games, paced, three processes
# behind nginx (docs/federation.md "Capacity")
	SHASHKI_LOAD_DB=postgresql SHASHKI_LOAD_PROCESSES=3 SHASHKI_LOAD_ACCOUNTS=1 \
	  SHASHKI_LOAD_GAMES=1000 SHASHKI_LOAD_PACE=1 SHASHKI_LOAD_KINDS=russian \
	  ./$(TESTS) --program ./$(PROGRAM) --data tests/data --slow --only load

sanitize: deps $(BROWSER_MODULES)
	@$(MAKE) --no-print-directory -j$(JOBS) BUILD=build/sanitize OPT=-O1 \
	  EXTRA_CFLAGS="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
	  EXTRA_LDFLAGS="-fsanitize=address,undefined" build/sanitize/shashki build/sanitize/shashki-tests
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  ./build/sanitize/shashki-tests --program ./build/sanitize/shashki --data tests/data

bench: all
	./$(PROGRAM) bench
	./$(PROGRAM) perft 12
	./$(PROGRAM) perft 12 --threads 2
	./$(PROGRAM) tournament bench 500

warnings:
	$(MAKE) --no-print-directory -j$(JOBS) BUILD=build/gcc CC=gcc WERROR=1 build/gcc/shashki build/gcc/shashki-tests build/gcc/tools/datagen build/gcc/tools/tune build/gcc/tools/train
	$(MAKE) --no-print-directory -j$(JOBS) BUILD=build/clang CC=clang WERROR=1 build/clang/shashki build/clang/shashki-tests build/clang/tools/datagen build/clang/tools/tune build/clang/tools/train

# ---- fuzzing (clang's libFuzzer) ----
FUZZ_TARGETS := $(patsubst tests/fuzz/%.c,%,$(wildcard tests/fuzz/*.c))
FUZZ_FLAGS := -fsanitize=fuzzer,address,undefined -fno-omit-frame-pointer

# The harnesses link the library, the Hub reader with the engine it drives, and the DXP reader;
# fuzz_web besides the web server (with its embedded files) and libcurl, its client. A harness's
# dictionary (tests/fuzz/NAME.dict), if it has one, gives libFuzzer the words of its inputs.
FUZZ_OBJ = $(patsubst $(BUILD)/%,build/fuzz/%,$(ENGINE_OBJ) $(call obj,proto/hub.c proto/dxp.c))
FUZZ_WEB_OBJ = $(patsubst $(BUILD)/%,build/fuzz/%,$(call obj,$(SERVER_SRC)) $(WEB_OBJ))

fuzz:
	@$(MAKE) --no-print-directory BUILD=build/fuzz CC=clang OPT=-O1 \
	  EXTRA_CFLAGS="-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer" \
	  build/fuzz/libshashki.a $(FUZZ_OBJ) $(FUZZ_WEB_OBJ)
	@mkdir -p build/fuzz/corpus
	@for t in $(FUZZ_TARGETS); do \
	  case $$t in fuzz_web) extra="$(FUZZ_WEB_OBJ) -lcurl";; *) extra="";; esac; \
	  clang $(CPPFLAGS) -std=c11 -g -O1 $(FUZZ_FLAGS) tests/fuzz/$$t.c $(FUZZ_OBJ) $$extra \
	    build/fuzz/libshashki.a -o build/fuzz/$$t $(LDLIBS) || exit 1; \
	  mkdir -p build/fuzz/corpus/$$t; cp -n tests/fuzz/seeds/$$t/* build/fuzz/corpus/$$t/ 2>/dev/null; \
	  echo "== $$t for $(FUZZ_SECONDS) s"; \
	  dict=""; [ -f tests/fuzz/$$t.dict ] && dict="-dict=tests/fuzz/$$t.dict"; \
	  ./build/fuzz/$$t -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 $$dict \
	    build/fuzz/corpus/$$t 2>&1 | tail -n 12 || exit 1; \
	done

# The endgame databases stay: build/egdb took minutes to hours (rm -rf build/egdb drops them).
clean:
	@if [ -d build ]; then find build -mindepth 1 -maxdepth 1 ! -name egdb -exec rm -rf {} +; fi
