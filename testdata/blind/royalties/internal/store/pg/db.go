// Package pg implements the store interfaces with pgx.
package pg

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/soundledger/royalties/internal/domain"
	"github.com/soundledger/royalties/internal/platform/txm"
)

type base struct {
	db txm.DBTX
}

// conn returns the transaction bound to ctx, or the pool.
func (b base) conn(ctx context.Context) txm.DBTX { return txm.Conn(ctx, b.db) }

func notFound(err error, kind, id string) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return domain.NotFound(kind, id)
	}
	return err
}

// isUniqueViolation reports whether err is a unique_violation.
func isUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}

func nullable(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
