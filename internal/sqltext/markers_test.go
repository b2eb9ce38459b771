package sqltext

import "testing"

// TestMarkerTables checks that a table checked and then inserted into,
// with other work between, marks that work done: by a plain INSERT, or
// by an upsert when the check only asks whether the row is there; not
// by an upsert after a read of what the row holds (a cursor moved).
func TestMarkerTables(t *testing.T) {
	for _, tc := range []struct {
		stmts []string
		want  bool
	}{
		{[]string{"SELECT 1 FROM done_jobs WHERE job_key = $1", "UPDATE deposits SET captured = captured + $1 WHERE id = $2", "INSERT INTO done_jobs (job_key) VALUES ($1)"}, true},
		{[]string{"SELECT COUNT(*) FROM job_markers WHERE job_key = ?", "UPDATE deposits SET captured = captured + ? WHERE id = ?", "INSERT INTO job_markers (job_key, completed_at) VALUES (?, ?) ON DUPLICATE KEY UPDATE completed_at = VALUES(completed_at)"}, true},
		{[]string{"SELECT position FROM cursors WHERE name = $1", "UPDATE deposits SET captured = captured + $1 WHERE id = $2", "INSERT INTO cursors (name, position) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET position = excluded.position"}, false},
		{[]string{"SELECT 1 FROM done_jobs WHERE job_key = $1", "INSERT INTO done_jobs (job_key) VALUES ($1)"}, false},
	} {
		var parsed []*Statement
		for _, s := range tc.stmts {
			parsed = append(parsed, Parse(s))
		}
		table := parsed[0].Table
		if got := MarkerTables(parsed)[table]; got != tc.want {
			t.Errorf("MarkerTables(%q)[%s] = %v, want %v", tc.stmts, table, got, tc.want)
		}
	}
}
