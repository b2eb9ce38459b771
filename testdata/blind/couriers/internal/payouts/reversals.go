package payouts

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/spokechain/courierpay/internal/db"
	"github.com/spokechain/courierpay/internal/notify"
	"github.com/spokechain/courierpay/internal/pkg/apperr"
	"github.com/spokechain/courierpay/internal/platform/postgres"
	"github.com/spokechain/courierpay/internal/providers/stripeconnect"
)

// ReversalRequest claws back (part of) a paid payout, e.g. after a delivery
// fraud finding.
type ReversalRequest struct {
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
	Actor       string `json:"-"`
}

// ReversePayout records the reversal and reverses the Stripe transfer. There
// is at most one reversal per payout.
func (s *service) ReversePayout(ctx context.Context, payoutID uuid.UUID, in ReversalRequest) (db.PayoutReversal, error) {
	p, err := s.q.GetPayout(ctx, payoutID)
	if postgres.IsNoRows(err) {
		return db.PayoutReversal{}, apperr.NotFound("payout %s not found", payoutID)
	}
	if err != nil {
		return db.PayoutReversal{}, err
	}
	if p.Status != "paid" || !p.StripeTransferID.Valid {
		return db.PayoutReversal{}, apperr.Conflict("payout %s is %s", p.ID, p.Status)
	}
	if in.AmountCents <= 0 || in.AmountCents > p.NetCents {
		return db.PayoutReversal{}, apperr.Invalid("amount_cents must be between 1 and %d", p.NetCents)
	}
	if err := s.q.InsertPayoutReversal(ctx, db.InsertPayoutReversalParams{
		ID:          s.newID(),
		PayoutID:    p.ID,
		AmountCents: in.AmountCents,
		Reason:      in.Reason,
		RequestedBy: in.Actor,
	}); err != nil {
		return db.PayoutReversal{}, err
	}
	rev, err := s.q.GetPayoutReversalByPayout(ctx, p.ID)
	if err != nil {
		return db.PayoutReversal{}, err
	}
	if rev.Status != "requested" {
		return rev, nil
	}
	r, err := s.transfers.Reverse(ctx, stripeconnect.ReversalInput{
		TransferID:  p.StripeTransferID.String,
		AmountCents: rev.AmountCents,
		Description: rev.Reason,
		Metadata: map[string]string{
			"reversal_id": rev.ID.String(),
			"payout_id":   p.ID.String(),
		},
	})
	if err != nil {
		return db.PayoutReversal{}, fmt.Errorf("payouts: reverse %s: %w", p.ID, err)
	}
	if err := s.q.MarkReversalDone(ctx, db.MarkReversalDoneParams{ID: rev.ID, StripeReversalID: postgres.Text(r.ID)}); err != nil {
		return db.PayoutReversal{}, err
	}
	rev.Status = "reversed"
	rev.StripeReversalID = postgres.Text(r.ID)
	return rev, nil
}

// HandleTransferReversed applies Stripe's transfer.reversed event. Reversals
// we asked for are just confirmed. Anything else means the money came back
// from the courier's side (closed account, failed bank payout), so the
// payout is marked reversed and the amount is carried into the next run.
func (s *service) HandleTransferReversed(ctx context.Context, transferID string, amountReversed int64) error {
	p, err := s.q.GetPayoutByTransfer(ctx, postgres.Text(transferID))
	if postgres.IsNoRows(err) {
		// Cash-outs, advances and deposit refunds are not carried forward.
		return nil
	}
	if err != nil {
		return err
	}
	if _, err := s.q.GetPayoutReversalByPayout(ctx, p.ID); err == nil {
		_, err := s.q.ConfirmReversal(ctx, p.ID)
		return err
	} else if !postgres.IsNoRows(err) {
		return err
	}

	n, err := s.q.MarkPayoutReversed(ctx, db.MarkPayoutReversedParams{
		ID:         p.ID,
		ReversedAt: postgres.Timestamptz(s.now()),
	})
	if err != nil {
		return err
	}
	if n == 0 {
		return nil
	}
	if err := s.q.InsertPayoutCredit(ctx, db.InsertPayoutCreditParams{
		ID:             s.newID(),
		CourierID:      p.CourierID,
		SourcePayoutID: p.ID,
		AmountCents:    amountReversed,
		Reason:         "transfer_reversed",
	}); err != nil {
		return fmt.Errorf("payouts: carry forward %s: %w", p.ID, err)
	}
	c, err := s.couriers.Get(ctx, p.CourierID)
	if err != nil {
		return err
	}
	_, err = s.outbox.Enqueue(ctx, s.q, notify.Message{
		DedupKey:  "payout-reversed:" + p.ID.String(),
		CourierID: c.ID,
		Phone:     c.PhoneE164,
		Template:  "payout_reversed",
		Body:      notify.PayoutReversed(amountReversed),
	})
	return err
}
