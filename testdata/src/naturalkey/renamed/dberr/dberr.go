// Package dberr tells a database's errors apart for the other packages
// of the module.
package dberr

import (
	"errors"

	"github.com/jackc/pgx/v5/pgconn"
)

// IsUniqueViolation reports whether err is a unique violation.
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}

// A Refusal is a request the database's state refuses.
type Refusal struct{ Msg string }

func (r *Refusal) Error() string { return r.Msg }

// Refused refuses a request.
func Refused(msg string) error { return &Refusal{Msg: msg} }
