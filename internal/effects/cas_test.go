package effects

import (
	"testing"

	"github.com/idemlint/idemlint/internal/sqltext"
)

// TestCompareAndSet lists UPDATEs whose WHERE clause a second run finds
// false, and some it does not.
func TestCompareAndSet(t *testing.T) {
	for sql, want := range map[string]bool{
		"UPDATE p SET status = $2 WHERE id = $1 AND status = $3":                        true,
		"UPDATE p SET status = 'cancelled' WHERE id = $1 AND status <> 'cancelled'":     true,
		"UPDATE p SET status = 'cancelled' WHERE id = $1 AND p.status != 'cancelled'":   true,
		"UPDATE p SET sent_at = now() WHERE id = $1 AND sent_at IS NULL":                true,
		"UPDATE p SET status = 'held' WHERE id = $1 AND status IN ('new', 'open')":      true,
		"UPDATE p SET status = 'held' WHERE id = $1 AND status NOT IN ('held', 'paid')": true,
		"UPDATE p SET status = $2 WHERE id = $1 AND status <> 'closed'":                 false,
		"UPDATE p SET status = 'open' WHERE id = $1 AND status IN ('new', 'open')":      false,
		"UPDATE p SET sent_at = NULL WHERE id = $1 AND sent_at IS NULL":                 false,
		"UPDATE p SET note = $2 WHERE id = $1 AND status <> 'closed'":                   false,
		"UPDATE p SET status = 'x' WHERE id = $1 OR status <> 'x'":                      false,
		"UPDATE p SET balance = $2 WHERE id = $1 AND balance >= $3":                     false,
		"UPDATE p SET version = version + 1 WHERE id = $1 AND version = $2":             false,
		"UPDATE p SET status = ? WHERE id = ? AND status IN (?)":                        true,
		"UPDATE p SET status = $2 WHERE id = $1 AND status IN ($3, $4)":                 true,
		"UPDATE p SET note = $2 WHERE id = $1 AND status IN ($3)":                       false,
	} {
		if got := CompareAndSet(sqltext.Parse(sql)); got != want {
			t.Errorf("CompareAndSet(%q) = %v, want %v", sql, got, want)
		}
	}
}
