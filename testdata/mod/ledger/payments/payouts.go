package payments

import (
	"context"
	"database/sql"
)

// Payouts pays out a settlement batch to the merchants. RunBatch is
// called by the operator's CLI, not by a retried handler, but the
// operator reruns a batch that failed.
type Payouts struct {
	DB *sql.DB
}

// RunBatch books the batch's payouts in a transaction and marks the batch
// done on the handle after the commit: a crash between the two leaves a
// paid batch unmarked, and the rerun pays it again.
func (p *Payouts) RunBatch(ctx context.Context, batchID string) error {
	tx, err := p.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx,
		`INSERT INTO payouts (merchant_id, amount_cents, batch_id)
		 SELECT merchant_id, sum(amount_cents), $1 FROM settlements WHERE batch_id = $1 GROUP BY merchant_id`,
		batchID); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	_, err = p.DB.ExecContext(ctx, "INSERT INTO dedup_batches (batch_id, done_at) VALUES ($1, now())", batchID) // finding: IDEM004
	return err
}
