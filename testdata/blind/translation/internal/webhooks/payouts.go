// Package webhooks receives provider callbacks. Every receiver verifies the
// signature, decodes the event and dispatches it through a table of handlers
// keyed by event type; a non-2xx answer makes the provider deliver again.
package webhooks

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/polyglotdesk/marketplace/internal/providers/payouts"
	"github.com/polyglotdesk/marketplace/internal/service"
)

type transferHandler func(ctx context.Context, ev payouts.Event, data payouts.TransferEventData) error

// PayoutsReceiver handles Remitbridge webhooks.
type PayoutsReceiver struct {
	secret   string
	log      *slog.Logger
	handlers map[string]transferHandler
}

// NewPayoutsReceiver wires the Remitbridge event types to svc.
func NewPayoutsReceiver(secret string, svc service.PayoutEvents, log *slog.Logger) *PayoutsReceiver {
	return &PayoutsReceiver{
		secret: secret,
		log:    log,
		handlers: map[string]transferHandler{
			"transfer.paid":     svc.TransferPaid,
			"transfer.failed":   svc.TransferFailed,
			"transfer.returned": svc.TransferReturned,
		},
	}
}

// Receive is mounted at POST /webhooks/remitbridge.
func (r *PayoutsReceiver) Receive(c echo.Context) error {
	body, err := io.ReadAll(io.LimitReader(c.Request().Body, 256<<10))
	if err != nil {
		return err
	}
	if err := payouts.VerifySignature(r.secret, c.Request().Header.Get("Remitbridge-Signature"), body, 10*time.Minute); err != nil {
		return echo.NewHTTPError(http.StatusUnauthorized, "bad signature")
	}
	var ev payouts.Event
	if err := json.Unmarshal(body, &ev); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "bad payload")
	}
	h, ok := r.handlers[ev.Type]
	if !ok {
		return c.NoContent(http.StatusNoContent)
	}
	data, err := service.DecodeTransfer(ev)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "bad transfer data")
	}
	ctx := c.Request().Context()
	if err := h(ctx, ev, data); err != nil {
		r.log.ErrorContext(ctx, "remitbridge event failed", "event_id", ev.ID, "type", ev.Type, "err", err)
		return echo.NewHTTPError(http.StatusInternalServerError, "processing failed")
	}
	return c.NoContent(http.StatusNoContent)
}
