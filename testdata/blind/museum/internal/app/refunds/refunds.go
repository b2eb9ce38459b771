// Package refunds implements refund requests raised by visitor services.
package refunds

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/northgate-museums/visitor-platform/internal/cqrs"
	"github.com/northgate-museums/visitor-platform/internal/events"
	"github.com/northgate-museums/visitor-platform/internal/models"
	"github.com/northgate-museums/visitor-platform/internal/platform/database"
	"github.com/northgate-museums/visitor-platform/internal/platform/httpx"
)

type Refunds interface {
	CreateIfAbsent(ctx context.Context, rr *models.RefundRequest) (*models.RefundRequest, bool, error)
}

type Intents interface {
	ForResource(ctx context.Context, purpose models.PaymentPurpose, resourceID string) (*models.PaymentIntent, error)
}

type Outbox interface {
	Add(ctx context.Context, topic, key string, payload any) error
}

type RequestRefund struct {
	OrderKind   models.PaymentPurpose
	OrderID     string
	Reason      string
	RequestedBy string
	Result      *cqrs.Result
}

type RequestRefundHandler struct {
	tx      database.Transactor
	refunds Refunds
	intents Intents
	outbox  Outbox
}

func NewRequestRefundHandler(tx database.Transactor, refunds Refunds, intents Intents, outbox Outbox) *RequestRefundHandler {
	return &RequestRefundHandler{tx: tx, refunds: refunds, intents: intents, outbox: outbox}
}

func (h *RequestRefundHandler) Handle(ctx context.Context, cmd RequestRefund) error {
	switch cmd.OrderKind {
	case models.PurposeTicketOrder, models.PurposeShopOrder, models.PurposeDonation:
	default:
		return httpx.ValidationError{Field: "order_kind", Message: "refunds are not available for this kind of order"}
	}
	if cmd.Reason == "" {
		return httpx.ValidationError{Field: "reason", Message: "required"}
	}
	return h.tx.WithinTx(ctx, func(ctx context.Context) error {
		intent, err := h.intents.ForResource(ctx, cmd.OrderKind, cmd.OrderID)
		if err != nil {
			return err
		}
		switch intent.Status {
		case models.IntentAuthorised, models.IntentCaptured:
		default:
			return fmt.Errorf("payment is %s: %w", intent.Status, httpx.ErrConflict)
		}
		rr := &models.RefundRequest{
			ID:          uuid.New(),
			OrderKind:   cmd.OrderKind,
			OrderID:     cmd.OrderID,
			AmountMinor: intent.AmountMinor,
			Currency:    intent.Currency,
			Reason:      cmd.Reason,
			Status:      models.RefundRequested,
			RequestedBy: cmd.RequestedBy,
		}
		stored, created, err := h.refunds.CreateIfAbsent(ctx, rr)
		if err != nil {
			return err
		}
		cmd.Result.Set(stored.ID.String(), string(stored.Status))
		if !created {
			return nil
		}
		return h.outbox.Add(ctx, events.TopicRefundRequested, stored.OrderID, events.RefundRequested{
			RefundID:  stored.ID.String(),
			OrderKind: string(stored.OrderKind),
			OrderID:   stored.OrderID,
		})
	})
}
