// Package pg holds the Postgres repositories. Every repository runs its
// statements on the transaction carried in the context when there is one
// (see txctx), and on the pool otherwise.
package pg

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/harborline/claims/internal/platform/txctx"
	"github.com/harborline/claims/internal/store/dbgen"
)

type base struct {
	conn *txctx.Conn
}

func (b base) q(ctx context.Context) dbgen.Querier {
	return b.conn.Queries(ctx)
}

func notFound(err, sentinel error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return sentinel
	}
	return err
}

func ptr[T comparable](v T) *T {
	var zero T
	if v == zero {
		return nil
	}
	return &v
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

// insertedOne interprets the result of an INSERT ... ON CONFLICT DO NOTHING
// RETURNING statement.
func insertedOne(err error) (bool, error) {
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, pgx.ErrNoRows):
		return false, nil
	default:
		return false, fmt.Errorf("insert: %w", err)
	}
}
