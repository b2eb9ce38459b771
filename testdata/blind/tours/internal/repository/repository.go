// Package repository holds one repository per aggregate. Every method runs
// on the transaction carried by the context when there is one, so services
// decide the transaction boundaries.
package repository

import (
	"database/sql"
	"errors"
	"fmt"

	"github.com/larkspur-travel/tourdesk/internal/domain"
	"github.com/larkspur-travel/tourdesk/internal/platform/db"
)

// notFound maps sql.ErrNoRows to domain.ErrNotFound and wraps other errors
// with the operation name.
func notFound(op string, err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%s: %w", op, domain.ErrNotFound)
	}
	return fmt.Errorf("%s: %w", op, err)
}

// affected returns the number of rows a statement touched.
func affected(res sql.Result, err error) (int64, error) {
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// conflict maps unique violations to domain.ErrConflict.
func conflict(op string, err error) error {
	if err == nil {
		return nil
	}
	if db.IsUniqueViolation(err) {
		return fmt.Errorf("%s: %w", op, domain.ErrConflict)
	}
	return fmt.Errorf("%s: %w", op, err)
}
