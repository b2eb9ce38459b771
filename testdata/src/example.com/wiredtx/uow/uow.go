// Package uow runs work in a transaction it begins, with repositories
// it is given: it runs no SQL of its own.
package uow

import (
	"context"
	"database/sql"

	"example.com/wiredtx/app"
)

// Pool begins a transaction but hands the work the repositories it was
// made with.
type Pool struct {
	DB    *sql.DB
	Repos app.Repos
}

func (p *Pool) Do(ctx context.Context, fn func(ctx context.Context, r app.Repos) error) error {
	tx, err := p.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(ctx, p.Repos); err != nil {
		return err
	}
	return tx.Commit()
}
