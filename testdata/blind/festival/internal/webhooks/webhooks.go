// Package webhooks receives PayBridge notifications: payment events for
// online top-ups and transfer events for vendor payouts and refunds.
package webhooks

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/loopgate/festival-cashless/internal/clients/payments"
	"github.com/loopgate/festival-cashless/internal/config"
	"github.com/loopgate/festival-cashless/internal/service/refund"
	"github.com/loopgate/festival-cashless/internal/service/topup"
	"github.com/loopgate/festival-cashless/internal/service/vendor"
)

type PaymentEvents interface {
	ApplyPaymentEvent(ctx context.Context, item payments.NotificationRequestItem) error
}

type TransferEvents interface {
	ApplyTransferEvent(ctx context.Context, ev payments.TransferEvent, refunds vendor.RefundOutcomes) error
}

type Handlers struct {
	payments     PaymentEvents
	transfers    TransferEvents
	refunds      vendor.RefundOutcomes
	paymentsHMAC string
	payoutsHMAC  string
}

func NewHandlers(t *topup.Service, v *vendor.Service, r *refund.Service, cfg config.Config) *Handlers {
	return &Handlers{
		payments:     t,
		transfers:    v,
		refunds:      r,
		paymentsHMAC: cfg.PaymentsHMACKey,
		payoutsHMAC:  cfg.PayoutsHMACKey,
	}
}

// Register mounts the webhook routes.
func (h *Handlers) Register(e *echo.Echo) {
	g := e.Group("/webhooks/paybridge")
	g.POST("/payments", h.Payments)
	g.POST("/transfers", h.Transfers)
}

// Payments handles the standard notification webhook. PayBridge expects
// "[accepted]" and retries the whole batch on any other answer.
func (h *Handlers) Payments(c echo.Context) error {
	var req payments.NotificationRequest
	if err := json.NewDecoder(c.Request().Body).Decode(&req); err != nil {
		return c.String(http.StatusBadRequest, "malformed notification")
	}
	ctx := c.Request().Context()
	for _, n := range req.NotificationItems {
		item := n.Item
		if !payments.VerifyHMAC(item, h.paymentsHMAC) {
			slog.WarnContext(ctx, "payment notification with bad signature", "psp", item.PSPReference)
			return c.String(http.StatusUnauthorized, "invalid signature")
		}
		if err := h.payments.ApplyPaymentEvent(ctx, item); err != nil {
			slog.ErrorContext(ctx, "apply payment event", "psp", item.PSPReference, "event", item.EventCode, "err", err)
			return c.String(http.StatusInternalServerError, "retry")
		}
	}
	return c.String(http.StatusOK, "[accepted]")
}

// Transfers handles payout and refund transfer status updates.
func (h *Handlers) Transfers(c echo.Context) error {
	body, err := io.ReadAll(io.LimitReader(c.Request().Body, 1<<20))
	if err != nil {
		return c.NoContent(http.StatusBadRequest)
	}
	if !payments.VerifyBodySignature(body, c.Request().Header.Get("X-Signature"), h.payoutsHMAC) {
		return c.NoContent(http.StatusUnauthorized)
	}
	var ev payments.TransferEvent
	if err := json.Unmarshal(body, &ev); err != nil {
		return c.NoContent(http.StatusBadRequest)
	}
	ctx := c.Request().Context()
	if err := h.transfers.ApplyTransferEvent(ctx, ev, h.refunds); err != nil {
		slog.ErrorContext(ctx, "apply transfer event", "event", ev.ID, "reference", ev.Data.Reference, "err", err)
		return c.NoContent(http.StatusInternalServerError)
	}
	return c.NoContent(http.StatusAccepted)
}
