package repayments

import (
	"context"

	"github.com/brightpay/lending/internal/db"
	"github.com/brightpay/lending/internal/events"
	"github.com/brightpay/lending/internal/ids"
	"github.com/brightpay/lending/internal/repo"
)

const allocatorConsumer = "repayment-allocator"

// Allocate spreads a settled payment over the loan's open instalments,
// oldest first. The payment ID is claimed in the same transaction.
func (s *service) Allocate(ctx context.Context, evt events.RepaymentSettled) error {
	return s.store.InTx(ctx, func(ctx context.Context, st repo.Store) error {
		n, err := st.Dedup().ClaimMessage(ctx, allocatorConsumer, evt.PaymentID)
		if err != nil || n == 0 {
			return err
		}
		p, err := st.Payments().GetPayment(ctx, evt.PaymentID)
		if err != nil {
			return err
		}
		open, err := st.Loans().ListOpenInstalments(ctx, p.LoanID)
		if err != nil {
			return err
		}
		remaining := p.AmountCents
		for _, inst := range open {
			if remaining == 0 {
				break
			}
			take := min(remaining, inst.AmountCents-inst.PaidCents)
			if take <= 0 {
				continue
			}
			if _, err := st.Payments().InsertAllocation(ctx, p.ID, inst.ID, take); err != nil {
				return err
			}
			if err := st.Loans().ApplyInstalmentPayment(ctx, inst.ID, take); err != nil {
				return err
			}
			remaining -= take
		}
		if p.Kind == "payoff" {
			return nil
		}
		if _, err := st.Loans().AdjustLoanBalance(ctx, p.LoanID, -p.AmountCents); err != nil {
			return err
		}
		entryType := "repayment"
		if remaining > 0 {
			entryType = "repayment_with_overpayment"
		}
		return st.Loans().InsertLedgerEntry(ctx, db.InsertLedgerEntryParams{
			ID:          ids.New("le"),
			LoanID:      p.LoanID,
			EntryType:   entryType,
			AmountCents: -p.AmountCents,
			Ref:         p.ID,
		})
	})
}
