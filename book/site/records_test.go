package site

import (
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readmeDate is a date as the results README writes one: "1 Dec 2026".
var readmeDate = regexp.MustCompile(`\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}\b`)

// readmeName is a folder name or a pattern of them in the README, as in
// "clock-1+0.01-main-8899f98-part*".
var readmeName = regexp.MustCompile(`[A-Za-z0-9][A-Za-z0-9.+_*-]*`)

// Every match in tools/match/results keeps what replaying and judging it
// needs: its games, its exact command, and the date and machine load it was
// played at. A results.txt written before the match tool recorded the date
// and load ("started … load average …") has them in the README section that
// names its folder, by name or by a pattern such as "…-part*".
func TestMatchResultsRecordTheirRun(t *testing.T) {
	dir := filepath.Join("../..", "tools", "match", "results")
	readme, err := os.ReadFile(filepath.Join(dir, "README.md"))
	require.NoError(t, err)
	sections := strings.Split(string(readme), "\n## ")
	dated := func(name string) bool {
		for _, s := range sections {
			if !readmeDate.MatchString(s) || !strings.Contains(s, "load") {
				continue
			}
			for _, w := range readmeName.FindAllString(s, -1) {
				if ok, _ := path.Match(w, name); ok {
					return true
				}
			}
		}
		return false
	}
	// The folders are those git tracks, so a match still being played, whose
	// folder holds games but no results yet, is not judged before it lands.
	out, err := exec.Command("git", "-C", dir, "ls-files", ".").Output()
	if err != nil {
		t.Skip("needs a git checkout to tell recorded matches from ones being played")
	}
	files := map[string][]string{} // folder (a ladder's step: ladder/step) → its files
	for _, f := range strings.Fields(string(out)) {
		if d := path.Dir(f); d != "." {
			files[d] = append(files[d], path.Base(f))
		}
	}
	folders := 0
	for folder, names := range files {
		if !slices.Contains(names, "results.txt") && !slices.ContainsFunc(names, isGames) {
			continue // a ladder's own folder: its steps are the matches
		}
		folders++
		assert.True(t, slices.ContainsFunc(names, isGames), "%s: no games.pgn", folder)
		res, err := os.ReadFile(filepath.Join(dir, folder, "results.txt"))
		if !assert.NoError(t, err, "%s: no results.txt", folder) {
			continue
		}
		text := string(res)
		assert.Regexp(t, `(?m)^command: `, text, "%s: results.txt records no command", folder)
		if !(strings.Contains(text, "started ") && strings.Contains(text, "load average")) {
			top, _, _ := strings.Cut(folder, "/")
			assert.True(t, dated(top), "%s: neither results.txt nor a README section naming it gives the date and load", folder)
		}
	}
	require.Positive(t, folders, "tools/match/results holds matches")
}

// isGames reports whether a results file is a match's games, compressed or not.
func isGames(name string) bool { return strings.HasPrefix(name, "games.pgn") }
