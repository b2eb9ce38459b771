// Package loans manages loans after an offer is accepted: schedules,
// autopay, balance changes from merchants and operators.
package loans

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"go.uber.org/zap"

	"github.com/brightpay/lending/internal/apperr"
	"github.com/brightpay/lending/internal/db"
	"github.com/brightpay/lending/internal/events"
	"github.com/brightpay/lending/internal/ids"
	"github.com/brightpay/lending/internal/repo"
	"github.com/brightpay/lending/internal/schedule"
)

type Service interface {
	AcceptOffer(ctx context.Context, in AcceptInput) (db.Loan, error)
	UpdateAutopay(ctx context.Context, customerID, loanID, paymentMethodID string, enabled bool) (db.Loan, error)
	Reschedule(ctx context.Context, in RescheduleInput) (db.Loan, error)
	AdjustBalance(ctx context.Context, in AdjustInput) (AdjustResult, error)
	ApplyMerchantRefund(ctx context.Context, in MerchantRefund) error
	ApplyOrderAdjustment(ctx context.Context, evt events.OrderAdjustment) error
}

type AcceptInput struct {
	CustomerID    string
	OfferID       string
	BankAccountID string
}

type RescheduleInput struct {
	LoanID      string
	Reference   string
	Instalments int
	Actor       string
}

type service struct {
	store repo.Store
	log   *zap.Logger
	now   func() time.Time
}

func New(store repo.Store, log *zap.Logger) Service {
	return &service{store: store, log: log, now: time.Now}
}

// AcceptOffer creates the loan and its schedule. The loan ID is derived from
// the offer and the insert is conditional on the offer, so accepting twice
// returns the loan created the first time.
func (s *service) AcceptOffer(ctx context.Context, in AcceptInput) (db.Loan, error) {
	loanID := ids.Derive("loan", in.OfferID)
	return repo.InTx(ctx, s.store, func(ctx context.Context, st repo.Store) (db.Loan, error) {
		offer, err := st.Applications().GetOfferForUpdate(ctx, in.OfferID)
		if err != nil {
			return db.Loan{}, err
		}
		app, err := st.Applications().GetApplication(ctx, offer.ApplicationID)
		if err != nil {
			return db.Loan{}, err
		}
		if app.CustomerID != in.CustomerID {
			return db.Loan{}, apperr.New(apperr.NotFound, "offer not found")
		}
		if offer.Status == "accepted" {
			return st.Loans().GetLoanByOffer(ctx, offer.ID)
		}
		if offer.Status != "open" || s.now().After(offer.ExpiresAt) {
			return db.Loan{}, apperr.New(apperr.FailedPrecondition, "offer is no longer open")
		}
		acct, err := st.BankAccounts().GetBankAccount(ctx, in.BankAccountID)
		if err != nil || acct.CustomerID != in.CustomerID {
			return db.Loan{}, apperr.New(apperr.InvalidArgument, "unknown bank account")
		}

		loan, err := st.Loans().InsertLoan(ctx, db.InsertLoanParams{
			ID:             loanID,
			OfferID:        offer.ID,
			CustomerID:     in.CustomerID,
			BankAccountID:  pgtype.Text{String: acct.ID, Valid: true},
			PrincipalCents: offer.ApprovedCents,
			Currency:       app.Currency,
		})
		if errors.Is(err, pgx.ErrNoRows) {
			return st.Loans().GetLoanByOffer(ctx, offer.ID)
		}
		if err != nil {
			return db.Loan{}, fmt.Errorf("insert loan: %w", err)
		}

		plan := schedule.Build(schedule.Plan{
			LoanID:      loan.ID,
			AmountCents: loan.PrincipalCents,
			Count:       int(offer.TermMonths),
			FirstSeq:    1,
			Start:       s.now(),
			IDFor: func(seq int32) string {
				return ids.Derive("inst", loan.ID, strconv.Itoa(int(seq)))
			},
		})
		for _, inst := range plan {
			if err := st.Loans().InsertInstalment(ctx, inst); err != nil {
				return db.Loan{}, fmt.Errorf("insert instalment %d: %w", inst.Seq, err)
			}
		}
		if err := st.Applications().MarkOfferAccepted(ctx, offer.ID); err != nil {
			return db.Loan{}, err
		}
		if err := st.Applications().SetApplicationStatus(ctx, app.ID, "accepted"); err != nil {
			return db.Loan{}, err
		}
		err = events.Enqueue(ctx, st.Outbox(), events.TopicLoanAccepted, loan.ID, events.LoanAccepted{
			LoanID:         loan.ID,
			OfferID:        offer.ID,
			CustomerID:     loan.CustomerID,
			BankAccountID:  acct.ID,
			PrincipalCents: loan.PrincipalCents,
		})
		return loan, err
	})
}

