// Package repayments collects customer repayments by card and applies them
// to instalments.
package repayments

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"
	"go.uber.org/zap"

	"github.com/brightpay/lending/internal/apperr"
	"github.com/brightpay/lending/internal/db"
	"github.com/brightpay/lending/internal/events"
	"github.com/brightpay/lending/internal/ids"
	"github.com/brightpay/lending/internal/providers/cards"
	"github.com/brightpay/lending/internal/repo"
)

type Service interface {
	MakeRepayment(ctx context.Context, in RepaymentInput) (db.Payment, error)
	PayOff(ctx context.Context, customerID, loanID string) (db.Payment, error)
	RefundOverpayment(ctx context.Context, in OverpaymentRefund) (string, error)
	Allocate(ctx context.Context, evt events.RepaymentSettled) error
	CardEvents
}

type RepaymentInput struct {
	CustomerID      string
	LoanID          string
	AmountCents     int64
	PaymentMethodID string
	IdempotencyKey  string
}

type OverpaymentRefund struct {
	LoanID      string
	AmountCents int64
	Actor       string
	Note        string
}

type service struct {
	store     repo.Store
	cards     cards.Processor
	publisher events.Publisher
	log       *zap.Logger
}

func New(store repo.Store, cp cards.Processor, pub events.Publisher, log *zap.Logger) Service {
	return &service{store: store, cards: cp, publisher: pub, log: log}
}

type claimed struct {
	payment db.Payment
	created bool
}

// MakeRepayment charges the customer's card for part of a loan. The client's
// Idempotency-Key is claimed in the same transaction that creates the
// payment row, and the payment ID is the processor's idempotency key.
func (s *service) MakeRepayment(ctx context.Context, in RepaymentInput) (db.Payment, error) {
	if in.IdempotencyKey == "" {
		return db.Payment{}, apperr.New(apperr.InvalidArgument, "Idempotency-Key header is required")
	}
	if in.AmountCents <= 0 {
		return db.Payment{}, apperr.New(apperr.InvalidArgument, "amount must be positive")
	}
	scope := "repayment:" + in.CustomerID

	c, err := repo.InTx(ctx, s.store, func(ctx context.Context, st repo.Store) (claimed, error) {
		n, err := st.Dedup().ClaimIdempotencyKey(ctx, scope, in.IdempotencyKey)
		if err != nil {
			return claimed{}, err
		}
		if n == 0 {
			k, err := st.Dedup().GetIdempotencyKey(ctx, scope, in.IdempotencyKey)
			if err != nil {
				return claimed{}, err
			}
			if !k.ResourceID.Valid {
				return claimed{}, apperr.New(apperr.FailedPrecondition, "request with this key is in progress")
			}
			p, err := st.Payments().GetPayment(ctx, k.ResourceID.String)
			return claimed{payment: p}, err
		}

		loan, err := st.Loans().GetLoan(ctx, in.LoanID)
		if err != nil {
			return claimed{}, err
		}
		if loan.CustomerID != in.CustomerID {
			return claimed{}, apperr.New(apperr.NotFound, "loan not found")
		}
		if loan.Status != "active" {
			return claimed{}, apperr.New(apperr.FailedPrecondition, "loan is %s", loan.Status)
		}
		pm := in.PaymentMethodID
		if pm == "" {
			pm = loan.AutopayPm.String
		}
		p, err := st.Payments().InsertPayment(ctx, db.InsertPaymentParams{
			ID:              ids.New("pay"),
			LoanID:          loan.ID,
			Kind:            "instalment",
			AmountCents:     min(in.AmountCents, loan.BalanceCents+loan.FeesCents),
			Currency:        loan.Currency,
			PaymentMethodID: pgtype.Text{String: pm, Valid: pm != ""},
			Status:          "pending",
		})
		if err != nil {
			return claimed{}, err
		}
		if err := st.Dedup().SetIdempotencyResource(ctx, scope, in.IdempotencyKey, p.ID); err != nil {
			return claimed{}, err
		}
		return claimed{payment: p, created: true}, nil
	})
	if err != nil {
		return db.Payment{}, err
	}
	if c.payment.Status != "pending" {
		return c.payment, nil
	}
	return s.chargePending(ctx, in.CustomerID, c.payment)
}

// chargePending sends a pending payment to the processor under the payment's
// own ID, so repeating it for the same payment never charges twice.
func (s *service) chargePending(ctx context.Context, customerID string, p db.Payment) (db.Payment, error) {
	cust, err := s.store.Applications().GetCustomer(ctx, customerID)
	if err != nil {
		return p, err
	}
	res, err := s.cards.Charge(ctx, cards.ChargeRequest{
		CustomerID:      cust.StripeCustomerID.String,
		PaymentMethodID: p.PaymentMethodID.String,
		AmountCents:     p.AmountCents,
		Currency:        p.Currency,
		Description:     "Loan repayment",
		Metadata:        map[string]string{"payment_id": p.ID, "loan_id": p.LoanID},
		IdempotencyKey:  p.ID,
	})
	s.recordAttempt(ctx, p.ID, res, err)
	if err != nil {
		return p, apperr.Wrap(apperr.Unavailable, err, "card processor unavailable")
	}
	if res.Status == "declined" {
		if err := s.store.Payments().MarkPaymentFailed(ctx, p.ID, res.DeclineCode); err != nil {
			return p, err
		}
		p.Status, p.FailureCode = "failed", pgtype.Text{String: res.DeclineCode, Valid: true}
		return p, nil
	}
	if err := s.store.Payments().MarkPaymentProcessing(ctx, p.ID, res.PaymentIntentID); err != nil {
		return p, err
	}
	p.Status, p.ProcessorRef = "processing", pgtype.Text{String: res.PaymentIntentID, Valid: true}
	return p, nil
}

