package ledger

import (
	"context"
	"fmt"

	"github.com/terravault/carbonreg/internal/domain"
)

// InsertBatch stores a newly issued credit batch.
func (l *Ledger) InsertBatch(ctx context.Context, b *domain.CreditBatch) error {
	_, err := l.conn(ctx).ExecContext(ctx,
		`INSERT INTO credit_batches
		   (id, project_id, vintage, serial_start, serial_end, quantity, unit_price_cents, currency, status)
		 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
		b.ID, b.ProjectID, b.Vintage, b.SerialStart, b.SerialEnd, b.Quantity,
		b.UnitPriceCents, b.Currency, b.Status)
	if err != nil {
		return fmt.Errorf("ledger: insert batch: %w", err)
	}
	return nil
}

// Transfer rows written through the ledger connection.

// ClaimTransfer inserts a transfer unless one already exists for the same
// channel and request key. It reports whether this call created it; either
// way t is filled with the stored row.
func (l *Ledger) ClaimTransfer(ctx context.Context, t *domain.Transfer) (bool, error) {
	row := l.conn(ctx).QueryRowContext(ctx,
		`WITH ins AS (
		   INSERT INTO transfers (id, request_key, from_account, to_account, batch_id, quantity, channel, status)
		   VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		   ON CONFLICT (channel, request_key) DO NOTHING
		   RETURNING id, from_account, to_account, batch_id, quantity, status, true AS created
		 )
		 SELECT id, from_account, to_account, batch_id, quantity, status, created FROM ins
		 UNION ALL
		 SELECT id, from_account, to_account, batch_id, quantity, status, false FROM transfers
		  WHERE channel = $7 AND request_key = $2
		 LIMIT 1`,
		t.ID, t.RequestKey, t.FromAccount, t.ToAccount, t.BatchID, t.Quantity, t.Channel, t.Status)
	var created bool
	if err := row.Scan(&t.ID, &t.FromAccount, &t.ToAccount, &t.BatchID, &t.Quantity, &t.Status, &created); err != nil {
		return false, fmt.Errorf("ledger: claim transfer: %w", err)
	}
	return created, nil
}
