package site

import (
	"os/exec"
	"regexp"
	"strings"
)

// A repo is where the site's pages come from: the repository's web address
// (empty when it has none, as for a clone of a local folder) and the commit
// the site was built from.
type repo struct {
	web    string // e.g. https://github.com/OWNER/cb2026, no trailing slash
	commit string // the full hash; empty outside a git checkout
	dirty  bool   // the work tree had changes the commit does not hold
}

// readRepo finds the repository of the module at root: the web address
// given (or else git's remote origin, as https), the commit checked out, and
// whether the work tree differs from it.
func readRepo(root, web, commit string) repo {
	git := func(args ...string) string {
		out, err := exec.Command("git", append([]string{"-C", root}, args...)...).Output()
		if err != nil {
			return ""
		}
		return strings.TrimSpace(string(out))
	}
	r := repo{web: strings.TrimSuffix(web, "/"), commit: commit}
	if r.web == "" {
		r.web = webAddress(git("remote", "get-url", "origin"))
	}
	if r.commit == "" {
		r.commit = git("rev-parse", "HEAD")
		r.dirty = r.commit != "" && git("status", "--porcelain", "--untracked-files=no") != ""
	}
	return r
}

// scpLike is a remote written as git@host:owner/name.git.
var scpLike = regexp.MustCompile(`^[A-Za-z0-9._-]+@([A-Za-z0-9.-]+):(.+)$`)

// webAddress turns a git remote into the web address of its repository:
// https://host/owner/name from an https, ssh or scp-like remote; "" for a
// local path or anything else it cannot read.
func webAddress(remote string) string {
	remote = strings.TrimSuffix(strings.TrimSpace(remote), ".git")
	switch {
	case strings.HasPrefix(remote, "https://"):
		return remote
	case strings.HasPrefix(remote, "http://"):
		return "https://" + strings.TrimPrefix(remote, "http://")
	case strings.HasPrefix(remote, "ssh://"):
		host, rest, ok := strings.Cut(strings.TrimPrefix(remote, "ssh://"), "/")
		if !ok {
			return ""
		}
		if _, h, ok := strings.Cut(host, "@"); ok {
			host = h
		}
		host, _, _ = strings.Cut(host, ":") // an ssh port is not the web's
		return "https://" + host + "/" + rest
	}
	if m := scpLike.FindStringSubmatch(remote); m != nil {
		return "https://" + m[1] + "/" + m[2]
	}
	return ""
}

// short returns the commit's first 12 characters, as git log prints them
// with --abbrev=12.
func (r repo) short() string {
	return r.commit[:min(12, len(r.commit))]
}

// editURL returns the address of the page that edits a file of the
// repository on its main branch, in GitHub's form (web/edit/main/file);
// "" without a web address. The addresses of fileURL and commitURL take
// GitHub's form too.
func (r repo) editURL(file string) string {
	if r.web == "" {
		return ""
	}
	return r.web + "/edit/main/" + file
}

// fileURL returns the address of a file as of the commit built; "" without
// a web address or a commit.
func (r repo) fileURL(file string) string {
	if r.web == "" || r.commit == "" {
		return ""
	}
	return r.web + "/blob/" + r.commit + "/" + file
}

// commitURL returns the address of the commit built.
func (r repo) commitURL() string {
	if r.web == "" || r.commit == "" {
		return ""
	}
	return r.web + "/commit/" + r.commit
}
