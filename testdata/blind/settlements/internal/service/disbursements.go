package service

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"
	"go.uber.org/zap"

	"github.com/trustwell/settlements/internal/domain"
	"github.com/trustwell/settlements/internal/ledger"
	"github.com/trustwell/settlements/internal/platform/db"
	"github.com/trustwell/settlements/internal/providers/achpay"
)

// DisbursementService pays claimants by ACH.
type DisbursementService interface {
	// Disburse submits a pending payout. Called by the disburse_claimant worker.
	Disburse(ctx context.Context, disbursementID string) error
	// Reissue sends a returned or failed payout again, to the claimant's
	// current bank account.
	Reissue(ctx context.Context, disbursementID, actor string) (*domain.Disbursement, error)
	// PollAwaiting asks the provider about payouts that have not settled.
	PollAwaiting(ctx context.Context) (int, error)
}

const achDescriptor = "TRUSTWELL SETTLMT"

type disbursementService struct {
	db            *sqlx.DB
	tx            db.TxManager
	disbursements DisbursementRepository
	claimants     ClaimantRepository
	book          Poster
	ach           ACHPayments
	log           *zap.Logger
	checkID       func() string
	now           func() time.Time
	pollAfter     time.Duration
}

// NewDisbursementService builds the DisbursementService.
func NewDisbursementService(d Deps) *disbursementService {
	return &disbursementService{
		db:            d.DB,
		tx:            d.Tx,
		disbursements: d.Disbursements,
		claimants:     d.Claimants,
		book:          d.Book,
		ach:           d.ACH,
		log:           d.Log.Named("disbursements"),
		checkID:       d.IDs.Func("psc"),
		now:           clock,
		pollAfter:     72 * time.Hour,
	}
}

func (s *disbursementService) Disburse(ctx context.Context, disbursementID string) error {
	d, err := s.disbursements.Get(ctx, s.db, disbursementID)
	if err != nil {
		return err
	}
	if d.Status != domain.DisbursementPending {
		s.log.Debug("disbursement already submitted", zap.String("disbursement_id", d.ID), zap.String("status", string(d.Status)))
		return nil
	}
	c, err := s.claimants.Get(ctx, s.db, d.ClaimantID)
	if err != nil {
		return err
	}
	if c.ACHRecipientID == nil {
		return ErrNoBankAccount
	}

	// The disbursement row was written at approval; its id is the provider
	// idempotency key, so a resubmission after a timeout returns the payment
	// created the first time.
	pay, err := s.ach.CreatePayment(ctx, achpay.PaymentRequest{
		AmountCents:    int64(d.AmountCents),
		RecipientID:    *c.ACHRecipientID,
		Descriptor:     achDescriptor,
		Description:    "Settlement distribution " + d.SettlementID,
		Metadata:       map[string]string{"disbursement_id": d.ID, "settlement_id": d.SettlementID},
		IdempotencyKey: "disbursement:" + d.ID,
	})
	if err != nil {
		return err
	}

	return s.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		ok, err := s.disbursements.MarkSubmitted(ctx, tx, d.ID, pay.ID, s.now())
		if err != nil {
			return err
		}
		if !ok {
			return nil
		}
		_, err = s.book.Post(ctx, tx, ledger.ClaimantPaid(d))
		return err
	})
}

func (s *disbursementService) Reissue(ctx context.Context, disbursementID, actor string) (*domain.Disbursement, error) {
	d, err := s.disbursements.Get(ctx, s.db, disbursementID)
	if err != nil {
		return nil, err
	}
	if d.Status != domain.DisbursementReturned && d.Status != domain.DisbursementFailed {
		return nil, domainStateErr(fmt.Sprintf("disbursement is %s; only returned or failed payouts can be reissued", d.Status))
	}
	c, err := s.claimants.Get(ctx, s.db, d.ClaimantID)
	if err != nil {
		return nil, err
	}
	if c.ACHRecipientID == nil {
		return nil, ErrNoBankAccount
	}

	pay, err := s.ach.CreatePayment(ctx, achpay.PaymentRequest{
		AmountCents: int64(d.AmountCents),
		RecipientID: *c.ACHRecipientID,
		Descriptor:  achDescriptor,
		Description: "Settlement distribution (reissue) " + d.SettlementID,
		Metadata: map[string]string{
			"disbursement_id": d.ID,
			"settlement_id":   d.SettlementID,
			"reissued_by":     actor,
		},
		IdempotencyKey: uuid.NewString(),
	})
	if err != nil {
		return nil, err
	}

	reissueNo := d.ReissueCount + 1
	err = s.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		if err := s.disbursements.MarkReissued(ctx, tx, d.ID, pay.ID, s.now()); err != nil {
			return err
		}
		j := ledger.ClaimantPaid(d).By(actor)
		j.Sourced(fmt.Sprintf("%s:reissue:%d", d.ID, reissueNo))
		_, err := s.book.Post(ctx, tx, j)
		return err
	})
	if err != nil {
		return nil, err
	}
	s.log.Info("disbursement reissued",
		zap.String("disbursement_id", d.ID),
		zap.String("payment_id", pay.ID),
		zap.Int("reissue", reissueNo))
	return s.disbursements.Get(ctx, s.db, d.ID)
}

// PollAwaiting is a safety net for lost settlement webhooks. Each poll result
// is appended to payment_status_checks for the audit trail; status changes
// use the same guarded transitions as the webhook path.
func (s *disbursementService) PollAwaiting(ctx context.Context) (int, error) {
	pending, err := s.disbursements.ListAwaitingSettlement(ctx, s.now().Add(-s.pollAfter), 200)
	if err != nil {
		return 0, err
	}
	changed := 0
	var errs []error
	for _, d := range pending {
		if d.ProviderPaymentID == nil {
			continue
		}
		pay, err := s.ach.GetPayment(ctx, *d.ProviderPaymentID)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if err := s.disbursements.AppendStatusCheck(ctx, s.db, &domain.PaymentStatusCheck{
			ID:                s.checkID(),
			DisbursementID:    d.ID,
			ProviderPaymentID: pay.ID,
			ProviderStatus:    pay.Status,
			CheckedAt:         s.now(),
		}); err != nil {
			errs = append(errs, err)
			continue
		}
		if pay.Status == achpay.StatusSettled {
			ok, err := s.disbursements.MarkSettled(ctx, s.db, d.ID, s.now())
			if err != nil {
				errs = append(errs, err)
				continue
			}
			if ok {
				changed++
			}
		}
	}
	return changed, errors.Join(errs...)
}
