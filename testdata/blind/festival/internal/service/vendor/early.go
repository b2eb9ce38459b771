package vendor

import (
	"context"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/loopgate/festival-cashless/internal/apperr"
	"github.com/loopgate/festival-cashless/internal/clients/payments"
	"github.com/loopgate/festival-cashless/internal/db"
	"github.com/loopgate/festival-cashless/internal/ids"
	"github.com/loopgate/festival-cashless/internal/store"
	"github.com/loopgate/festival-cashless/internal/tasks"
)

type EarlyPayoutInput struct {
	VendorID    uuid.UUID
	AmountCents int64
}

type EarlyPayoutAccepted struct {
	RequestID   string `json:"request_id"`
	AmountCents int64  `json:"amount_cents"`
}

// RequestEarlyPayout lets a vendor draw part of today's takings before the
// nightly settlement, e.g. to pay staff in cash.
func (s *Service) RequestEarlyPayout(ctx context.Context, in EarlyPayoutInput) (EarlyPayoutAccepted, error) {
	if in.AmountCents <= 0 {
		return EarlyPayoutAccepted{}, apperr.Invalid("amount", "amount must be positive")
	}
	if _, err := s.store.GetVendor(ctx, in.VendorID); err != nil {
		if store.NoRows(err) {
			return EarlyPayoutAccepted{}, apperr.NotFound("vendor_not_found", "vendor %s not found", in.VendorID)
		}
		return EarlyPayoutAccepted{}, err
	}
	unsettled, err := s.store.SumUnsettledSales(ctx, db.SumUnsettledSalesParams{VendorID: in.VendorID, Cutoff: s.now()})
	if err != nil {
		return EarlyPayoutAccepted{}, err
	}
	drawn, err := s.store.SumOpenEarlyPayouts(ctx, in.VendorID)
	if err != nil {
		return EarlyPayoutAccepted{}, err
	}
	available := int64(float64(unsettled)*earlyPayoutShare) - drawn
	if in.AmountCents > available {
		return EarlyPayoutAccepted{}, apperr.Unprocessable("exceeds_available", "at most %d cents available", available)
	}

	requestID := ids.Prefixed("ep", ids.NewXID())
	err = tasks.Enqueue(ctx, s.enqueuer, tasks.TypePayoutEarly, tasks.EarlyPayoutPayload{
		RequestID:   requestID,
		VendorID:    in.VendorID,
		AmountCents: in.AmountCents,
	}, asynq.TaskID(requestID), asynq.Queue(tasks.QueueCritical), asynq.MaxRetry(25))
	if err != nil {
		return EarlyPayoutAccepted{}, err
	}
	return EarlyPayoutAccepted{RequestID: requestID, AmountCents: in.AmountCents}, nil
}

// ExecuteEarlyPayout books and submits an early payout request.
func (s *Service) ExecuteEarlyPayout(ctx context.Context, p tasks.EarlyPayoutPayload) error {
	payout, err := store.InTxResult(ctx, s.store, func(q *db.Queries) (db.Payout, error) {
		created, err := q.CreatePayout(ctx, db.CreatePayoutParams{
			ID:          p.RequestID,
			VendorID:    p.VendorID,
			Kind:        kindEarly,
			AmountCents: p.AmountCents,
		})
		if store.NoRows(err) {
			return q.GetPayout(ctx, p.RequestID)
		}
		return created, err
	})
	if err != nil {
		return err
	}
	if payout.Status != PayoutPending {
		return nil
	}
	return s.submit(ctx, payout, payments.WithIdempotencyKey("payout-"+payout.ID))
}

// ResubmitPayout sends a payout that PayBridge rejected (closed account,
// name mismatch) again after finance corrected the vendor's bank details.
func (s *Service) ResubmitPayout(ctx context.Context, payoutID string) (db.Payout, error) {
	p, err := s.store.GetPayout(ctx, payoutID)
	if err != nil {
		if store.NoRows(err) {
			return db.Payout{}, apperr.NotFound("payout_not_found", "payout %s not found", payoutID)
		}
		return db.Payout{}, err
	}
	if p.Status != PayoutFailed {
		return db.Payout{}, apperr.Conflict("payout_state", "payout %s is %s", p.ID, p.Status)
	}
	if err := s.submit(ctx, p); err != nil {
		return db.Payout{}, err
	}
	return s.store.GetPayout(ctx, payoutID)
}