// recordAttempt appends to the payment's attempt log. Failures to log are
// not fatal.
func (s *service) recordAttempt(ctx context.Context, paymentID string, res *cards.ChargeResult, callErr error) {
	outcome, detail := "error", pgtype.Text{}
	switch {
	case callErr != nil:
		detail = pgtype.Text{String: callErr.Error(), Valid: true}
	case res != nil:
		outcome = res.Status
		detail = pgtype.Text{String: res.PaymentIntentID + " " + res.DeclineCode, Valid: true}
	}
	if err := s.store.Payments().InsertPaymentAttempt(ctx, uuid.NewString(), paymentID, outcome, detail); err != nil {
		s.log.Warn("record payment attempt", zap.String("payment_id", paymentID), zap.Error(err))
	}
}

// PayOff settles the whole outstanding balance and fees in one charge.
func (s *service) PayOff(ctx context.Context, customerID, loanID string) (db.Payment, error) {
	loan, err := s.store.Loans().GetLoan(ctx, loanID)
	if err != nil {
		return db.Payment{}, err
	}
	if loan.CustomerID != customerID {
		return db.Payment{}, apperr.New(apperr.NotFound, "loan not found")
	}
	if loan.Status == "paid_off" {
		return s.store.Payments().GetLatestSucceededPayment(ctx, loan.ID)
	}
	if loan.Status != "active" || !loan.AutopayPm.Valid {
		return db.Payment{}, apperr.New(apperr.FailedPrecondition, "loan cannot be paid off by card")
	}
	cust, err := s.store.Applications().GetCustomer(ctx, customerID)
	if err != nil {
		return db.Payment{}, err
	}
	amount := loan.BalanceCents + loan.FeesCents

	res, err := s.cards.Charge(ctx, cards.ChargeRequest{
		CustomerID:      cust.StripeCustomerID.String,
		PaymentMethodID: loan.AutopayPm.String,
		AmountCents:     amount,
		Currency:        loan.Currency,
		Description:     "Loan payoff",
		Metadata:        map[string]string{"loan_id": loan.ID, "kind": "payoff"},
		IdempotencyKey:  ids.New("payoff"),
	})
	if err != nil {
		return db.Payment{}, apperr.Wrap(apperr.Unavailable, err, "card processor unavailable")
	}
	if res.Status == "declined" {
		return db.Payment{}, apperr.New(apperr.FailedPrecondition, "card declined: %s", res.DeclineCode)
	}

	return repo.InTx(ctx, s.store, func(ctx context.Context, st repo.Store) (db.Payment, error) {
		p, err := st.Payments().InsertPayment(ctx, db.InsertPaymentParams{
			ID:              ids.New("pay"),
			LoanID:          loan.ID,
			Kind:            "payoff",
			AmountCents:     amount,
			Currency:        loan.Currency,
			PaymentMethodID: loan.AutopayPm,
			Status:          "processing",
			ProcessorRef:    pgtype.Text{String: res.PaymentIntentID, Valid: true},
		})
		if err != nil {
			return db.Payment{}, err
		}
		return p, st.Loans().MarkLoanPaidOff(ctx, loan.ID)
	})
}

// RefundOverpayment returns money a customer paid beyond what they owed.
func (s *service) RefundOverpayment(ctx context.Context, in OverpaymentRefund) (string, error) {
	loan, err := s.store.Loans().GetLoan(ctx, in.LoanID)
	if err != nil {
		return "", err
	}
	if loan.BalanceCents >= 0 || -loan.BalanceCents < in.AmountCents {
		return "", apperr.New(apperr.FailedPrecondition, "refund exceeds overpaid amount")
	}
	last, err := s.store.Payments().GetLatestSucceededPayment(ctx, loan.ID)
	if err != nil {
		return "", fmt.Errorf("no card payment to refund against: %w", err)
	}
	if last.AmountCents < in.AmountCents {
		return "", apperr.New(apperr.FailedPrecondition, "refund exceeds the last card payment")
	}

	refund, err := s.cards.Refund(ctx, cards.RefundRequest{
		PaymentIntentID: last.ProcessorRef.String,
		AmountCents:     in.AmountCents,
		Reason:          "requested_by_customer",
		Metadata:        map[string]string{"loan_id": loan.ID, "actor": in.Actor},
	})
	if err != nil {
		return "", apperr.Wrap(apperr.Unavailable, err, "card processor unavailable")
	}

	err = s.store.InTx(ctx, func(ctx context.Context, st repo.Store) error {
		if err := st.Payments().InsertOverpaymentRefund(ctx, db.InsertOverpaymentRefundParams{
			ID:           ids.New("opr"),
			LoanID:       loan.ID,
			PaymentID:    last.ID,
			AmountCents:  in.AmountCents,
			ProcessorRef: refund.RefundID,
			RequestedBy:  in.Actor,
		}); err != nil {
			return err
		}
		if _, err := st.Loans().AdjustLoanBalance(ctx, loan.ID, in.AmountCents); err != nil {
			return err
		}
		return st.Loans().InsertLedgerEntry(ctx, db.InsertLedgerEntryParams{
			ID:          ids.New("le"),
			LoanID:      loan.ID,
			EntryType:   "overpayment_refund",
			AmountCents: in.AmountCents,
			Ref:         refund.RefundID,
		})
	})
	if err != nil {
		return refund.RefundID, errors.Join(errors.New("refund issued but not recorded"), err)
	}
	return refund.RefundID, nil
}
