// Package idempotency runs an operation at most once per caller supplied
// key by claiming the key in the same transaction as the operation's
// writes.
package idempotency

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/learnloop/tutoring/internal/platform/database"
	"github.com/learnloop/tutoring/internal/store"
)

// ErrMissingKey is returned when an operation that requires an
// idempotency key is called without one.
var ErrMissingKey = errors.New("idempotency key required")

// ErrInFlight is returned when the key was claimed by a transaction that
// committed without storing a response (which should not happen) .
var ErrInFlight = errors.New("request with this idempotency key has no stored response")

// Runner binds a transaction starter and the key store.
type Runner struct {
	DB   database.TxStarter
	Keys store.IdempotencyKeys
}

// Result is what Run returns: the value and whether it was replayed from
// a previous call with the same key.
type Result[T any] struct {
	Value    T
	Replayed bool
}

// Run claims (scope, key) and executes fn inside one transaction. A
// second call with the same key returns the first call's stored value
// without running fn.
func Run[T any](ctx context.Context, r Runner, scope, key string, fn func(ctx context.Context, tx pgx.Tx) (T, error)) (Result[T], error) {
	var res Result[T]
	if key == "" {
		return res, ErrMissingKey
	}
	err := pgx.BeginFunc(ctx, r.DB, func(tx pgx.Tx) error {
		claimed, stored, err := r.Keys.Claim(ctx, tx, scope, key)
		if err != nil {
			return fmt.Errorf("claim idempotency key: %w", err)
		}
		if !claimed {
			if len(stored) == 0 {
				return ErrInFlight
			}
			res.Replayed = true
			return json.Unmarshal(stored, &res.Value)
		}
		v, err := fn(ctx, tx)
		if err != nil {
			return err
		}
		b, err := json.Marshal(v)
		if err != nil {
			return err
		}
		res.Value = v
		return r.Keys.Complete(ctx, tx, scope, key, b)
	})
	return res, err
}
