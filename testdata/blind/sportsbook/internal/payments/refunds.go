package payments

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"github.com/kickoffbet/sportsbook/internal/outbox"
	"github.com/kickoffbet/sportsbook/internal/providers/psp"
	"github.com/kickoffbet/sportsbook/internal/wallet"
)

// Refund returns (part of) a succeeded deposit to the player's card and takes
// the amount off the cash balance. Used by support through the admin API.
func (s *service) Refund(ctx context.Context, depositID string, amount int64, reason, operator string) (*Refund, error) {
	d, err := s.store.Get(ctx, s.DB, depositID)
	if err != nil {
		return nil, err
	}
	if d.Status != StatusSucceeded || d.PSPPaymentID == nil {
		return nil, ErrNotRefundable
	}
	if amount <= 0 || amount > d.Amount {
		return nil, fmt.Errorf("%w: amount %d outside 1..%d", ErrNotRefundable, amount, d.Amount)
	}

	refundID := s.IDs.New()
	pr, err := s.PSP.Refund(ctx, psp.RefundRequest{
		PaymentID: *d.PSPPaymentID,
		Amount:    amount,
		Reason:    reason,
	}, psp.WithIdempotencyKey(refundID), psp.WithRequestID(operator+"/"+depositID))
	if err != nil {
		return nil, fmt.Errorf("payments: psp refund: %w", err)
	}
	s.Log.Info("psp refund accepted", "deposit", d.ID, "refund", pr.ID, "amount", amount, "operator", operator)

	rec := &Refund{
		ID:          refundID,
		DepositID:   d.ID,
		Amount:      amount,
		PSPRefundID: &pr.ID,
		Reason:      reason,
		Operator:    operator,
	}
	err = s.Tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		if _, err := s.store.Lock(ctx, tx, d.ID); err != nil {
			return err
		}
		if _, err := tx.NamedExecContext(ctx, `
INSERT INTO deposit_refunds (id, deposit_id, amount, psp_refund_id, reason, operator)
VALUES (:id, :deposit_id, :amount, :psp_refund_id, :reason, :operator)`, rec); err != nil {
			return fmt.Errorf("payments: insert refund: %w", err)
		}
		if amount == d.Amount {
			if _, err := tx.ExecContext(ctx, `UPDATE deposits SET status = 'refunded' WHERE id = $1`, d.ID); err != nil {
				return fmt.Errorf("payments: mark refunded: %w", err)
			}
		}
		if _, err := s.Wallet.Apply(ctx, tx, wallet.Movement{
			PlayerID:  d.PlayerID,
			Pocket:    wallet.Cash,
			Amount:    -amount,
			EntryType: wallet.EntryDepositRefund,
			RefType:   "deposit_refund",
			RefID:     rec.ID,
		}); err != nil {
			return err
		}
		return s.Outbox.Enqueue(ctx, tx, outbox.Event{
			ID:           outbox.EventID("deposit.refunded", rec.ID),
			Topic:        outbox.TopicPayments,
			PartitionKey: d.PlayerID,
			Type:         "deposit.refunded",
			Payload:      rec,
		})
	})
	if err != nil {
		return nil, err
	}
	return rec, nil
}
