package loans

import (
	"context"
	"fmt"

	"github.com/rs/xid"
	"go.uber.org/zap"

	"github.com/brightpay/lending/internal/apperr"
	"github.com/brightpay/lending/internal/db"
	"github.com/brightpay/lending/internal/events"
	"github.com/brightpay/lending/internal/ids"
	"github.com/brightpay/lending/internal/repo"
)

type AdjustInput struct {
	LoanID      string
	Reference   string
	AmountCents int64
	Reason      string
	Actor       string
}

type AdjustResult struct {
	Reference    string
	Applied      bool
	BalanceCents int64
}

// AdjustBalance applies a manual correction entered by an operator. The
// operator's reference makes the adjustment row unique per loan.
func (s *service) AdjustBalance(ctx context.Context, in AdjustInput) (AdjustResult, error) {
	if in.Reference == "" || in.AmountCents == 0 || in.Reason == "" {
		return AdjustResult{}, apperr.New(apperr.InvalidArgument, "reference, amount and reason are required")
	}
	loans := s.store.Loans()
	n, err := s.store.Adjustments().InsertBalanceAdjustment(ctx, db.InsertBalanceAdjustmentParams{
		ID:          ids.New("adj"),
		LoanID:      in.LoanID,
		Reference:   in.Reference,
		AmountCents: in.AmountCents,
		Reason:      in.Reason,
		Actor:       in.Actor,
	})
	if err != nil {
		return AdjustResult{}, fmt.Errorf("record adjustment: %w", err)
	}
	if n == 0 {
		loan, err := loans.GetLoan(ctx, in.LoanID)
		return AdjustResult{Reference: in.Reference, BalanceCents: loan.BalanceCents}, err
	}

	balance, err := loans.AdjustLoanBalance(ctx, in.LoanID, in.AmountCents)
	if err != nil {
		return AdjustResult{}, fmt.Errorf("apply adjustment: %w", err)
	}
	if err := loans.InsertLedgerEntry(ctx, db.InsertLedgerEntryParams{
		ID:          ids.New("le"),
		LoanID:      in.LoanID,
		EntryType:   "manual_adjustment",
		AmountCents: in.AmountCents,
		Ref:         in.Reference,
	}); err != nil {
		return AdjustResult{}, err
	}
	s.log.Info("balance adjusted", zap.String("loan_id", in.LoanID), zap.String("actor", in.Actor), zap.Int64("amount", in.AmountCents))
	return AdjustResult{Reference: in.Reference, Applied: true, BalanceCents: balance}, nil
}

type MerchantRefund struct {
	MerchantID  string
	RefundRef   string
	OrderRef    string
	AmountCents int64
}

// ApplyMerchantRefund reduces the loan for a refund the merchant made on the
// order. The merchant's refund reference is the natural key.
func (s *service) ApplyMerchantRefund(ctx context.Context, in MerchantRefund) error {
	if in.AmountCents <= 0 || in.RefundRef == "" {
		return apperr.New(apperr.InvalidArgument, "refund reference and positive amount required")
	}
	return s.store.InTx(ctx, func(ctx context.Context, st repo.Store) error {
		loan, err := st.Loans().GetLoanByOrder(ctx, in.MerchantID, in.OrderRef)
		if err != nil {
			return fmt.Errorf("loan for order %s/%s: %w", in.MerchantID, in.OrderRef, err)
		}
		n, err := st.Adjustments().InsertMerchantRefund(ctx, db.InsertMerchantRefundParams{
			ID:                ids.New("mrf"),
			MerchantID:        in.MerchantID,
			MerchantRefundRef: in.RefundRef,
			LoanID:            loan.ID,
			AmountCents:       in.AmountCents,
		})
		if err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
		return reduceLoan(ctx, st, loan, in.AmountCents, "merchant_refund", in.MerchantID+":"+in.RefundRef)
	})
}

// ApplyOrderAdjustment handles partial cancellations published by the
// merchant platform (items removed from an order after checkout).
func (s *service) ApplyOrderAdjustment(ctx context.Context, evt events.OrderAdjustment) error {
	if evt.AmountCents <= 0 {
		return nil
	}
	loan, err := s.store.Loans().GetLoanByOrder(ctx, evt.MerchantID, evt.OrderRef)
	if err != nil {
		return fmt.Errorf("loan for order %s/%s: %w", evt.MerchantID, evt.OrderRef, err)
	}
	adj := orderAdjustmentRow(loan.ID, evt)
	return s.store.InTx(ctx, func(ctx context.Context, st repo.Store) error {
		if err := st.Adjustments().InsertOrderAdjustment(ctx, adj); err != nil {
			return err
		}
		return reduceLoan(ctx, st, loan, adj.AmountCents, "order_adjustment", adj.ID)
	})
}

func orderAdjustmentRow(loanID string, evt events.OrderAdjustment) db.InsertOrderAdjustmentParams {
	return db.InsertOrderAdjustmentParams{
		ID:          "oadj_" + xid.New().String(),
		LoanID:      loanID,
		MerchantID:  evt.MerchantID,
		OrderRef:    evt.OrderRef,
		AmountCents: evt.AmountCents,
		Reason:      evt.Reason,
	}
}

// reduceLoan lowers the outstanding balance and writes the matching ledger
// entry; it must run inside the caller's transaction.
func reduceLoan(ctx context.Context, st repo.Store, loan db.Loan, amount int64, entryType, ref string) error {
	balance, err := st.Loans().AdjustLoanBalance(ctx, loan.ID, -amount)
	if err != nil {
		return err
	}
	if err := st.Loans().InsertLedgerEntry(ctx, db.InsertLedgerEntryParams{
		ID:          ids.New("le"),
		LoanID:      loan.ID,
		EntryType:   entryType,
		AmountCents: -amount,
		Ref:         ref,
	}); err != nil {
		return err
	}
	if balance <= 0 && loan.Status == "active" {
		if err := st.Loans().MarkLoanPaidOff(ctx, loan.ID); err != nil {
			return err
		}
	}
	return events.Enqueue(ctx, st.Outbox(), events.TopicNotifications, loan.CustomerID, events.CustomerNotification{
		CustomerID: loan.CustomerID,
		Template:   "loan_reduced",
		Params:     map[string]string{"loan_id": loan.ID, "reason": entryType},
	})
}
