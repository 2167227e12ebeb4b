// Package view writes the views of the book's stages: the module as chapter
// N leaves it, derived from the one source, never kept by hand. Its commands
// are in tools/book:
//
//	go run ./tools/book view [-replace] N DIR   write stage N's view (1..20 or main) into DIR
//	go run ./tools/book views [-tests=false] [N ...]  prove the views (all if none)
//	go run ./tools/book starter [-replace] N DIR  write stage N's starter into DIR
//
// # What a view holds
//
// A view is a Go module: engine/, stages/ and testdata/ of the repository,
// a README naming its chapter, and what makes it a handout that grades
// itself and stands alone:
//
//   - a Makefile whose make grade runs go vet ./... and go test ./... and
//     ends with one line of verdict; among the tests, one of the engine's
//     runs the bench and fails when its count is not the stage's
//     (stages.Bench, from the stage's file): "bench 1742410 nodes, stage 7
//     expects 1395940";
//   - stages/tagged.go, built only under a stage tag, which then fails to
//     compile with a message naming the handout's stage: a view is one
//     stage, and a tag would otherwise be silently ignored;
//   - a go.mod and go.sum that require only what the view imports (testify,
//     for its tests), as go mod tidy writes them offline from the module
//     cache, without the book's dependencies or its tool line.
//
// The book, its tools and the chapters are not part of a chapter's
// program. A view is never written into the repository's tree, nor over a
// directory that holds it (links resolved). A non-empty target directory is replaced only with
// -replace, and only when it holds a view written before: the view lists
// the files it wrote, with their SHA-256, in .cb2026-view, and a replace
// removes those files and refuses a directory that holds anything else or a
// file changed since.
//
// # The rule
//
// The view of stage N is cut from the source in five steps, each decided
// from the code alone:
//
//  1. Build tags. Files are selected with the tag stageN (none for main)
//     and lose the //go:build lines that name a stage; so stages.Current
//     is the constant N (main's is stages.Main, 21). A file that another
//     system builds instead of this one (a _windows.go file, a //go:build
//     !linux file) is copied whole, its constraint kept, where the view
//     keeps what it declares: it is another system's version of it. An
//     assembly file goes with the Go file of its name, which declares
//     what it defines (prefetch_amd64.s with prefetch_amd64.go).
//  2. Switch folding. A field of the switch struct (the type Techniques,
//     with its table techniques and DefaultTechniques, in whichever package
//     declares them) whose table row has a Stage above N goes; a read of it
//     is its value when off (false, or the zero constant of its type: a
//     choice's Off); a test that sets it, or calls DefaultTechniques(K) with
//     a constant K above N, goes. Then, on the syntax: stages.Current
//     compared with a number, true && x, a constant if or case, code after
//     a return, a call of an unexported function whose body is return
//     true/false (or return x, false for "if v, ok := f(); ok"), and a
//     call statement of one whose body is empty or one
//     return of values free of side effects, fold (a name that is also a
//     struct field's is not known); and "x := e" right before "return x"
//     (a constructor whose steps between them are later) becomes
//     "return e".
//  3. Rows by Stage. In any package, an element of a composite literal
//     that is a keyed struct literal (or & of one, or a map's value) whose
//     field Stage or stage is a constant above N goes, with its comment.
//  4. File and declaration markers (below) cut what they stand above.
//  5. Dead code goes, to a fixed point: a function, method, type, constant,
//     variable or unexported field that nothing kept uses (kept: exported
//     names, the exported methods of kept types and those an interface of
//     the module names, main, init, tests, benchmarks, fuzz targets,
//     examples). A field only set (a plain assignment or a literal's key,
//     with a value free of side effects) goes with its settings, so a
//     field that only a later switch's code reads needs no marker; an iota
//     group goes only whole; unused imports go; a file left empty goes,
//     except the package comment's, which goes with its package. A local
//     variable is never repaired: one that only a later stage's code reads
//     leaves a view that does not compile, an error at its line, and the
//     code is written so that the later stage's step holds what it needs
//     (a field only that step reads goes by the rule above).
//
// What goes with a removed declaration is decided from the uses the type
// information records in the code before the cut, never from compiler
// messages: a test or an unexported declaration that uses it goes (and so
// on; an exported method of a removed type is an error), as do a
// switch's case whose every value is a removed constant or type, an
// element of an array, slice or map literal that is it or is keyed by it
// (so a list of the picker's stages needs no marker on a later stage's),
// a call statement whose function
// names it (f(), x.f(), x.field.M(); in a test, the test goes whole) or an
// "if v, ok := f(); ok" with no else whose f does, an interface's embedding
// of it (so what a later stage adds to an interface is an interface of its
// own, marked, and embedded), and an unexported struct field whose type
// names it (so a field of a later stage's type needs no marker). A use in an
// exported declaration, in main or in init, and any view that does not
// type-check, is an error at the source's file:line.
//
// # Stage markers
//
// Where no switch guards code of a later chapter, a directive comment says
// which chapter it belongs to:
//
//	//book:stage N      (N in 1..20, or main: after stage 20)
//
// In a file's header (before the package clause) it leaves the whole file
// out of the views of stages before N; in the header of the file that holds
// the package comment ("// Package eval ..."), the whole package, with its
// tests and test data, and the imports of it elsewhere (what used it goes
// as the rule says for removed names, so an exported name that uses it needs
// a marker of its own). Right above a declaration (at the end of its doc
// comment, where gofmt keeps directives), a spec of a group, a struct field,
// an interface's method or an element of a composite literal, or at the end
// of a field's or a spec's line (PawnStructure bool //book:stage 19, which
// go doc shows as it stands rather than as a blank line), it leaves that
// out. A
// malformed marker, one naming no stage, and one that stands by none of
// these are errors with file:line. Markers, like region markers, never
// show in the book, and they are dropped from the views.
//
// A marker is written only where the rule would keep the code without it.
// What nothing kept uses goes by step 5 on its own: a field, a helper or a
// file that only a later stage's code uses needs no marker (a console
// command's file goes with its row, whose Stage says when it arrives).
// Nothing folds the uses of what a marker cuts: a marked field is read and
// set only where that goes with it, in a later stage's file or function,
// by a call statement of one (p.findCheckers()), or behind its switch.
//
// A marker has a shape, checked in every file a view copies: it stands
// outside function bodies (a later chapter's statements live in a step of
// their technique's file, behind its switch, or in a row with a Stage), and
// it names a later stage than any marker that encloses it (the file's
// header, a type's, a declaration's), since otherwise it cuts nothing more.
// Either is an error with file:line.
//
// # Starters
//
// A stage's starter is its view with the chapter's construction exercise
// left to the student: the functions the chapter's front matter lists under
// starter: keep their doc comments and signatures, and their bodies become
// a stub that compiles and vets, a comment naming the chapter's exercise and
// a return of zero values (a bare return for named results; each result's
// zero is found from its type, the view type-checked, and written *new(T)
// for a type parameter). The imports only those
// bodies used go; every other byte is the view's. WriteStarter writes one by
// Write's rules and lists the stubbed files in the manifest as they are.
//
// # The proof
//
// Prove (book views, run by make check) writes a view into a temporary
// directory and proves it is its stage's engine: it builds with no tags, go
// vet is clean, its tests pass, and its bench prints line for line what the
// repository's engine built with -tags stageN prints (nps masked). It vets
// and tests the view's packages whose behaviour is the stage's (those that
// use stages.Current, stages.Bench or stages.Selected), whose code the view
// changed (comments aside: a file that only lost its stage markers compiles
// to the repository's code), or that depend on either (Affected), with one
// go test -vet=all; the others are the repository's packages unchanged,
// vetted and tested by make vet and go test ./... already. Of those, a
// package whose files, whose dependencies' files and whose test data are
// byte for byte those of a view proved before in the same run (the board's
// from stage 4 to 20, the evaluation's from 4 to 18) compiles to the same
// test binary and is not tested again: the first view to claim it tests it
// (claimTests), and book views prints how many each view shared.
//
// A view shows nothing of a later chapter: the proof fails on a view whose
// code or comments name a later chapter's technique (checkLeaks), or whose
// unexported functions take a parameter they never read, one only a later
// stage's code would (checkParams); each keeps a short list of what may
// stay, with its reason.
//
// It also builds the view's stages package with -tags stage12, which must
// fail with the guard's message; and for stages 3 and 20 it proves that the
// view stands alone: with a fresh module cache holding only the modules its
// go.mod requires and GOPROXY=off, make grade (go vet ./..., go test ./...)
// passes and leaves go.mod and go.sum as they were.
//
// # Steps
//
// A step is what a chapter changes: the view of the stage before (Previous)
// made into its own. Diff says what a step changes, every file added,
// removed or changed, the README and the stage file (StageFile, which sets
// stages.Current) included; the site's diff page of a stage lists exactly
// those files. CheckStep proves that this is the whole step: a copy of the
// earlier view with Diff's changes applied (Apply) is the later view, byte
// for byte. book views proves it for every stage whose previous view it
// proves in the same run, so make check proves it for every stage.
package view
