// Package apperr holds the sentinel errors services return and the HTTP
// layer maps onto status codes.
package apperr

import (
	"errors"

	"github.com/jackc/pgx/v5"
)

var (
	ErrNotFound   = errors.New("not found")
	ErrConflict   = errors.New("conflict")
	ErrInvalid    = errors.New("invalid request")
	ErrNoCapacity = errors.New("no capacity")
)

// NotFoundIfNoRows maps pgx.ErrNoRows to ErrNotFound and leaves other errors
// untouched.
func NotFoundIfNoRows(err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrNotFound
	}
	return err
}
