// Package pgerr classifies PostgreSQL errors returned through pgdriver.
package pgerr

import (
	"database/sql"
	"errors"

	"github.com/uptrace/bun/driver/pgdriver"
)

const (
	codeUniqueViolation = "23505"
	codeFKViolation     = "23503"
)

// IsUniqueViolation reports whether err is a unique_violation.
func IsUniqueViolation(err error) bool {
	return code(err) == codeUniqueViolation
}

// IsForeignKeyViolation reports whether err is a foreign_key_violation.
func IsForeignKeyViolation(err error) bool {
	return code(err) == codeFKViolation
}

// Constraint returns the constraint name on an integrity error.
func Constraint(err error) string {
	var pgErr pgdriver.Error
	if errors.As(err, &pgErr) {
		return pgErr.Field('n')
	}
	return ""
}

// IsNoRows reports whether err is sql.ErrNoRows.
func IsNoRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }

func code(err error) string {
	var pgErr pgdriver.Error
	if errors.As(err, &pgErr) {
		return pgErr.Field('C')
	}
	return ""
}
