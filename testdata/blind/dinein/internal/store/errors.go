package store

import (
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

var (
	// ErrNotFound is returned when a row does not exist.
	ErrNotFound = errors.New("store: not found")
	// ErrConflict is returned when a conditional update matched no row.
	ErrConflict = errors.New("store: conflict")
	// ErrDuplicate is returned when an insert violates a unique constraint.
	ErrDuplicate = errors.New("store: duplicate")
)

const uniqueViolation = "23505"

// mapErr translates driver errors into store errors.
func mapErr(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrNotFound
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == uniqueViolation {
		return errors.Join(ErrDuplicate, err)
	}
	return err
}
