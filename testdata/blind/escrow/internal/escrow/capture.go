package escrow

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/acme/escrow/internal/db"
	"github.com/acme/escrow/internal/events"
	"github.com/acme/escrow/internal/platform/ids"
	"github.com/acme/escrow/internal/platform/txn"
)

func isNoRows(err error) bool { return errors.Is(err, pgx.ErrNoRows) }

// Capture captures the authorised funds of an escrow. Capturing an escrow
// that is already captured returns it unchanged.
func (s *Service) Capture(ctx context.Context, escrowID string) (db.Escrow, error) {
	traceID := uuid.NewString()
	log := s.log.With("trace_id", traceID, "escrow_id", escrowID)

	e, err := s.Get(ctx, escrowID)
	if err != nil {
		return db.Escrow{}, err
	}
	switch e.Status {
	case StatusCaptured:
		log.InfoContext(ctx, "capture replayed")
		return e, s.publishCaptured(ctx, e)
	case StatusDelivered, StatusReleasePending, StatusReleased:
		return e, nil
	case StatusAuthorized:
	default:
		return db.Escrow{}, ErrInvalidState
	}

	if _, err := s.pay.CaptureIntent(ctx, e.PaymentIntentID.String, e.AmountCents, ids.Key("capture", e.ID)); err != nil {
		log.ErrorContext(ctx, "capture failed", "err", err)
		return db.Escrow{}, err
	}

	e, err = txn.Run(ctx, s.uow, func(ctx context.Context, q db.Querier) (db.Escrow, error) {
		n, err := q.TransitionEscrowStatus(ctx, db.TransitionEscrowStatusParams{
			ID: escrowID, FromStatus: StatusAuthorized, ToStatus: StatusCaptured,
		})
		if err != nil {
			return db.Escrow{}, err
		}
		if n == 1 {
			detail, _ := json.Marshal(map[string]any{"amount_cents": e.AmountCents, "trace_id": traceID})
			if err := q.InsertEscrowEvent(ctx, db.InsertEscrowEventParams{
				ID: uuid.New(), EscrowID: escrowID, Kind: "captured", Detail: detail,
			}); err != nil {
				return db.Escrow{}, err
			}
		}
		return q.GetEscrow(ctx, escrowID)
	})
	if err != nil {
		return db.Escrow{}, fmt.Errorf("record capture: %w", err)
	}
	log.InfoContext(ctx, "escrow captured")
	return e, s.publishCaptured(ctx, e)
}

func (s *Service) publishCaptured(ctx context.Context, e db.Escrow) error {
	return s.pub.Publish(ctx, events.SubjectEscrowCaptured, events.EscrowCaptured{
		EscrowID:    e.ID,
		SellerID:    e.SellerID,
		AmountCents: e.AmountCents,
		FeeCents:    e.PlatformFeeCents,
		Currency:    e.Currency,
	}, ids.Key("escrow-captured", e.ID))
}

// Cancel voids an escrow that has not been captured yet.
func (s *Service) Cancel(ctx context.Context, escrowID string) (db.Escrow, error) {
	e, err := s.Get(ctx, escrowID)
	if err != nil {
		return db.Escrow{}, err
	}
	switch e.Status {
	case StatusCancelled:
		return e, nil
	case StatusPending, StatusAuthorized:
	default:
		return db.Escrow{}, ErrInvalidState
	}

	if e.PaymentIntentID.Valid {
		if err := s.pay.CancelIntent(ctx, e.PaymentIntentID.String, ids.Key("cancel", e.ID)); err != nil {
			return db.Escrow{}, err
		}
	}
	n, err := s.q.CancelEscrow(ctx, e.ID)
	if err != nil {
		return db.Escrow{}, fmt.Errorf("cancel escrow: %w", err)
	}
	if n == 1 {
		// Best effort: consumers treat cancellation as informational.
		if err := s.pub.Publish(ctx, events.SubjectEscrowCancelled, events.EscrowCancelled{EscrowID: e.ID, OrderID: e.OrderID}, ""); err != nil {
			s.log.WarnContext(ctx, "publish cancellation failed", "escrow_id", e.ID, "err", err)
		}
	}
	return s.Get(ctx, escrowID)
}
