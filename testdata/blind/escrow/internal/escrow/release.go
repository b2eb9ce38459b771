package escrow

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/acme/escrow/internal/db"
	"github.com/acme/escrow/internal/platform/ids"
	"github.com/acme/escrow/internal/platform/retry"
	"github.com/acme/escrow/internal/platform/txn"
	"github.com/acme/escrow/internal/provider/payments"
)

// ConfirmReceipt records the buyer's confirmation that the goods arrived and
// schedules the immediate release of funds.
func (s *Service) ConfirmReceipt(ctx context.Context, escrowID, buyerID string) (db.Escrow, error) {
	return txn.Run(ctx, s.uow, func(ctx context.Context, q db.Querier) (db.Escrow, error) {
		e, err := q.GetEscrowForUpdate(ctx, escrowID)
		if err != nil {
			return db.Escrow{}, notFound(err)
		}
		if e.BuyerID != buyerID {
			return db.Escrow{}, ErrForbidden
		}
		switch e.Status {
		case StatusReleasePending, StatusReleased:
			return e, nil
		case StatusCaptured, StatusDelivered:
		default:
			return db.Escrow{}, ErrInvalidState
		}

		if err := q.InsertReceiptConfirmation(ctx, db.InsertReceiptConfirmationParams{
			ID:       s.ids.New(),
			EscrowID: e.ID,
			BuyerID:  buyerID,
		}); err != nil {
			return db.Escrow{}, err
		}
		if _, err := q.TransitionEscrowStatus(ctx, db.TransitionEscrowStatusParams{
			ID: e.ID, FromStatus: e.Status, ToStatus: StatusReleasePending,
		}); err != nil {
			return db.Escrow{}, err
		}
		// ctx carries the transaction, so the job is committed with the status change.
		if err := s.jobs.EnqueueRelease(ctx, e.ID, zeroTime); err != nil {
			return db.Escrow{}, err
		}
		return q.GetEscrow(ctx, e.ID)
	})
}

// OnDelivered reacts to the shipping partner's delivery confirmation: the
// escrow moves to delivered and an automatic release is scheduled after the
// buyer's inspection window.
func (s *Service) OnDelivered(ctx context.Context, escrowID string) error {
	n, err := s.q.TransitionEscrowStatus(ctx, db.TransitionEscrowStatusParams{
		ID: escrowID, FromStatus: StatusCaptured, ToStatus: StatusDelivered,
	})
	if err != nil {
		return fmt.Errorf("mark delivered: %w", err)
	}
	if n == 0 {
		s.log.InfoContext(ctx, "escrow not awaiting delivery; ignoring", "escrow_id", escrowID)
		return nil
	}
	return s.jobs.EnqueueRelease(ctx, escrowID, s.now().Add(s.cfg.ReleaseHold))
}

var zeroTime time.Time

// errSkipRelease aborts a release that must not proceed (disputed, cancelled).
var errSkipRelease = errors.New("release not allowed in current state")

// ReleaseFunds transfers the seller's share of a captured escrow to the
// seller's connected account. The transfer is recorded as an intent with a
// deterministic operation ID before Stripe is called; that ID is the Stripe
// idempotency key, so a repeated run resumes the same transfer.
func (s *Service) ReleaseFunds(ctx context.Context, escrowID string) error {
	intent, err := txn.Run(ctx, s.uow, func(ctx context.Context, q db.Querier) (db.ReleaseTransfer, error) {
		e, err := q.GetEscrowForUpdate(ctx, escrowID)
		if err != nil {
			return db.ReleaseTransfer{}, notFound(err)
		}
		switch e.Status {
		case StatusDelivered, StatusReleasePending, StatusReleased:
		default:
			return db.ReleaseTransfer{}, fmt.Errorf("%w: %s", errSkipRelease, e.Status)
		}
		acct, err := q.GetSellerAccount(ctx, e.SellerID)
		if err != nil {
			return db.ReleaseTransfer{}, fmt.Errorf("seller account: %w", err)
		}
		if err := q.InsertReleaseTransfer(ctx, db.InsertReleaseTransferParams{
			ID:          ids.Derive(ids.NamespaceRelease, e.ID).String(),
			EscrowID:    e.ID,
			SellerID:    e.SellerID,
			Destination: acct.StripeAccountID,
			AmountCents: e.AmountCents - e.PlatformFeeCents,
			Currency:    e.Currency,
		}); err != nil {
			return db.ReleaseTransfer{}, err
		}
		return q.GetReleaseTransferByEscrow(ctx, e.ID)
	})
	if errors.Is(err, errSkipRelease) {
		s.log.InfoContext(ctx, "release skipped", "escrow_id", escrowID, "reason", err)
		return nil
	}
	if err != nil {
		return err
	}
	if intent.Status == "completed" {
		return nil
	}

	transferID, err := retry.Do(ctx, s.retry, func() (string, error) {
		return s.pay.Transfer(ctx, payments.TransferRequest{
			Destination:    intent.Destination,
			AmountCents:    intent.AmountCents,
			Currency:       intent.Currency,
			TransferGroup:  "escrow_" + escrowID,
			Metadata:       map[string]string{"escrow_id": escrowID},
			IdempotencyKey: intent.ID,
		})
	})
	if err != nil {
		return fmt.Errorf("transfer: %w", err)
	}

	return s.uow.Do(ctx, func(ctx context.Context, q db.Querier) error {
		if err := q.CompleteReleaseTransfer(ctx, db.CompleteReleaseTransferParams{ID: intent.ID, StripeTransferID: transferID}); err != nil {
			return err
		}
		return q.UpdateEscrowStatus(ctx, db.UpdateEscrowStatusParams{ID: escrowID, Status: StatusReleased})
	})
}
