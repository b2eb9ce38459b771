// Package repo implements the PostgreSQL repositories on top of bun. Every
// repository resolves its handle through database.Conn so that it joins
// the transaction carried in the context when there is one.
package repo

import (
	"database/sql"
	"errors"
	"fmt"

	"github.com/carelift-health/nemt/internal/apperr"
	"github.com/carelift-health/nemt/internal/platform/database"
)

// ErrNotFound is returned when a lookup matches no row.
var ErrNotFound = apperr.ErrNotFound

func notFound(err error, what string) error {
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%s: %w", what, ErrNotFound)
	}
	return err
}

func affected(res sql.Result, err error) (bool, error) {
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	return n > 0, nil
}

// ErrDuplicate is returned when an insert collides with an existing row.
var ErrDuplicate = apperr.ErrConflict

func mapInsertErr(err error, what string) error {
	if database.IsUniqueViolation(err) {
		return fmt.Errorf("%s: %w: %w", what, ErrDuplicate, err)
	}
	return err
}
