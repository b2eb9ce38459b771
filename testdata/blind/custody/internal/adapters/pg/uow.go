package pg

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/northvault/custody/internal/adapters/pg/db"
	"github.com/northvault/custody/internal/ports"
)

// JobQueue is the part of the job queue client the unit of work needs: an
// enqueuer that writes through the same transaction.
type JobQueue interface {
	ports.JobEnqueuer
	WithTx(tx pgx.Tx) ports.JobEnqueuer
}

type UnitOfWork struct {
	pool *pgxpool.Pool
	q    *db.Queries
	jobs JobQueue
}

func NewUnitOfWork(pool *pgxpool.Pool, jobs JobQueue) *UnitOfWork {
	return &UnitOfWork{pool: pool, q: db.New(pool), jobs: jobs}
}

func (u *UnitOfWork) Repos() ports.Repos {
	return &repos{q: u.q, jobs: u.jobs}
}

func (u *UnitOfWork) Do(ctx context.Context, fn func(ctx context.Context, r ports.Repos) error) (err error) {
	tx, err := u.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.ReadCommitted})
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback(ctx)
			panic(p)
		}
		if err != nil {
			_ = tx.Rollback(ctx)
		}
	}()

	r := &repos{q: u.q.WithTx(tx), jobs: u.jobs.WithTx(tx)}
	if err = fn(ctx, r); err != nil {
		return err
	}
	if err = tx.Commit(ctx); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

var _ ports.UnitOfWork = (*UnitOfWork)(nil)
