package withdrawals

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"github.com/kickoffbet/sportsbook/internal/db"
	"github.com/kickoffbet/sportsbook/internal/outbox"
	"github.com/kickoffbet/sportsbook/internal/wallet"
)

func (s *Service) recordEvent(ctx context.Context, tx *sqlx.Tx, evt PartnerEvent) (bool, error) {
	res, err := tx.ExecContext(ctx, `
INSERT INTO payout_events (partner_event_id, withdrawal_id, status)
SELECT $1, id, $3 FROM withdrawals WHERE partner_payout_id = $2
ON CONFLICT (partner_event_id) DO NOTHING`, evt.EventID, evt.PartnerPayoutID, evt.Status)
	if err != nil {
		return false, fmt.Errorf("withdrawals: record partner event: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// MarkPaid settles a withdrawal the partner reports as completed: the held
// amount leaves the wallet.
func (s *Service) MarkPaid(ctx context.Context, evt PartnerEvent) (bool, error) {
	return db.InTx(ctx, s.tx, func(ctx context.Context, tx *sqlx.Tx) (bool, error) {
		w, ok, err := s.store.transition(ctx, tx, `
UPDATE withdrawals SET status = 'paid', completed_at = now()
 WHERE partner_payout_id = $1 AND status = 'sent'`, evt.PartnerPayoutID)
		if err != nil || !ok {
			return false, err
		}
		if _, err := s.recordEvent(ctx, tx, evt); err != nil {
			return false, err
		}
		if err := s.wallet.Capture(ctx, tx, w.PlayerID, w.Amount, wallet.EntryWithdrawalPaid, "withdrawal", w.ID); err != nil {
			return false, err
		}
		return true, s.outbox.Enqueue(ctx, tx, outbox.Event{
			ID:           outbox.EventID("withdrawal.paid", w.ID),
			Topic:        outbox.TopicPayments,
			PartitionKey: w.PlayerID,
			Type:         "withdrawal.paid",
			Payload:      w,
		})
	})
}

// MarkFailed releases the hold of a withdrawal the partner could not pay. It
// returns the withdrawal and whether this call made the transition.
func (s *Service) MarkFailed(ctx context.Context, evt PartnerEvent) (*Withdrawal, bool, error) {
	type result struct {
		w       *Withdrawal
		changed bool
	}
	r, err := db.InTx(ctx, s.tx, func(ctx context.Context, tx *sqlx.Tx) (result, error) {
		if _, err := s.recordEvent(ctx, tx, evt); err != nil {
			return result{}, err
		}
		w, ok, err := s.store.transition(ctx, tx, `
UPDATE withdrawals SET status = 'failed', failure_reason = $2, completed_at = now()
 WHERE partner_payout_id = $1 AND status = 'sent'`, evt.PartnerPayoutID, evt.Reason)
		if err != nil {
			return result{}, err
		}
		if !ok {
			cur, err := s.store.getByPartnerID(ctx, tx, evt.PartnerPayoutID)
			return result{w: cur}, err
		}
		if err := s.wallet.Release(ctx, tx, w.PlayerID, w.Amount, wallet.EntryWithdrawalBack, "withdrawal", w.ID); err != nil {
			return result{}, err
		}
		if err := s.outbox.Enqueue(ctx, tx, outbox.Event{
			ID:           outbox.EventID("withdrawal.failed", w.ID),
			Topic:        outbox.TopicPayments,
			PartitionKey: w.PlayerID,
			Type:         "withdrawal.failed",
			Payload:      w,
		}); err != nil {
			return result{}, err
		}
		return result{w: w, changed: true}, nil
	})
	return r.w, r.changed, err
}

// Get loads a withdrawal.
func (s *Service) Get(ctx context.Context, id string) (*Withdrawal, error) {
	return s.store.get(ctx, s.db, id)
}
