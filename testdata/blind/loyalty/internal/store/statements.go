package store

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tidewater/loyalty/internal/db"
)

type Statements struct {
	q db.Querier
}

func NewStatements(pool *pgxpool.Pool) *Statements {
	return &Statements{q: db.New(pool)}
}

func (r *Statements) Get(ctx context.Context, id string) (db.Statement, error) {
	s, err := r.q.GetStatement(ctx, id)
	return s, notFound(err)
}

func (r *Statements) Summarize(ctx context.Context, p db.SummarizeLedgerParams) (db.SummarizeLedgerRow, error) {
	return r.q.SummarizeLedger(ctx, p)
}

func (r *Statements) Upsert(ctx context.Context, p db.UpsertStatementParams) (db.Statement, error) {
	return r.q.UpsertStatement(ctx, p)
}

func (r *Statements) MarkSent(ctx context.Context, id string) error {
	return r.q.MarkStatementSent(ctx, id)
}

func (r *Statements) RecordDelivery(ctx context.Context, p db.InsertStatementDeliveryParams) error {
	return r.q.InsertStatementDelivery(ctx, p)
}
