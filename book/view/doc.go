// Package view writes the views of the book's stages: the module as chapter
// N leaves it, derived from the one source, never kept by hand. Its commands
// are in tools/book:
//
//	go run ./tools/book view [-replace] N DIR   write stage N's view (1..20 or main) into DIR
//	go run ./tools/book views [-tests=false] [N ...]  prove the views (all if none)
//
// # What a view holds
//
// A view is a Go module: go.mod and go.sum, engine/, stages/ and testdata/
// of the repository, and a README naming its chapter. The book, its tools
// and the chapters are not part of a chapter's program. A view is never
// written into the repository's tree, nor over a directory that holds it
// (links resolved). A non-empty target directory is replaced only with
// -replace, and only when it holds a view written before: the view lists
// the files it wrote, with their SHA-256, in .cb2026-view, and a replace
// removes those files and refuses a directory that holds anything else or a
// file changed since.
//
// # The rule
//
// The view of stage N is cut from the source in five steps, each from the
// code alone:
//
//  1. Build constraints are evaluated with the tag stageN (none for main):
//     a file the stage does not compile is left out, and the //go:build
//     lines of the others are dropped. So the stages package of a view has
//     one file, setting Current to N, and a view builds with no tags; and
//     stages.Current, where the engine reads it, is the constant N (main's
//     is stages.Main), so a comparison of it with a number folds in step 3.
//  2. Rows by Stage, and switches fold. A row of any table, in any
//     package (an element of a composite literal that is itself a keyed
//     struct literal, or & of one, or a map's value), whose field Stage or
//     stage is a constant above N goes whole, with the comment above it; a
//     row with no such field, an unkeyed one, or one whose stage is not a
//     constant stays. stages.Main (21) is after stage 20: a row of it is
//     in no view but main's.
//     So the technique table (search.techniques) loses the rows of later
//     techniques, and each such technique's field of search.Techniques goes
//     too; every read of it becomes the field's value when off: false for a
//     switch, the zero constant of its type for a choice
//     (CaptureHistoryOff). A test that sets such a field, or asks for a
//     later stage's engine (DefaultTechniques(K) with a constant K above
//     N), goes too. A struct field whose stage marker (below) names a later
//     stage folds the same way: a read becomes the field's zero value
//     (false, 0, "", nil or the zero constant of its type), and a statement
//     that only sets it (an assignment to it alone, an increment) or a
//     literal's element keyed by it goes; a read of a field of a table or
//     struct type is left to the markers of the code that uses it. Code
//     that a later stage's marker cuts is not folded: it goes whole in step 4.
//  3. What the constants leave is simplified on the syntax: stages.Current
//     compared with a number is true or false, true && x is x,
//     an if whose condition is constant is the branch taken, a tagless
//     switch loses its false cases, is its first case when that is true and
//     an if when one case with one condition is left, code after a return
//     goes, and so does a function's last statement when it is a bare
//     return, or an if free of side effects whose body is one. An
//     unexported function whose body is return true (or false) is that
//     constant where it is called with arguments free of side effects; one
//     whose body is return x, false makes "if v, ok := f(...); ok { ... }"
//     go; and a call statement of one that does nothing (an empty body) goes.
//     So a technique's step in its own file (s.tryNullMove, s.store), which
//     begins by asking its switch, leaves no trace where it is called in a
//     view that folds the switch off.
//  4. Stage markers apply (see below).
//  5. Dead code goes, with go/types, to a fixed point: a function, method,
//     type, constant, variable or unexported struct field that nothing kept
//     uses. Kept are the exported names (and the exported methods of kept
//     types, and methods an interface of the module names), main, init, the
//     tests, benchmarks, fuzz targets and examples. A field that is only
//     set (a plain assignment or a literal's key, with a value free of side
//     effects) is not used by that: the setting goes with it. A constant of
//     an iota group goes only with its whole group. Imports no longer used
//     go; a file left with no declarations goes, except the one that holds
//     the package comment (a doc.go), which goes only with its package.
//
// A test that uses a declaration the rule removed (by folding or a marker)
// goes; so does an unexported declaration that uses one, a method of a
// removed type and a type switch's case of one. Any other error of the
// view is the generator's, or the markers': it is reported as file:line of
// the view with the compiler's message, and nothing is silently deleted.
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
// an interface's method, an element of a composite literal, a case of a
// switch or a statement, it leaves that out. A malformed marker, one naming
// no stage, and one that is above none of these are errors with file:line. Markers, like region
// markers, never show in the book, and they are dropped from the views.
//
// A marker has a shape, checked in every file a view copies: it stands
// outside function bodies (a later chapter's statements live in a step of
// their technique's file, behind its switch, or in a row with a Stage), and
// it names a later stage than any marker that encloses it (the file's
// header, a type's, a declaration's), since otherwise it cuts nothing more.
// Either is an error with file:line. The files not yet converted to that
// shape are listed, to be shortened, in inBodyAllowed.
//
// # The proof
//
// Prove (book views, run by make check) writes a view into a temporary
// directory and proves it is its stage's engine: it builds with no tags, go
// vet is clean, its tests pass, and its bench prints line for line what the
// repository's engine built with -tags stageN prints (nps masked). It vets
// and tests the view's packages whose behaviour is the stage's (those that
// use stages.Current or stages.Selected), whose files the view changed, or
// that depend on either (Affected), with one go test -vet=all; the others
// are the repository's packages unchanged, vetted and tested by make vet
// and go test ./... already.
package view
