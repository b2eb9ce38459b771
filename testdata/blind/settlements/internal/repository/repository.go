// Package repository implements persistence over sqlx. Methods that take a
// sqlx.ExtContext run on whatever handle the caller passes, so services can
// compose them inside a TxManager transaction or run them on the pool.
package repository

import (
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"

	"github.com/trustwell/settlements/internal/domain"
	"github.com/trustwell/settlements/internal/platform/db"
)

// Q is any handle that can both query and exec: *sqlx.DB or *sqlx.Tx.
type Q = sqlx.ExtContext

// notFound maps sql.ErrNoRows to domain.ErrNotFound with context.
func notFound(err error, what, id string) error {
	if err == nil {
		return nil
	}
	if db.IsNoRows(err) {
		return fmt.Errorf("%s %s: %w", what, id, domain.ErrNotFound)
	}
	return fmt.Errorf("%s %s: %w", what, id, err)
}

// expectOne returns ErrInvalidState when a guarded UPDATE matched nothing.
func expectOne(n int64, what, id string) error {
	if n != 1 {
		return fmt.Errorf("%s %s: %w", what, id, domain.ErrInvalidState)
	}
	return nil
}

func isNotFound(err error) bool { return errors.Is(err, domain.ErrNotFound) }
