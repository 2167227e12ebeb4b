package stages

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAllIsThePlan(t *testing.T) {
	all := All()
	require.Len(t, all, Last+1)
	for _, s := range all {
		assert.Regexp(t, fmt.Sprintf(`^chapters/%02d-[a-z0-9-]+\.md$`, s.Number), s.Chapter, "a stage's number is its chapter's")
	}
	for i, s := range all[:Last] {
		assert.Equal(t, i+1, s.Number, "All()[%d].Number", i)
		if s.Number < 3 {
			assert.Zero(t, s.BenchDepth, "stage %d has no search: its bench has no depth", s.Number)
		} else {
			assert.Positive(t, s.BenchDepth, "stage %d bench depth", s.Number)
		}
	}
	assert.Equal(t, Main, all[Last].Number)
}

func TestSelectedIsCurrent(t *testing.T) {
	s := Selected()
	assert.Equal(t, Current, s.Number)
	_, ok := Get(0)
	assert.False(t, ok, "Get(0) found a stage")
}

// TestForms writes stages 1, 7, 20 and main in every form.
func TestForms(t *testing.T) {
	tests := []struct {
		n                    int
		str, name, tag, file string
		args                 []string
	}{
		{1, "1", "stage 1", "stage1", "stage1", []string{"-tags", "stage1"}},
		{7, "7", "stage 7", "stage7", "stage7", []string{"-tags", "stage7"}},
		{20, "20", "stage 20", "stage20", "stage20", []string{"-tags", "stage20"}},
		{Main, "main", "main", "", "main", nil},
	}
	for _, tt := range tests {
		st, ok := Get(tt.n)
		require.True(t, ok, "Get(%d)", tt.n)
		assert.Equal(t, tt.str, st.String(), "Get(%d).String()", tt.n)
		assert.Equal(t, tt.name, st.Name(), "Get(%d).Name()", tt.n)
		assert.Equal(t, tt.tag, st.Tag(), "Get(%d).Tag()", tt.n)
		assert.Equal(t, tt.file, st.FileName(), "Get(%d).FileName()", tt.n)
		assert.Equal(t, tt.args, st.BuildArgs(), "Get(%d).BuildArgs()", tt.n)
	}
}

// Every stage and main survive String and Parse.
func TestParseRoundTrip(t *testing.T) {
	for _, st := range All() {
		got, err := Parse(st.String())
		require.NoError(t, err, "Parse(%q)", st.String())
		assert.Equal(t, st, got, "Parse(%q)", st.String())
	}
}

func TestParseRejects(t *testing.T) {
	for _, s := range []string{"", "0", "21", "99", "-1", "+7", "07", " 7", "7 ", "stage7", "Main", "MAIN", "stage 7", "7.0", "x"} {
		_, err := Parse(s)
		assert.EqualError(t, err, fmt.Sprintf("stages: %q: not a stage (want 1..20 or main)", s), "Parse(%q)", s)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"7", "main", "20", "21", "07", "stage7", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		st, err := Parse(s)
		if err != nil {
			assert.Equal(t, Stage{}, st, "Parse(%q) failed but returned a stage", s)
			return
		}
		assert.Equal(t, s, st.String(), "Parse(%q).String()", s)
		again, ok := Get(st.Number)
		assert.True(t, ok && again == st, "Parse(%q) = %+v, not a row of the plan", s, st)
	})
}
