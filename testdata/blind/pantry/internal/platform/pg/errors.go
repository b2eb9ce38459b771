package pg

import (
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// ErrNotFound is returned by repositories when a row does not exist.
var ErrNotFound = errors.New("not found")

func asPgError(err error, target **pgconn.PgError) bool {
	return errors.As(err, target)
}

// NotFound maps pgx.ErrNoRows onto ErrNotFound so callers do not depend on pgx.
func NotFound(err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrNotFound
	}
	return err
}
