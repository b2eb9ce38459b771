package repository

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"github.com/medbridge-health/clearinghouse/internal/domain"
)

// BatchRepo persists 837 interchange headers.
type BatchRepo struct{}

func NewBatchRepo() *BatchRepo { return &BatchRepo{} }

// InsertIfAbsent records the batch unless the practice already sent the same
// interchange control number. The stored batch is returned either way.
func (r *BatchRepo) InsertIfAbsent(ctx context.Context, q sqlx.ExtContext, b *domain.ClaimBatch) (*domain.ClaimBatch, bool, error) {
	res, err := q.ExecContext(ctx, `
		INSERT INTO claim_batches (id, practice_id, interchange_control_no, claim_count, status, received_at)
		VALUES ($1,$2,$3,$4,$5,$6)
		ON CONFLICT (practice_id, interchange_control_no) DO NOTHING`,
		b.ID, b.PracticeID, b.InterchangeControlNo, b.ClaimCount, b.Status, b.ReceivedAt)
	if err != nil {
		return nil, false, fmt.Errorf("insert batch: %w", err)
	}
	n, _ := res.RowsAffected()
	if n == 1 {
		return b, true, nil
	}
	var existing domain.ClaimBatch
	err = sqlx.GetContext(ctx, q, &existing, `
		SELECT id, practice_id, interchange_control_no, claim_count, status, received_at
		FROM claim_batches WHERE practice_id = $1 AND interchange_control_no = $2`,
		b.PracticeID, b.InterchangeControlNo)
	if err != nil {
		return nil, false, fmt.Errorf("load existing batch: %w", err)
	}
	return &existing, false, nil
}

// SetStatus updates the batch status.
func (r *BatchRepo) SetStatus(ctx context.Context, q sqlx.ExtContext, id, status string) error {
	_, err := q.ExecContext(ctx, `UPDATE claim_batches SET status = $2 WHERE id = $1`, id, status)
	return err
}
