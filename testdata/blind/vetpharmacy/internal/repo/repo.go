// Package repo implements the repository interfaces the services declare.
// Every method resolves its queries through store.Q, so it joins whatever
// transaction the caller's context carries.
package repo

import (
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/kestrelvet/refillrx/internal/apperr"
)

// notFound turns pgx.ErrNoRows into an apperr not-found error.
func notFound(err error, code, msg string) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return apperr.NotFound(code, msg)
	}
	return err
}

// IsUniqueViolation reports whether err is a Postgres unique_violation.
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}