func (s *service) UpdateAutopay(ctx context.Context, customerID, loanID, paymentMethodID string, enabled bool) (db.Loan, error) {
	return repo.InTx(ctx, s.store, func(ctx context.Context, st repo.Store) (db.Loan, error) {
		loan, err := st.Loans().GetLoanForUpdate(ctx, loanID)
		if err != nil {
			return db.Loan{}, err
		}
		if loan.CustomerID != customerID {
			return db.Loan{}, apperr.New(apperr.NotFound, "loan not found")
		}
		if err := st.Loans().UpsertAutopayMandate(ctx, loan.ID, paymentMethodID, enabled); err != nil {
			return db.Loan{}, err
		}
		pm := pgtype.Text{String: paymentMethodID, Valid: enabled}
		if err := st.Loans().SetLoanAutopay(ctx, loan.ID, pm); err != nil {
			return db.Loan{}, err
		}
		loan.AutopayPm = pm
		return loan, nil
	})
}

// Reschedule replaces the unpaid instalments of a loan with a new plan. The
// operator-supplied reference is claimed in the same transaction.
func (s *service) Reschedule(ctx context.Context, in RescheduleInput) (db.Loan, error) {
	if in.Reference == "" || in.Instalments < 1 || in.Instalments > 24 {
		return db.Loan{}, apperr.New(apperr.InvalidArgument, "reference and 1-24 instalments required")
	}
	return repo.InTx(ctx, s.store, func(ctx context.Context, st repo.Store) (db.Loan, error) {
		claimed, err := st.Dedup().ClaimIdempotencyKey(ctx, "reschedule:"+in.LoanID, in.Reference)
		if err != nil {
			return db.Loan{}, err
		}
		if claimed == 0 {
			return st.Loans().GetLoan(ctx, in.LoanID)
		}
		loan, err := st.Loans().GetLoanForUpdate(ctx, in.LoanID)
		if err != nil {
			return db.Loan{}, err
		}
		if loan.Status != "active" {
			return db.Loan{}, apperr.New(apperr.FailedPrecondition, "loan is %s", loan.Status)
		}
		open, err := st.Loans().ListOpenInstalments(ctx, loan.ID)
		if err != nil {
			return db.Loan{}, err
		}
		var moving int64
		for _, inst := range open {
			if inst.PaidCents == 0 && inst.Status != "overdue" {
				moving += inst.AmountCents
			}
		}
		if moving == 0 {
			return loan, nil
		}
		if err := st.Loans().DeleteUnpaidInstalments(ctx, loan.ID); err != nil {
			return db.Loan{}, err
		}
		last, err := st.Loans().MaxInstalmentSeq(ctx, loan.ID)
		if err != nil {
			return db.Loan{}, err
		}
		plan := schedule.Build(schedule.Plan{
			LoanID:      loan.ID,
			AmountCents: moving,
			Count:       in.Instalments,
			FirstSeq:    last + 1,
			Start:       s.now(),
			IDFor: func(seq int32) string {
				return ids.Derive("inst", loan.ID, strconv.Itoa(int(seq)))
			},
		})
		for _, inst := range plan {
			if err := st.Loans().InsertInstalment(ctx, inst); err != nil {
				return db.Loan{}, err
			}
		}
		if n, err := st.Loans().BumpLoanVersion(ctx, loan.ID, loan.Version); err != nil || n == 0 {
			return db.Loan{}, apperr.New(apperr.FailedPrecondition, "loan changed concurrently")
		}
		loan.Version++
		s.log.Info("loan rescheduled", zap.String("loan_id", loan.ID), zap.String("actor", in.Actor), zap.Int("instalments", in.Instalments))
		return loan, nil
	})
}
