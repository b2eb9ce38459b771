package payments

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/keystone-pm/rent/internal/ids"
	"github.com/keystone-pm/rent/internal/provider/achpay"
	"github.com/keystone-pm/rent/internal/repo"
)

// Refund returns part or all of a settled payment to the tenant's bank
// account. The refund row is created under the caller's idempotency key; a
// replay of a refund that has not reached the provider yet resubmits it.
func (s *service) Refund(ctx context.Context, key, paymentID string, in RefundInput) (*repo.Refund, error) {
	if in.AmountCents <= 0 {
		return nil, ErrInvalidAmount
	}
	scope := "refund:" + paymentID
	var rf *repo.Refund
	err := s.db.InTx(ctx, func(tx pgx.Tx) error {
		rec, fresh, err := s.idem.Claim(ctx, tx, scope, key, in.RequestHash)
		if err != nil {
			return err
		}
		if !fresh {
			if rec.ResourceID == nil {
				return ErrInFlight
			}
			rf, err = s.payments.GetRefund(ctx, tx, *rec.ResourceID)
			return err
		}
		p, err := s.payments.GetForUpdate(ctx, tx, paymentID)
		if err != nil {
			return err
		}
		if p.Status != repo.PaymentProcessed {
			return ErrNotRefundable
		}
		refunded, err := s.payments.RefundedTotal(ctx, tx, p.ID)
		if err != nil {
			return err
		}
		if refunded+in.AmountCents > p.AmountCents {
			return ErrRefundExceeds
		}
		rf = &repo.Refund{
			ID:          ids.Refund(),
			PaymentID:   p.ID,
			AmountCents: in.AmountCents,
			Reason:      in.Reason,
		}
		if err := s.payments.InsertRefund(ctx, tx, rf); err != nil {
			return err
		}
		if err := s.settle.charges.AppendLedger(ctx, tx, repo.LedgerEntry{
			LeaseID:     p.LeaseID,
			PaymentID:   &p.ID,
			EntryType:   "refund",
			AmountCents: in.AmountCents,
			Memo:        "Refund " + rf.ID,
		}); err != nil {
			return err
		}
		return s.idem.AttachResource(ctx, tx, scope, key, rf.ID)
	})
	if err != nil {
		return nil, err
	}
	if rf.Status != "pending" {
		return rf, nil
	}
	return rf, s.sendRefund(ctx, rf)
}

func (s *service) sendRefund(ctx context.Context, rf *repo.Refund) error {
	p, err := s.payments.Get(ctx, s.db.Q(), rf.PaymentID)
	if err != nil {
		return err
	}
	fs, err := s.payments.GetFundingSource(ctx, s.db.Q(), p.FundingSourceID)
	if err != nil {
		return err
	}
	t, err := s.ach.CreateTransfer(ctx, achpay.TransferRequest{
		SourceFundingSource:      s.clearing,
		DestinationFundingSource: fs.ProviderFundingSourceID,
		AmountCents:              rf.AmountCents,
		Description:              "Rent refund",
		Metadata:                 map[string]string{"refund_id": rf.ID, "payment_id": p.ID},
	})
	if err != nil {
		return fmt.Errorf("submit refund %s: %w", rf.ID, err)
	}
	if err := s.payments.MarkRefundSubmitted(ctx, s.db.Q(), rf.ID, t.ID); err != nil {
		return err
	}
	rf.Status, rf.TransferID = "submitted", &t.ID
	return nil
}
