// Package store is the Postgres repository layer. Queries works against
// either the pool or a transaction; services reach it through their own
// narrow interfaces and pg.UnitOfWork.
package store

import (
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/ridgeline-fleet/fuelcards/internal/domain"
	"github.com/ridgeline-fleet/fuelcards/internal/platform/pg"
)

// Queries holds the SQL for every table.
type Queries struct {
	db pg.DBTX
}

// New binds Queries to db.
func New(db pg.DBTX) *Queries { return &Queries{db: db} }

// Provide returns an fx constructor for a service's UnitOfWork. bind narrows
// *Queries to the service's repository interface.
func Provide[R any](bind func(*Queries) R) func(*pgxpool.Pool) pg.UnitOfWork[R] {
	return func(pool *pgxpool.Pool) pg.UnitOfWork[R] {
		return pg.NewRunner(pool, func(db pg.DBTX) R { return bind(New(db)) })
	}
}

func notFound(err error, what string) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("%s: %w", what, domain.ErrNotFound)
	}
	return err
}

// IsUniqueViolation reports whether err is a unique_violation.
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}
