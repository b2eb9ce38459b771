// Package pgutil has helpers for classifying Postgres errors.
package pgutil

import (
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

const (
	codeUniqueViolation     = "23505"
	codeForeignKeyViolation = "23503"
	codeCheckViolation      = "23514"
)

func code(err error) string {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code
	}
	return ""
}

// IsNoRows reports whether err is pgx.ErrNoRows.
func IsNoRows(err error) bool { return errors.Is(err, pgx.ErrNoRows) }

// IsUniqueViolation reports a duplicate key error.
func IsUniqueViolation(err error) bool { return code(err) == codeUniqueViolation }

// IsForeignKeyViolation reports a reference to a missing row.
func IsForeignKeyViolation(err error) bool { return code(err) == codeForeignKeyViolation }

// IsCheckViolation reports a CHECK constraint failure.
func IsCheckViolation(err error) bool { return code(err) == codeCheckViolation }
