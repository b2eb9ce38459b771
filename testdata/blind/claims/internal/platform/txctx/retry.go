package txctx

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// IsRetryable reports whether err is a serialization failure or deadlock
// that Postgres expects the client to retry.
func IsRetryable(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "40001" || pgErr.Code == "40P01"
	}
	return false
}

// IsUniqueViolation reports whether err is a unique_violation.
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}

// RetryOnConflict calls fn until it succeeds, returns a non-retryable error,
// or attempts run out. fn is expected to open its own unit of work.
func RetryOnConflict(ctx context.Context, attempts int, fn func() error) error {
	var err error
	backoff := 20 * time.Millisecond
	for i := 0; i < attempts; i++ {
		if err = fn(); err == nil || !IsRetryable(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return errors.Join(err, ctx.Err())
		case <-time.After(backoff):
		}
		backoff *= 2
	}
	return err
}
