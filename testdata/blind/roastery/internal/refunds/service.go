// Package refunds handles money back for bags that arrived damaged. Small
// refunds are paid immediately; larger ones wait for a second approval and
// are paid by the refund executor.
package refunds

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"gorm.io/gorm"

	"github.com/ridgeline-coffee/roastery/internal/db"
	"github.com/ridgeline-coffee/roastery/internal/events"
	"github.com/ridgeline-coffee/roastery/internal/ids"
	"github.com/ridgeline-coffee/roastery/internal/models"
	"github.com/ridgeline-coffee/roastery/internal/providers/httpx"
	"github.com/ridgeline-coffee/roastery/internal/providers/payments"
)

// Errors returned to the API layer.
var (
	ErrInvalid         = errors.New("refunds: invalid request")
	ErrNotFound        = errors.New("refunds: not found")
	ErrNotRefundable   = errors.New("refunds: shipment was not paid by card")
	ErrAlreadyRefunded = errors.New("refunds: shipment already has a refund")
	ErrNotPending      = errors.New("refunds: refund is not awaiting approval")
)

// Service is used by the HTTP handlers.
type Service interface {
	RequestDamagedBag(ctx context.Context, req DamagedBagRequest) (*models.Refund, error)
	Approve(ctx context.Context, refundID, approver string) (*models.Refund, error)
}

// DamagedBagRequest is filed by support on the customer's behalf.
type DamagedBagRequest struct {
	IdempotencyKey string `json:"-"`
	ShipmentID     string `json:"shipment_id"`
	Bags           int    `json:"bags"`
	Reason         string `json:"reason"`
}

// Config holds refund policy.
type Config struct {
	InstantLimitCents int64
}

type service struct {
	db       *gorm.DB
	refunds  *db.Repo[models.Refund]
	payments payments.Gateway
	cfg      Config
	log      *slog.Logger
}

// NewService returns the refunds service.
func NewService(gdb *gorm.DB, pg payments.Gateway, cfg Config, log *slog.Logger) Service {
	return &service{
		db:       gdb,
		refunds:  db.NewRepo[models.Refund](gdb),
		payments: pg,
		cfg:      cfg,
		log:      log.With("component", "refunds"),
	}
}

// RequestDamagedBag opens a refund for damaged bags in a subscription box
// and pays it straight away when it is under the instant limit.
func (s *service) RequestDamagedBag(ctx context.Context, req DamagedBagRequest) (*models.Refund, error) {
	if req.IdempotencyKey == "" || req.ShipmentID == "" || req.Bags <= 0 {
		return nil, fmt.Errorf("%w: Idempotency-Key, shipment_id and bags are required", ErrInvalid)
	}

	var sh models.Shipment
	if err := s.db.WithContext(ctx).First(&sh, "id = ?", req.ShipmentID).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, ErrNotFound
		}
		return nil, err
	}
	if sh.SubscriptionChargeID == nil || sh.CustomerID == nil {
		return nil, ErrNotRefundable
	}
	var charge models.SubscriptionCharge
	if err := s.db.WithContext(ctx).First(&charge, "id = ?", *sh.SubscriptionChargeID).Error; err != nil {
		return nil, err
	}
	var sub models.Subscription
	if err := s.db.WithContext(ctx).First(&sub, "id = ?", charge.SubscriptionID).Error; err != nil {
		return nil, err
	}
	if charge.ProviderChargeID == nil || req.Bags > sub.BagsPerMonth {
		return nil, ErrNotRefundable
	}

	amount := charge.AmountCents * int64(req.Bags) / int64(sub.BagsPerMonth)
	status := models.RefundProcessing
	if amount > s.cfg.InstantLimitCents {
		status = models.RefundPendingApproval
	}
	refund := models.Refund{
		ID:          ids.New("rf"),
		RequestKey:  req.IdempotencyKey,
		CustomerID:  *sh.CustomerID,
		ShipmentID:  sh.ID,
		ChargeID:    *charge.ProviderChargeID,
		Bags:        req.Bags,
		AmountCents: amount,
		Reason:      req.Reason,
		Status:      status,
	}
	inserted, err := s.refunds.CreateIfAbsent(ctx, &refund, "request_key")
	if err != nil {
		if db.IsDuplicate(err) {
			return nil, ErrAlreadyRefunded
		}
		return nil, err
	}
	if !inserted {
		existing, err := s.refunds.FindOne(ctx, "request_key = ?", req.IdempotencyKey)
		if err != nil {
			return nil, err
		}
		refund = *existing
	}
	if refund.Status != models.RefundProcessing {
		return &refund, nil
	}

	var result *payments.RefundResult
	err = httpx.Retry(ctx, func() error {
		r, err := s.payments.Refund(ctx, payments.RefundRequest{
			ChargeID:    refund.ChargeID,
			AmountCents: refund.AmountCents,
			Reason:      "damaged_in_transit",
			Metadata:    map[string]string{"refund_id": refund.ID, "shipment_id": refund.ShipmentID},
		})
		if err != nil {
			return err
		}
		result = r
		return nil
	})
	if err != nil {
		if !httpx.IsRetryable(err) {
			s.markFailed(ctx, refund.ID)
		}
		return nil, fmt.Errorf("refunds: pay %s: %w", refund.ID, err)
	}
	return s.markSucceeded(ctx, refund.ID, result.ID)
}

// Approve releases a pending refund to the executor.
func (s *service) Approve(ctx context.Context, refundID, approver string) (*models.Refund, error) {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&models.Refund{}).
			Where("id = ? AND status = ?", refundID, models.RefundPendingApproval).
			Updates(map[string]any{"status": models.RefundApproved, "approved_by": approver})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			var current models.Refund
			if err := tx.First(&current, "id = ?", refundID).Error; err != nil {
				if errors.Is(err, gorm.ErrRecordNotFound) {
					return ErrNotFound
				}
				return err
			}
			if current.Status == models.RefundApproved || current.Status == models.RefundSucceeded {
				return nil
			}
			return ErrNotPending
		}
		return events.Enqueue(tx, events.RefundApproved, events.RefundApprovedEvent{RefundID: refundID})
	})
	if err != nil {
		return nil, err
	}
	return s.refunds.Get(ctx, refundID)
}

func (s *service) markSucceeded(ctx context.Context, refundID, providerRefundID string) (*models.Refund, error) {
	if _, err := s.refunds.UpdateWhere(ctx, map[string]any{
		"status":             models.RefundSucceeded,
		"provider_refund_id": providerRefundID,
	}, "id = ? AND status = ?", refundID, models.RefundProcessing); err != nil {
		return nil, err
	}
	return s.refunds.Get(ctx, refundID)
}

func (s *service) markFailed(ctx context.Context, refundID string) {
	if _, err := s.refunds.UpdateWhere(ctx, map[string]any{"status": models.RefundFailed},
		"id = ? AND status = ?", refundID, models.RefundProcessing); err != nil {
		s.log.Warn("mark refund failed", "refund_id", refundID, "err", err)
	}
}
