// Package store keeps screening checks and the provider's events; a unit
// of work hands its callback a bundle of repositories on its
// transaction.
package store

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jackc/pgx/v5/pgconn"
)

// ErrDuplicate is what the store renames a unique violation to.
var ErrDuplicate = errors.New("duplicate")

// DBTX is what the database and a transaction both run statements with.
type DBTX interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// Checks updates screening checks.
type Checks interface {
	Complete(ctx context.Context, id string) error
}

// Inbox records the provider's events.
type Inbox interface {
	Record(ctx context.Context, event string) error
}

// Tx bundles the repositories bound to one transaction.
type Tx struct {
	Checks Checks
	Inbox  Inbox
}

// UnitOfWork runs a function in a transaction with the bundle.
type UnitOfWork interface {
	Do(ctx context.Context, fn func(ctx context.Context, tx Tx) error) error
}

type unitOfWork struct{ db *sql.DB }

// NewUnitOfWork returns the unit of work on db.
func NewUnitOfWork(db *sql.DB) UnitOfWork { return &unitOfWork{db: db} }

// Do commits when fn returns nil.
func (u *unitOfWork) Do(ctx context.Context, fn func(ctx context.Context, tx Tx) error) error {
	tx, err := u.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(ctx, Tx{Checks: &checks{q: tx}, Inbox: &inbox{q: tx}}); err != nil {
		return err
	}
	return tx.Commit()
}

type checks struct{ q DBTX }

func (c *checks) Complete(ctx context.Context, id string) error {
	_, err := c.q.ExecContext(ctx, "UPDATE screening_checks SET status = 'complete' WHERE id = $1", id)
	return err
}

type inbox struct{ q DBTX }

// NewInbox returns the inbox on the pool.
func NewInbox(db *sql.DB) Inbox { return &inbox{q: db} }

func (i *inbox) Record(ctx context.Context, event string) error {
	_, err := i.q.ExecContext(ctx, "INSERT INTO screening_events (event_id) VALUES ($1)", event) // want `a crash between the two commits records the key without its effect, so the retry is skipped and the effect lost: the key commits apart from the effect it guards \(screening_events on a handle that commits each statement, the effect on a transaction; HTTP handler Handler.Event\)`
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return ErrDuplicate
	}
	return err
}
