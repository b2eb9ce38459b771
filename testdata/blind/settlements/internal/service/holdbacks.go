package service

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"go.uber.org/zap"

	"github.com/trustwell/settlements/internal/domain"
	"github.com/trustwell/settlements/internal/jobs/args"
	"github.com/trustwell/settlements/internal/ledger"
	"github.com/trustwell/settlements/internal/platform/db"
	"github.com/trustwell/settlements/internal/providers/achpay"
)

// HoldbackService releases amounts held back from claimant shares.
type HoldbackService interface {
	RequestRelease(ctx context.Context, holdbackID, actor string) (*domain.Holdback, error)
	Release(ctx context.Context, holdbackID string) error
}

type holdbackService struct {
	db        *sqlx.DB
	tx        db.TxManager
	holdbacks HoldbackRepository
	claimants ClaimantRepository
	book      Poster
	ach       ACHPayments
	queue     JobQueue
	log       *zap.Logger
	now       func() time.Time
}

// NewHoldbackService builds the HoldbackService.
func NewHoldbackService(d Deps) *holdbackService {
	return &holdbackService{
		db:        d.DB,
		tx:        d.Tx,
		holdbacks: d.Holdbacks,
		claimants: d.Claimants,
		book:      d.Book,
		ach:       d.ACH,
		queue:     d.Queue,
		log:       d.Log.Named("holdbacks"),
		now:       clock,
	}
}

// RequestRelease flips a held holdback to releasing and queues the payout in
// the same transaction. A repeat request finds it already releasing and
// returns it unchanged.
func (s *holdbackService) RequestRelease(ctx context.Context, holdbackID, actor string) (*domain.Holdback, error) {
	err := s.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		ok, err := s.holdbacks.MarkReleasing(ctx, tx, holdbackID)
		if err != nil {
			return err
		}
		if !ok {
			h, err := s.holdbacks.Get(ctx, tx, holdbackID)
			if err != nil {
				return err
			}
			if h.Status == domain.HoldbackHeld {
				return domainStateErr("holdback changed concurrently")
			}
			return nil
		}
		_, err = s.queue.EnqueueTx(ctx, tx, args.ReleaseHoldback{HoldbackID: holdbackID}, nil)
		return err
	})
	if err != nil {
		return nil, err
	}
	s.log.Info("holdback release requested", zap.String("holdback_id", holdbackID), zap.String("actor", actor))
	return s.holdbacks.Get(ctx, s.db, holdbackID)
}

// Release pays a releasing holdback to the claimant. Called by the
// release_holdback worker.
func (s *holdbackService) Release(ctx context.Context, holdbackID string) error {
	h, err := s.holdbacks.Get(ctx, s.db, holdbackID)
	if err != nil {
		return err
	}
	switch h.Status {
	case domain.HoldbackReleased:
		return nil
	case domain.HoldbackReleasing:
	default:
		return domainStateErr(fmt.Sprintf("holdback %s is %s", h.ID, h.Status))
	}
	c, err := s.claimants.Get(ctx, s.db, h.ClaimantID)
	if err != nil {
		return err
	}
	if c.ACHRecipientID == nil {
		return ErrNoBankAccount
	}

	pay, err := s.ach.CreatePayment(ctx, achpay.PaymentRequest{
		AmountCents: int64(h.AmountCents),
		RecipientID: *c.ACHRecipientID,
		Descriptor:  achDescriptor,
		Description: "Holdback release: " + h.Reason,
		Metadata:    map[string]string{"holdback_id": h.ID, "settlement_id": h.SettlementID},
	})
	if err != nil {
		return err
	}

	return s.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		if err := s.holdbacks.MarkReleased(ctx, tx, h.ID, pay.ID, s.now()); err != nil {
			return err
		}
		_, err := s.book.Post(ctx, tx, ledger.HoldbackReleased(h))
		return err
	})
}
