package webhooks

import (
	"context"
	"io"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/quadhall/housing/internal/db"
	"github.com/quadhall/housing/internal/providers/payouts"
)

// EventParser verifies and decodes payout webhooks.
type EventParser interface {
	ParseEvent(body []byte, signature string) (*payouts.Event, error)
}

// TransferOutcomes applies transfer status changes to deposit refunds.
type TransferOutcomes interface {
	TransferPaid(ctx context.Context, transferID string) error
	TransferFailed(ctx context.Context, transferID, reason string) error
	TransferReturned(ctx context.Context, transferID, reason string) error
}

// PayoutHandler handles POST /webhooks/payouts.
type PayoutHandler struct {
	parser   EventParser
	q        db.Querier
	outcomes TransferOutcomes
	log      *slog.Logger
}

// NewPayoutHandler returns a PayoutHandler.
func NewPayoutHandler(p EventParser, q db.Querier, o TransferOutcomes, log *slog.Logger) *PayoutHandler {
	return &PayoutHandler{parser: p, q: q, outcomes: o, log: log}
}

// Handle processes one delivery. The provider retries anything but 2xx.
func (h *PayoutHandler) Handle(c echo.Context) error {
	ctx := c.Request().Context()
	body, err := io.ReadAll(io.LimitReader(c.Request().Body, 64<<10))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "read body")
	}
	ev, err := h.parser.ParseEvent(body, c.Request().Header.Get("X-Payouts-Signature"))
	if err != nil {
		return echo.NewHTTPError(http.StatusUnauthorized, err.Error())
	}

	seen, err := h.q.PayoutWebhookSeen(ctx, ev.EventID)
	if err != nil {
		return err
	}
	if seen {
		return c.NoContent(http.StatusOK)
	}

	switch ev.Type {
	case "transfer.paid":
		err = h.outcomes.TransferPaid(ctx, ev.TransferID)
	case "transfer.failed":
		err = h.outcomes.TransferFailed(ctx, ev.TransferID, ev.Reason)
	case "transfer.returned":
		err = h.outcomes.TransferReturned(ctx, ev.TransferID, ev.Reason)
	default:
		h.log.InfoContext(ctx, "ignoring payout event", "type", ev.Type)
	}
	if err != nil {
		h.log.ErrorContext(ctx, "payout webhook failed", "event_id", ev.EventID, "err", err)
		return echo.NewHTTPError(http.StatusInternalServerError, "processing failed")
	}

	if err := h.q.RecordPayoutWebhook(ctx, db.RecordPayoutWebhookParams{EventID: ev.EventID, EventType: ev.Type}); err != nil {
		return err
	}
	return c.NoContent(http.StatusOK)
}
