package sqlxstore

import (
	"context"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/example/topup/internal/domain"
)

type Batches struct {
	batches Table[domain.Batch]
	items   Table[domain.BatchItem]
}

func NewBatches() *Batches {
	return &Batches{
		batches: NewTable[domain.Batch]("batches"),
		items:   NewTable[domain.BatchItem]("batch_items"),
	}
}

func (r *Batches) Insert(ctx context.Context, q Queryer, b *domain.Batch) error {
	_, err := sqlx.NamedExecContext(ctx, q, `
		INSERT INTO batches (id, reseller_id, reseller_ref, status, item_count, total_cents)
		VALUES (:id, :reseller_id, :reseller_ref, :status, :item_count, :total_cents)`, b)
	return err
}

func (r *Batches) InsertItems(ctx context.Context, q Queryer, items []domain.BatchItem) error {
	if len(items) == 0 {
		return nil
	}
	_, err := sqlx.NamedExecContext(ctx, q, `
		INSERT INTO batch_items (id, batch_id, msisdn, operator, amount_cents, status)
		VALUES (:id, :batch_id, :msisdn, :operator, :amount_cents, :status)`, items)
	return err
}

func (r *Batches) Get(ctx context.Context, q Queryer, id uuid.UUID) (*domain.Batch, error) {
	return r.batches.Get(ctx, q, id)
}

func (r *Batches) GetItem(ctx context.Context, q Queryer, id uuid.UUID) (*domain.BatchItem, error) {
	return r.items.Get(ctx, q, id)
}

func (r *Batches) Items(ctx context.Context, q Queryer, batchID uuid.UUID) ([]domain.BatchItem, error) {
	return r.items.Where(ctx, q, "batch_id = $1 ORDER BY id", batchID)
}

// Cancel flips a batch to cancelled if it has not finished yet.
func (r *Batches) Cancel(ctx context.Context, q Queryer, id, resellerID uuid.UUID) (bool, error) {
	res, err := q.ExecContext(ctx, `
		UPDATE batches SET status = 'cancelled', updated_at = now()
		WHERE id = $1 AND reseller_id = $2 AND status IN ('received', 'processing')`, id, resellerID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (r *Batches) CancelQueuedItems(ctx context.Context, q Queryer, batchID uuid.UUID) (int64, error) {
	res, err := q.ExecContext(ctx, `
		UPDATE batch_items SET status = 'cancelled', updated_at = now()
		WHERE batch_id = $1 AND status = 'queued'`, batchID)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (r *Batches) SetStatus(ctx context.Context, q Queryer, id uuid.UUID, status string) error {
	_, err := q.ExecContext(ctx, `UPDATE batches SET status = $2, updated_at = now() WHERE id = $1`, id, status)
	return err
}

func (r *Batches) MarkItem(ctx context.Context, q Queryer, id uuid.UUID, status string, carrierTxn, errMsg *string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE batch_items SET status = $2, carrier_txn_id = COALESCE($3, carrier_txn_id), error = $4, updated_at = now()
		WHERE id = $1`, id, status, carrierTxn, errMsg)
	return err
}
