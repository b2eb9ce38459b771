package topups

import (
	"context"
	"fmt"

	"github.com/halyard/funding/internal/provider/cardproc"
	"github.com/halyard/funding/internal/store"
)

// RefundRequest is an operator-initiated refund of a card top-up.
type RefundRequest struct {
	TopupID    string
	Amount     int64
	Reason     string
	OperatorID string
}

// Refund returns money to the card and debits the customer's balance.
func (s *Service) Refund(ctx context.Context, in RefundRequest) (*store.CardTopup, error) {
	t, err := s.store.Repos().Topups.Get(ctx, in.TopupID)
	if err != nil {
		return nil, err
	}
	if t.Status != store.TopupSucceeded || t.ChargeID == nil {
		return nil, ErrNotRefundable
	}
	amount := in.Amount
	if amount == 0 {
		amount = t.Amount - t.RefundedAmount
	}
	if amount <= 0 || t.RefundedAmount+amount > t.Amount {
		return nil, fmt.Errorf("%w: amount %d exceeds refundable balance", ErrNotRefundable, amount)
	}

	refund, err := s.processor.CreateRefund(ctx, cardproc.RefundParams{
		ChargeID: *t.ChargeID,
		Amount:   amount,
		Reason:   in.Reason,
		Metadata: map[string]string{"topup_id": t.ID, "operator": in.OperatorID},
	})
	if err != nil {
		return nil, fmt.Errorf("refund charge: %w", err)
	}

	err = s.store.InTx(ctx, func(ctx context.Context, r *store.Repos) error {
		if err := r.Topups.AddRefund(ctx, t.ID, amount); err != nil {
			return err
		}
		return r.Ledger.Apply(ctx, store.Debit(t.AccountID, t.Currency, amount, "card_refund", refund.ID))
	})
	if err != nil {
		return nil, err
	}
	return s.store.Repos().Topups.Get(ctx, t.ID)
}
