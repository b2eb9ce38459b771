package ledger

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/terravault/carbonreg/internal/domain"
)

// AccrueEarning books a developer's share of a paid order and raises their
// available balance.
func (l *Ledger) AccrueEarning(ctx context.Context, e domain.DeveloperEarning) error {
	q := l.conn(ctx)
	if _, err := q.ExecContext(ctx,
		`INSERT INTO developer_earnings (id, developer_id, order_id, gross_cents, fee_cents, net_cents, currency)
		 VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		e.ID, e.DeveloperID, e.OrderID, e.GrossCents, e.FeeCents, e.NetCents, e.Currency); err != nil {
		return fmt.Errorf("ledger: earning: %w", err)
	}
	_, err := q.ExecContext(ctx,
		`INSERT INTO developer_balances (developer_id, currency, available_cents) VALUES ($1, $2, $3)
		 ON CONFLICT (developer_id, currency)
		 DO UPDATE SET available_cents = developer_balances.available_cents + EXCLUDED.available_cents,
		               updated_at = now()`,
		e.DeveloperID, e.Currency, e.NetCents)
	return err
}

// ReserveDeveloperFunds moves amount from available to paid out. It fails
// when the developer's available balance is too small.
func (l *Ledger) ReserveDeveloperFunds(ctx context.Context, developer uuid.UUID, currency string, amount int64) error {
	res, err := l.conn(ctx).ExecContext(ctx,
		`UPDATE developer_balances
		    SET available_cents = available_cents - $3, paid_out_cents = paid_out_cents + $3, updated_at = now()
		  WHERE developer_id = $1 AND currency = $2 AND available_cents >= $3`,
		developer, currency, amount)
	if err != nil {
		return fmt.Errorf("ledger: developer funds: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrInsufficient
	}
	return nil
}

// RestoreDeveloperFunds reverses ReserveDeveloperFunds after a payout fails or
// is reversed.
func (l *Ledger) RestoreDeveloperFunds(ctx context.Context, developer uuid.UUID, currency string, amount int64) error {
	_, err := l.conn(ctx).ExecContext(ctx,
		`UPDATE developer_balances
		    SET available_cents = available_cents + $3, paid_out_cents = paid_out_cents - $3, updated_at = now()
		  WHERE developer_id = $1 AND currency = $2`,
		developer, currency, amount)
	return err
}
