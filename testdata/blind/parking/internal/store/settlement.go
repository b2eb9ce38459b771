package store

import (
	"context"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/cityparking/parking/internal/domain"
)

type SettlementRepository interface {
	CreateBatch(ctx context.Context, b *domain.SettlementBatch) error
	MarkDispatched(ctx context.Context, tx *sqlx.Tx, id uuid.UUID, count int, totalCents int64) error
}

type settlementRepo struct{ db *sqlx.DB }

func NewSettlementRepository(db *sqlx.DB) SettlementRepository { return &settlementRepo{db: db} }

func (r *settlementRepo) CreateBatch(ctx context.Context, b *domain.SettlementBatch) error {
	_, err := r.db.NamedExecContext(ctx, `
		INSERT INTO settlement_batches (id, business_date, status, created_at)
		VALUES (:id, :business_date, :status, :created_at)`, b)
	return err
}

func (r *settlementRepo) MarkDispatched(ctx context.Context, tx *sqlx.Tx, id uuid.UUID, count int, totalCents int64) error {
	_, err := q(r.db, tx).ExecContext(ctx, `
		UPDATE settlement_batches
		SET status = 'dispatched', charge_count = $2, total_cents = $3, dispatched_at = now()
		WHERE id = $1`, id, count, totalCents)
	return err
}
