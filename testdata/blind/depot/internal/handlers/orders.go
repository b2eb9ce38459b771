package handlers

import (
	"context"
	"errors"

	"github.com/depotworks/depot/internal/domain"
	"github.com/depotworks/depot/internal/kafkaconsumer"
	"github.com/depotworks/depot/internal/service"
)

func (h *handlers) orderImported(ctx context.Context, msg service.ImportedOrder) error {
	_, err := h.Orders.ImportOrder(ctx, msg)
	if errors.Is(err, domain.ErrValidation) {
		return kafkaconsumer.Permanent(err)
	}
	return err
}

func (h *handlers) orderAccepted(ctx context.Context, ev service.OrderEvent) error {
	err := h.Orders.Reserve(ctx, ev.OrderID)
	if errors.Is(err, domain.ErrNotFound) {
		return kafkaconsumer.Permanent(err)
	}
	return err
}

type cancelRequest struct {
	OrderID string `json:"order_id"`
	Reason  string `json:"reason"`
}

func (h *handlers) cancelRequested(ctx context.Context, req cancelRequest) error {
	_, err := h.Orders.Cancel(ctx, req.OrderID, req.Reason)
	switch {
	case errors.Is(err, domain.ErrInvalidState):
		h.Logger.Info("cancel request too late", "order", req.OrderID, "err", err)
		return nil
	case errors.Is(err, domain.ErrNotFound):
		return kafkaconsumer.Permanent(err)
	}
	return err
}

func (h *handlers) orderShipped(ctx context.Context, ev service.OrderEvent) error {
	return h.Billing.ChargeHandling(ctx, ev)
}
