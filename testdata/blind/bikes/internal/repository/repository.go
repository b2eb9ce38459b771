// Package repository wraps the db package with the operations the services
// need. Every repository can be re-bound to a transaction with With.
package repository

import (
	"errors"

	"github.com/google/wire"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/cyclegrid/bikeshare/internal/store"
)

var ErrNotFound = errors.New("repository: not found")

func notFound(err error) error {
	if store.IsNotFound(err) {
		return ErrNotFound
	}
	return err
}

func text(s string) pgtype.Text {
	return pgtype.Text{String: s, Valid: s != ""}
}

// ProviderSet binds every repository to its Postgres implementation.
var ProviderSet = wire.NewSet(
	NewRides,
	NewCharges,
	NewWallets,
	NewPasses,
	NewRefunds,
	NewNotifications,
	NewDocks,
	NewRebalance,
	NewIdempotency,
	NewEvents,
	NewRiders,
)
