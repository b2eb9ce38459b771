package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/jmoiron/sqlx"

	"github.com/brightbay/washclub/internal/domain"
	"github.com/brightbay/washclub/internal/gateway/cardprocessor"
	"github.com/brightbay/washclub/internal/platform"
	"github.com/brightbay/washclub/internal/tasks"
)

// RefundService refunds paid washes that failed.
type RefundService interface {
	// Request opens a refund for a failed wash and queues it.
	Request(ctx context.Context, washID uuid.UUID, requestedBy, reason string) (*domain.Refund, error)
	// Process sends a pending refund to the card processor.
	Process(ctx context.Context, refundID uuid.UUID) error
}

type refundService struct {
	db      *sqlx.DB
	refunds RefundRepository
	washes  WashRepository
	cards   CardProcessor
	queue   tasks.Enqueuer
	log     *slog.Logger
}

// NewRefundService returns the RefundService.
func NewRefundService(db *sqlx.DB, refunds RefundRepository, washes WashRepository, cards CardProcessor,
	queue tasks.Enqueuer, log *slog.Logger,
) RefundService {
	return &refundService{db: db, refunds: refunds, washes: washes, cards: cards, queue: queue, log: log}
}

func (s *refundService) Request(ctx context.Context, washID uuid.UUID, requestedBy, reason string) (*domain.Refund, error) {
	refund, err := platform.InTx(ctx, s.db, func(tx *sqlx.Tx) (*domain.Refund, error) {
		moved, err := s.washes.MarkRefundRequested(ctx, tx, washID)
		if err != nil {
			return nil, err
		}
		if !moved {
			existing, err := s.refunds.GetByWash(ctx, tx, washID)
			if errors.Is(err, domain.ErrNotFound) {
				return nil, domain.ErrNotRefundable
			}
			return existing, err
		}
		wash, err := s.washes.Get(ctx, tx, washID)
		if err != nil {
			return nil, err
		}
		r := &domain.Refund{
			ID:                uuid.New(),
			WashID:            wash.ID,
			ProcessorChargeID: wash.ProcessorChargeID.String,
			AmountCents:       wash.AmountCents,
			Reason:            reason,
			Status:            domain.RefundPending,
			RequestedBy:       requestedBy,
		}
		if err := s.refunds.Insert(ctx, tx, r); err != nil {
			return nil, fmt.Errorf("insert refund: %w", err)
		}
		return r, nil
	})
	if err != nil {
		return nil, err
	}
	if refund.Status != domain.RefundPending {
		return refund, nil
	}
	err = tasks.Enqueue(ctx, s.queue, tasks.TypeRefundProcess, tasks.RefundProcessPayload{RefundID: refund.ID},
		asynq.TaskID("refund:"+refund.ID.String()),
		asynq.MaxRetry(12),
	)
	if err != nil {
		return nil, err
	}
	return refund, nil
}

func (s *refundService) Process(ctx context.Context, refundID uuid.UUID) error {
	r, err := s.refunds.Get(ctx, s.db, refundID)
	if err != nil {
		return err
	}
	if r.Status != domain.RefundPending {
		return nil
	}
	res, err := s.cards.Refund(ctx, cardprocessor.RefundRequest{
		IdempotencyKey: uuid.NewString(),
		ChargeID:       r.ProcessorChargeID,
		AmountCents:    r.AmountCents,
		Reason:         "wash_failed",
	})
	if err != nil {
		var he *platform.HTTPError
		if errors.As(err, &he) && he.StatusCode >= 400 && he.StatusCode < 500 {
			s.log.ErrorContext(ctx, "refund rejected", "refund_id", r.ID, "status", he.StatusCode, "body", he.Body)
			if err := s.refunds.MarkFailed(ctx, s.db, r.ID); err != nil {
				return err
			}
			return fmt.Errorf("refund %s rejected: %w", r.ID, asynq.SkipRetry)
		}
		return fmt.Errorf("refund %s: %w", r.ID, err)
	}
	return platform.WithTx(ctx, s.db, func(tx *sqlx.Tx) error {
		if err := s.refunds.MarkSucceeded(ctx, tx, r.ID, res.ID); err != nil {
			return err
		}
		return s.washes.MarkRefunded(ctx, tx, r.WashID)
	})
}
