package payments

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"github.com/kickoffbet/sportsbook/internal/outbox"
	"github.com/kickoffbet/sportsbook/internal/wallet"
)

const insertChargebackSQL = `
INSERT INTO chargebacks (psp_chargeback_id, deposit_id, amount, reason_code)
VALUES ($1, $2, $3, $4)`

// RecordChargeback books a dispute raised by the card holder: the deposit is
// marked charged back, whatever is left of the amount is taken from the
// wallet and the account is blocked for review when the balance falls short.
func (s *service) RecordChargeback(ctx context.Context, cb Chargeback) error {
	return s.Tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		d, err := s.store.GetByPSPID(ctx, tx, cb.PSPPaymentID)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, insertChargebackSQL,
			cb.PSPChargebackID, d.ID, cb.Amount, cb.ReasonCode); err != nil {
			return fmt.Errorf("payments: insert chargeback: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `
UPDATE deposits SET status = 'charged_back' WHERE id = $1`, d.ID); err != nil {
			return fmt.Errorf("payments: mark charged back: %w", err)
		}

		w, err := s.Wallet.Lock(ctx, tx, d.PlayerID)
		if err != nil {
			return err
		}
		take := min(cb.Amount, w.Available())
		if take > 0 {
			if _, err := s.Wallet.Apply(ctx, tx, wallet.Movement{
				PlayerID:  d.PlayerID,
				Pocket:    wallet.Cash,
				Amount:    -take,
				EntryType: wallet.EntryChargeback,
				RefType:   "chargeback",
				RefID:     cb.PSPChargebackID,
			}); err != nil {
				return err
			}
		}
		if take < cb.Amount {
			if _, err := tx.ExecContext(ctx, `
UPDATE players SET status = 'blocked' WHERE id = $1 AND status = 'active'`, d.PlayerID); err != nil {
				return fmt.Errorf("payments: block player: %w", err)
			}
		}
		return s.Outbox.Enqueue(ctx, tx, outbox.Event{
			ID:           outbox.EventID("chargeback.received", cb.PSPChargebackID),
			Topic:        outbox.TopicPayments,
			PartitionKey: d.PlayerID,
			Type:         "chargeback.received",
			Payload: map[string]any{
				"chargeback_id": cb.PSPChargebackID,
				"deposit_id":    d.ID,
				"player_id":     d.PlayerID,
				"amount":        cb.Amount,
				"recovered":     take,
				"reason_code":   cb.ReasonCode,
			},
		})
	})
}
