package outdir

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tree makes a temporary fake repository, top/repo, with a home directory
// beside it and links to both, and returns top.
func tree(t *testing.T) string {
	t.Helper()
	top, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	for _, d := range []string{"repo/.git", "repo/engine", "repo/..foo", "h/home", "views"} {
		require.NoError(t, os.MkdirAll(filepath.Join(top, d), 0o755))
	}
	require.NoError(t, os.Symlink(filepath.Join(top, "repo"), filepath.Join(top, "link-to-repo")))
	require.NoError(t, os.Symlink(filepath.Join(top, "repo", "engine"), filepath.Join(top, "link-inside")))
	require.NoError(t, os.Symlink("repo", filepath.Join(top, "relative-link")))
	t.Setenv("HOME", filepath.Join(top, "h", "home"))
	return top
}

func TestCheck(t *testing.T) {
	top := tree(t)
	repo := filepath.Join(top, "repo")
	tests := []struct {
		name   string
		dir    string // relative to top
		inside bool   // the site's rule: inside the repository is allowed
		want   string // the rule broken, "" if dir is allowed
	}{
		{"the repository", "repo", false, "is the repository"},
		{"the repository, for the site", "repo", true, "is the repository"},
		{"inside", "repo/engine", false, "is inside the repository"},
		{"inside, not there yet", "repo/new/deeper", false, "is inside the repository"},
		{"inside, for the site", "repo/_site", true, ""},
		{"a name that starts with ..", "repo/..foo", false, "is inside the repository"},
		{"a name that starts with .., not there yet", "repo/..bar", false, "is inside the repository"},
		{"the parent", "repo/..", false, "contains the repository"},
		{"the parent, for the site", "repo/..", true, "contains the repository"},
		{"a link to the repository", "link-to-repo", false, "is the repository"},
		{"a relative link to the repository", "relative-link", true, "is the repository"},
		{"a link to a directory inside", "link-inside", false, "is inside the repository"},
		{"under a link to a directory inside", "link-inside/new", false, "is inside the repository"},
		{"under a link, through ..", "link-to-repo/engine/..", false, "is the repository"},
		{"the file system's root", "/", false, "is the file system's root"},
		{"the home directory", "h/home", false, "is or contains the home directory"},
		{"above the home directory", "h", false, "is or contains the home directory"},
		{"inside the home directory", "h/home/views/7", false, ""},
		{"beside the repository", "views/view-7", false, ""},
		{"a sibling whose name starts with the repository's", "repo-views", false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := tt.dir
			if !filepath.IsAbs(dir) {
				dir = filepath.Join(top, dir)
			}
			got, err := Check(repo, dir, tt.inside)
			if tt.want != "" {
				require.Error(t, err, "Check(%q)", tt.dir)
				assert.Contains(t, err.Error(), tt.want, "Check(%q)", tt.dir)
				return
			}
			require.NoError(t, err, "Check(%q)", tt.dir)
			assert.Equal(t, filepath.Clean(dir), got, "Check(%q)", tt.dir)
		})
	}
}

// The repository may be named through a link too.
func TestCheckRootThroughLink(t *testing.T) {
	top := tree(t)
	_, err := Check(filepath.Join(top, "link-to-repo"), filepath.Join(top, "repo", "engine"), false)
	assert.ErrorContains(t, err, "is inside the repository")
}
