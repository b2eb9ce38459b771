// Package disbursement pays loan principal out to the customer's bank
// account through the payout partner and tracks the payout's status.
package disbursement

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/segmentio/ksuid"
	"go.uber.org/zap"

	"github.com/brightpay/lending/internal/apperr"
	"github.com/brightpay/lending/internal/db"
	"github.com/brightpay/lending/internal/events"
	"github.com/brightpay/lending/internal/ids"
	"github.com/brightpay/lending/internal/providers/payout"
	"github.com/brightpay/lending/internal/repo"
)

// Payouts is the part of the payout partner client used here.
type Payouts interface {
	CreatePayout(ctx context.Context, p payout.PayoutRequest) (*payout.Payout, error)
}

type Service interface {
	Disburse(ctx context.Context, evt events.LoanAccepted) error
	Reissue(ctx context.Context, loanID, actor string) (db.Disbursement, error)
	HandleStatus(ctx context.Context, evt payout.StatusEvent) error
}

type service struct {
	store   repo.Store
	payouts Payouts
	log     *zap.Logger
}

func New(store repo.Store, p Payouts, log *zap.Logger) Service {
	return &service{store: store, payouts: p, log: log}
}

// Disburse sends the first payout for an accepted loan. The disbursement row
// (ID derived from the loan and attempt number) is committed before the
// partner is called and its ID is the partner's client reference.
func (s *service) Disburse(ctx context.Context, evt events.LoanAccepted) error {
	loan, err := s.store.Loans().GetLoan(ctx, evt.LoanID)
	if err != nil {
		return err
	}
	if loan.Status != "pending_disbursement" {
		return nil
	}
	acct, err := s.store.BankAccounts().GetBankAccount(ctx, evt.BankAccountID)
	if err != nil {
		return err
	}

	d, err := repo.InTx(ctx, s.store, func(ctx context.Context, st repo.Store) (db.Disbursement, error) {
		id := ids.Derive("disb", loan.ID, "1")
		if err := st.Disbursements().InsertDisbursement(ctx, db.InsertDisbursementParams{
			ID:              id,
			LoanID:          loan.ID,
			Attempt:         1,
			BankAccountID:   acct.ID,
			AmountCents:     loan.PrincipalCents,
			ClientReference: id,
		}); err != nil {
			return db.Disbursement{}, err
		}
		return st.Disbursements().GetDisbursementByAttempt(ctx, loan.ID, 1)
	})
	if err != nil {
		return fmt.Errorf("record disbursement: %w", err)
	}
	if d.Status != "pending" {
		return nil
	}

	p, err := s.payouts.CreatePayout(ctx, payoutFor(d, acct))
	if err != nil {
		return fmt.Errorf("create payout: %w", err)
	}
	return s.store.Disbursements().MarkDisbursementSubmitted(ctx, d.ID, p.ID)
}

// Reissue sends a loan's payout again after the partner rejected or
// returned it (for example when the customer corrected their account).
func (s *service) Reissue(ctx context.Context, loanID, actor string) (db.Disbursement, error) {
	d, err := s.store.Disbursements().GetLatestDisbursement(ctx, loanID)
	if errors.Is(err, pgx.ErrNoRows) {
		return db.Disbursement{}, apperr.New(apperr.NotFound, "loan has no disbursement")
	}
	if err != nil {
		return db.Disbursement{}, err
	}
	if d.Status == "paid" {
		return d, apperr.New(apperr.FailedPrecondition, "disbursement already paid")
	}
	acct, err := s.store.BankAccounts().GetBankAccount(ctx, d.BankAccountID)
	if err != nil {
		return db.Disbursement{}, err
	}

	req := payoutFor(d, acct)
	req.ClientReference = "rsd_" + ksuid.New().String()
	p, err := s.payouts.CreatePayout(ctx, req)
	if err != nil {
		return db.Disbursement{}, fmt.Errorf("reissue payout: %w", err)
	}
	if err := s.store.Disbursements().ResubmitDisbursement(ctx, d.ID, req.ClientReference, p.ID); err != nil {
		return db.Disbursement{}, err
	}
	s.log.Info("payout reissued", zap.String("loan_id", loanID), zap.String("actor", actor), zap.String("payout_id", p.ID))
	d.Status, d.ClientReference, d.PartnerRef = "submitted", req.ClientReference, pgtype.Text{String: p.ID, Valid: true}
	return d, nil
}

func payoutFor(d db.Disbursement, acct db.BankAccount) payout.PayoutRequest {
	return payout.PayoutRequest{
		ClientReference: d.ClientReference,
		AmountCents:     d.AmountCents,
		Currency:        "GBP",
		SortCode:        acct.SortCode,
		AccountRef:      acct.VaultToken,
		HolderName:      acct.HolderName,
		Narrative:       "BRIGHTPAY LOAN " + d.LoanID[len(d.LoanID)-8:],
	}
}
