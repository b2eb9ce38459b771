package e2e

import (
	"bytes"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/idemlint/idemlint/internal/testmod"
)

// replayState is what one delivery of testdata/mod/replay leaves behind,
// as its cmd/replay prints it: the rows of each table, the messages the
// stand-in provider sent, and the status the client got.
type replayState struct {
	Rows     map[string][]string
	Messages []string
	Status   int
}

// replayScenarios are the handlers of testdata/mod/replay, one per fix
// kind that writes SQL or calls a provider: naturalkey's conflict
// handling (place), freshid's derivation from the request's key (pay),
// the same from a key the handler hands a service that main wires
// (invoice), and missingkey's Idempotency-Key header (notify).
var replayScenarios = []string{"invoice", "notify", "pay", "place"}

// TestReplay delivers each request of testdata/mod/replay twice, as a
// client that lost the first response does, against PostgreSQL and a
// stand-in provider that honours Idempotency-Key, before and after
// idemlint -fix. Before the fixes, the second delivery changes what the
// tables and the provider hold, or what the client gets (that is the
// bug each finding names); after them, it changes nothing. The server
// comes from .ci/run, as for TestFixedSQLOnPostgres.
func TestReplay(t *testing.T) {
	dsn := os.Getenv("IDEMLINT_PG")
	if dsn == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("IDEMLINT_PG is not set: .ci/run starts PostgreSQL with .ci/postgres.sh and must export it")
		}
		t.Skip("no PostgreSQL server: run bash .ci/postgres.sh and set IDEMLINT_PG to the line it prints")
	}
	goCmd, root, bin := testmod.Idemlint(t)
	dir := testmod.CopyModule(t, filepath.Join(root, "testdata", "mod", "replay"))

	before := replay(t, dir, goCmd, dsn)
	for _, name := range replayScenarios {
		if s := before[name]; cmp.Equal(s[0], s[1]) {
			t.Errorf("%s: before the fixes, the second delivery changed nothing; the scenario shows no bug:\n%+v", name, s[0])
		}
	}

	run(t, dir, bin, "-fix", "./...")
	run(t, dir, goCmd, "build", "./...")
	run(t, dir, goCmd, "vet", "./...")
	if out, err := testmod.Command(dir, bin, "./...").CombinedOutput(); err != nil || len(bytes.TrimSpace(out)) > 0 {
		t.Errorf("idemlint ./... after -fix: %v\n%s", err, out)
	}

	after := replay(t, dir, goCmd, dsn)
	for _, name := range replayScenarios {
		s := after[name]
		if diff := cmp.Diff(s[0], s[1]); diff != "" {
			t.Errorf("%s: after the fixes, the second delivery still changes the state (-first +second):\n%s", name, diff)
		}
		// The first delivery does what it did: as many rows (their IDs
		// are derived now), the same messages, the same answer.
		if diff := cmp.Diff(shape(before[name][0]), shape(s[0])); diff != "" {
			t.Errorf("%s: the fixes change what the first delivery does (-before +after):\n%s", name, diff)
		}
	}
}

// shape is what a state says apart from the values of its rows: how many
// rows each table holds, the messages sent, the status.
func shape(s replayState) replayState {
	out := replayState{Rows: map[string][]string{}, Messages: s.Messages, Status: s.Status}
	for t, rows := range s.Rows {
		out.Rows[t] = make([]string, len(rows))
	}
	return out
}

// replay runs the module's cmd/replay and returns, by scenario, the
// states after the first and the second delivery.
func replay(t *testing.T, dir, goCmd, dsn string) map[string][2]replayState {
	t.Helper()
	cmd := testmod.Command(dir, goCmd, "run", "./cmd/replay")
	cmd.Env = append(cmd.Env, "REPLAY_DSN="+dsn)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go run ./cmd/replay: %v\n%s", err, stderr.Bytes())
	}
	var states map[string][2]replayState
	if err := json.Unmarshal(out, &states); err != nil {
		t.Fatalf("go run ./cmd/replay printed no states: %v\n%s", err, out)
	}
	if got := slices.Sorted(maps.Keys(states)); !slices.Equal(got, replayScenarios) {
		t.Fatalf("cmd/replay ran %q, want %q", got, replayScenarios)
	}
	return states
}
