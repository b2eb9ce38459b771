package pg

import (
	"context"

	"github.com/jmoiron/sqlx"

	"github.com/meterly/subs/internal/billing"
)

type ProcessedRequestRepo struct{ db sqlx.ExtContext }

func NewProcessedRequestRepo(db sqlx.ExtContext) *ProcessedRequestRepo {
	return &ProcessedRequestRepo{db: db}
}

func (r *ProcessedRequestRepo) WithTx(tx sqlx.ExtContext) billing.ProcessedRequestRepository {
	return &ProcessedRequestRepo{db: tx}
}

func (r *ProcessedRequestRepo) Seen(ctx context.Context, requestID string) (bool, error) {
	var seen bool
	err := sqlx.GetContext(ctx, r.db, &seen,
		`SELECT EXISTS (SELECT 1 FROM processed_requests WHERE request_id = $1)`, requestID)
	return seen, mapErr("processed.seen", err)
}

func (r *ProcessedRequestRepo) MarkProcessed(ctx context.Context, requestID, operation string) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO processed_requests (request_id, operation) VALUES ($1, $2)
		ON CONFLICT (request_id) DO NOTHING`, requestID, operation)
	return mapErr("processed.mark", err)
}
