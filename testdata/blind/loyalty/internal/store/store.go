// Package store holds the Postgres implementations of the repository
// interfaces declared by the service packages. Each method runs on the pool
// and therefore commits on its own unless a service wraps it in a
// transaction.
package store

import (
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/tidewater/loyalty/internal/domain"
)

func notFound(err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return domain.ErrNotFound
	}
	return err
}
