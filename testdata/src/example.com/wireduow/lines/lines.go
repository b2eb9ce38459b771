// Package lines stores folio lines, in the context's transaction when
// it carries one.
package lines

import (
	"context"
	"database/sql"

	"example.com/wireduow/uow"
)

// Repo stores lines.
type Repo interface {
	Insert(ctx context.Context, id string, cents int64) error
	AddToBalance(ctx context.Context, cents int64) error
}

type pgRepo struct{ db *sql.DB }

// New returns the repository on db.
func New(db *sql.DB) Repo { return &pgRepo{db: db} }

func (r *pgRepo) Insert(ctx context.Context, id string, cents int64) error {
	_, err := uow.Conn(ctx, r.db).ExecContext(ctx, "INSERT INTO lines (id, cents) VALUES ($1, $2)", id, cents) // want `the INSERT into lines in lines.pgRepo.Insert has no conflict handling for the caller-known id \(HTTP handler Counter.Collect\)`
	return err
}

func (r *pgRepo) AddToBalance(ctx context.Context, cents int64) error {
	_, err := uow.Conn(ctx, r.db).ExecContext(ctx, "UPDATE folios SET balance = balance + $1", cents) // want `2 writes commit separately and the UPDATE of folios \(it computes from the current value\) in lines.pgRepo.AddToBalance is not idempotent \(HTTP handler Counter.Collect\)`
	return err
}
