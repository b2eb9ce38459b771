package service

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/cyclegrid/bikeshare/internal/db"
	"github.com/cyclegrid/bikeshare/internal/payments"
	"github.com/cyclegrid/bikeshare/internal/repository"
	"github.com/cyclegrid/bikeshare/internal/tasks"
)

type RefundInput struct {
	RiderID     uuid.UUID
	RideID      uuid.UUID
	AmountCents int64
	Reason      string
}

// RefundService handles rider refund requests for ride charges.
type RefundService interface {
	Request(ctx context.Context, in RefundInput) (db.RefundRequest, error)
	Process(ctx context.Context, refundID uuid.UUID) error
}

type refundService struct {
	refunds  repository.Refunds
	charges  repository.Charges
	gateway  payments.Gateway
	enqueuer tasks.Enqueuer
	log      *slog.Logger
}

func newRefundService(refunds repository.Refunds, charges repository.Charges, gateway payments.Gateway,
	enqueuer tasks.Enqueuer, log *slog.Logger) *refundService {
	return &refundService{refunds: refunds, charges: charges, gateway: gateway, enqueuer: enqueuer, log: log}
}

func (s *refundService) Request(ctx context.Context, in RefundInput) (db.RefundRequest, error) {
	charge, err := s.charges.GetByRide(ctx, in.RideID)
	if err != nil {
		return db.RefundRequest{}, err
	}
	if charge.RiderID != in.RiderID {
		return db.RefundRequest{}, ErrForbidden
	}
	if charge.Status != "succeeded" {
		return db.RefundRequest{}, fmt.Errorf("%w: ride has not been charged", ErrConflict)
	}
	amount := in.AmountCents
	if amount <= 0 || amount > charge.AmountCents {
		amount = charge.AmountCents
	}

	req, created, err := s.refunds.Request(ctx, db.CreateRefundRequestParams{
		ID:          uuid.New(),
		ChargeID:    charge.ID,
		RiderID:     in.RiderID,
		AmountCents: amount,
		Reason:      in.Reason,
	})
	if err != nil {
		return db.RefundRequest{}, err
	}
	if !created {
		s.log.InfoContext(ctx, "refund already requested", "charge_id", charge.ID, "refund_id", req.ID)
	}
	if req.Status != "requested" {
		return req, nil
	}
	err = s.enqueuer.Enqueue(ctx, tasks.TypeRefundProcess, tasks.RefundPayload{RefundID: req.ID},
		asynq.TaskID(tasks.RefundTaskID(req.ID)),
		asynq.MaxRetry(8),
	)
	return req, err
}

func (s *refundService) Process(ctx context.Context, refundID uuid.UUID) error {
	req, err := s.refunds.Get(ctx, refundID)
	if err != nil {
		return err
	}
	if req.Status != "requested" {
		return nil
	}
	charge, err := s.charges.Get(ctx, req.ChargeID)
	if err != nil {
		return err
	}
	if !charge.PaymentIntentID.Valid {
		return fmt.Errorf("%w: charge %s has no payment intent", asynq.SkipRetry, charge.ID)
	}

	refund, err := s.gateway.Refund(ctx, payments.RefundRequest{
		PaymentIntentID: charge.PaymentIntentID.String,
		AmountCents:     req.AmountCents,
		Reason:          "requested_by_customer",
		Metadata: map[string]string{
			"refund_request_id": req.ID.String(),
			"ride_id":           charge.RideID.String(),
		},
	})
	if err != nil {
		return fmt.Errorf("stripe refund: %w", err)
	}
	if err := s.refunds.MarkProcessed(ctx, req.ID, refund.ID); err != nil {
		return err
	}
	return s.enqueuer.Enqueue(ctx, tasks.TypeRefundNotify, tasks.RefundPayload{RefundID: req.ID},
		asynq.TaskID("refund-notify:"+req.ID.String()),
		asynq.Queue(tasks.QueueLow),
	)
}
