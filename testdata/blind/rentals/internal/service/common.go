// Package service implements the marketplace's use cases on top of the
// repositories and provider clients.
package service

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"log/slog"
	"time"
)

// Clock is injected so that tests and replays can control time.
type Clock interface {
	Now() time.Time
}

// SystemClock is the wall clock in UTC.
type SystemClock struct{}

// Now returns the current UTC time.
func (SystemClock) Now() time.Time { return time.Now().UTC() }

// NewClock provides the system clock.
func NewClock() Clock { return SystemClock{} }

// requestHash fingerprints a request body so that an idempotency key reused
// with a different body can be rejected.
func requestHash(v any) string {
	b, _ := json.Marshal(v)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

func day(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

func logErr(log *slog.Logger, msg string, err error, args ...any) {
	if err != nil {
		log.Error(msg, append(args, "err", err)...)
	}
}
