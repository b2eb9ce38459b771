package store

import (
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5/pgconn"
	"gorm.io/gorm"

	"github.com/scriptline/refills/internal/domain"
)

const pgUniqueViolation = "23505"

// DuplicateError reports a unique constraint violation and names the
// constraint so handlers can explain which value clashed.
type DuplicateError struct {
	Constraint string
	err        error
}

func (e *DuplicateError) Error() string {
	return fmt.Sprintf("duplicate value violates %s", e.Constraint)
}

func (e *DuplicateError) Unwrap() []error { return []error{domain.ErrConflict, e.err} }

func translate(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return domain.ErrNotFound
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == pgUniqueViolation {
		return &DuplicateError{Constraint: pgErr.ConstraintName, err: err}
	}
	return err
}

// IsDuplicate reports whether err came from a unique constraint.
func IsDuplicate(err error) bool {
	var d *DuplicateError
	return errors.As(err, &d)
}
