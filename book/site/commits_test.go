package site

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// resultCommit finds the commits a recorded result names: an engine spec's
// rev=, and the source a tool recorded for a build, "(source 0123abcd)".
var resultCommit = regexp.MustCompile(`rev=([0-9a-f]{7,40})\b|\(source ([0-9a-f]{7,40})\)`)

// Every commit a recorded result was built from is in the history of the
// checkout, so that a clone can build the same engines again: a match
// played from a side branch that was never merged names commits a clone of
// main does not have.
func TestResultsCommitsAreInHistory(t *testing.T) {
	root := "../.."
	out, err := exec.Command("git", "-C", root, "rev-parse", "--is-shallow-repository").Output()
	if err != nil || strings.TrimSpace(string(out)) != "false" {
		t.Skip("needs the repository's full history (not a git checkout, or a shallow clone)")
	}
	commits := map[string][]string{}
	for _, tool := range resultsTools {
		dir := filepath.Join(root, "tools", tool, "results")
		err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !(strings.HasSuffix(path, ".txt") || strings.HasSuffix(path, ".json")) {
				return err
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			for _, m := range resultCommit.FindAllStringSubmatch(string(data), -1) {
				c := m[1] + m[2]
				commits[c] = append(commits[c], path)
			}
			return nil
		})
		require.NoError(t, err)
	}
	require.NotEmpty(t, commits, "the results name their commits")
	var missing []string
	for c, files := range commits {
		if err := exec.Command("git", "-C", root, "merge-base", "--is-ancestor", c, "HEAD").Run(); err != nil {
			missing = append(missing, c+" (named in "+files[0]+")")
		}
	}
	sort.Strings(missing)
	assert.Empty(t, missing, "commits that results were built from and HEAD's history lacks")
}
