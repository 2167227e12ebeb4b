package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"cb2026/tools/internal/driver"
	"cb2026/tools/internal/epd"
	"cb2026/tools/internal/fakeuci"
	"cb2026/tools/internal/spec"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMain lets the test binary act as the fake engine when re-executed.
func TestMain(m *testing.M) {
	if os.Getenv(fakeuci.EnvVar) != "" {
		os.Exit(fakeuci.Main(os.Args[1:], fakeuci.Legal()))
	}
	os.Exit(m.Run())
}

func testdata(name string) string { return filepath.Join("..", "..", "testdata", name) }

// Every suite in testdata loads: its bm, am and c0 moves are legal SAN.
func TestSuitesLoad(t *testing.T) {
	want := map[string]int{"wac.epd": 300, "wacnew.epd": 300, "arasan2024.epd": 200, "ECM.epd": 879,
		"ecmgcp.epd": 183, "bratko_kopec_test.epd": 24, "STS1-STS15_LAN_v3.epd": 1500}
	for name, n := range want {
		ps, err := loadSuite(testdata(name), 0)
		require.NoError(t, err, name)
		assert.Len(t, ps, n, name)
		if strings.HasPrefix(name, "STS") {
			for _, p := range ps {
				require.True(t, p.HasPoints(), "%s has c0 points", p.ID)
			}
		}
	}
}

func problem(t *testing.T, line string) *Problem {
	r, err := epd.Parse(line)
	require.NoError(t, err)
	p, err := NewProblem(r)
	require.NoError(t, err)
	return p
}

func TestSolved(t *testing.T) {
	p := problem(t, `2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";`)
	assert.True(t, p.Solved("g3g6"))
	assert.False(t, p.Solved("g3h4"))
	assert.Equal(t, "bm Qg6", p.Expected())
	p = problem(t, `8/8/8/8/8/2k5/8/K7 w - - am Kb1; id "am only";`)
	assert.True(t, p.Solved("a1a2"))
	assert.False(t, p.Solved("a1b1"))
	sts := problem(t, `1kr5/3n4/q3p2p/p2n2p1/PppB1P2/5BP1/1P2Q2P/3R2K1 w - - bm f5; id "STS(v1.0) Undermine.001"; c0 "f5=10, Be5+=2, Bf2=3, Bg4=2";`)
	assert.Equal(t, 3, sts.Points["d4f2"])
	assert.Equal(t, 10, sts.MaxPoints())
	assert.Equal(t, "STS(v1.0) Undermine", sectionOf(sts.ID))
	assert.Equal(t, "", sectionOf("WAC.001"))
}

func TestBadRecords(t *testing.T) {
	for _, line := range []string{
		`8/8/8/8/8/8/8/K6k w - - id "nothing";`,
		`8/8/8/8/8/8/8/K6k w - - bm Qg6;`,
		`8/8/8/8/8/8/8/K6k w - - c0 "Kb1=x";`,
		`8/8/8/8/8/8/8/K6k w - - bm Ka2; am Ka2;`,
		`8/8/8/8/8/8/8/K6k w - - bm Ka2 Kb1; am Kb2 Kb1;`,
	} {
		r, err := epd.Parse(line)
		require.NoError(t, err)
		_, err = NewProblem(r)
		assert.Error(t, err, line)
	}
}

// A suite file that cannot be run as asked is refused, with the file and
// the line that is wrong.
func TestLoadSuiteRefuses(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"empty", "", "empty.epd: no EPD records"},
		{"comments", "# nothing\n\n", "comments.epd: no EPD records"},
		{"contradiction", "8/8/8/8/8/8/8/K6k w - - bm Ka2; id \"a\";\n8/8/8/8/8/8/8/K6k w - - bm Ka2 Kb1; am Kb1 Kb2; id \"b\";\n",
			"contradiction.epd line 2: b: Kb1 both bm and am"},
		{"long", "8/8/8/8/8/8/8/K6k w - - bm Ka2;\n" + strings.Repeat("8", 70000) + "\n", "long.epd: line 2: epd: line longer than 64 KiB"},
	}
	for _, tc := range tests {
		path := filepath.Join(t.TempDir(), tc.name+".epd")
		require.NoError(t, os.WriteFile(path, []byte(tc.text), 0o644))
		_, err := loadSuite(path, 0)
		assert.ErrorContains(t, err, tc.want, "loadSuite(%s)", tc.name)
	}
}

// A suite run with the fake engine is counted, failures included, and the
// same budget gives the same report twice.
func TestRunWithFake(t *testing.T) {
	ps, err := loadSuite(testdata("STS1-STS15_LAN_v3.epd"), 12)
	require.NoError(t, err)
	e := spec.Engine{Name: "fake", Cmd: os.Args[0], Env: []string{fakeuci.EnvVar + "=1"}}
	report := func(e spec.Engine) string {
		s := &Suite{Engine: e, Limits: driver.Limits{Nodes: 1}, Concurrency: 2, Timeout: 2 * time.Second}
		var out bytes.Buffer
		r := NewReport("sts", e, s.Limits, ps, s.Run(context.Background(), ps))
		r.Lines(&out)
		r.Summary(&out)
		return out.String()
	}
	first := report(e)
	assert.Equal(t, first, report(e))
	assert.Contains(t, first, "of 120 (")
	assert.Contains(t, first, "STS(v1.0) Undermine")
	e.Args = []string{"-fault", "crash", "-at", "1"}
	crashing := report(e)
	assert.Contains(t, crashing, "engine failures 12")
	assert.Equal(t, 12, strings.Count(crashing, "engine failure:"))
}

func TestRunCommand(t *testing.T) {
	out := t.TempDir() + "/suite.txt"
	var stdout, stderr bytes.Buffer
	fakeCmd := "cmd=" + os.Args[0] + " env=" + fakeuci.EnvVar + "=1"
	err := run([]string{"-engine", fakeCmd, "-suite", testdata("bratko_kopec_test.epd"), "-nodes", "1", "-v",
		"-out", out}, &stdout, &stderr)
	require.NoError(t, err)
	assert.Contains(t, stdout.String(), "of 24 (")
	assert.Equal(t, 24, strings.Count(stderr.String(), "BK."))
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, 24+2+3, strings.Count(string(b), "\n"))
	assert.Contains(t, string(b), "command: suite -engine "+fakeCmd)
	assert.Contains(t, string(b), "load average ")
	assert.Error(t, run([]string{"-engine", fakeCmd}, &stdout, &stderr), "no budget")
}
