// Package webhooks receives status callbacks from the card processor and
// the courier partner.
package webhooks

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/freshpress/laundry/internal/billing"
	"github.com/freshpress/laundry/internal/events"
	"github.com/freshpress/laundry/internal/payments"
)

const maxBody = 1 << 20

type Processor struct {
	secret   string
	dispatch *events.Dispatcher[payments.WebhookEvent]
	log      *slog.Logger
}

func decodeData[T any](fn func(ctx context.Context, data T) error) events.Handler[payments.WebhookEvent] {
	return func(ctx context.Context, ev payments.WebhookEvent) error {
		var data T
		if err := json.Unmarshal(ev.Data, &data); err != nil {
			return &events.PermanentError{Err: err}
		}
		return fn(ctx, data)
	}
}

func NewProcessor(secret string, svc *billing.Service, log *slog.Logger) *Processor {
	d := events.NewDispatcher[payments.WebhookEvent]("processor-webhooks",
		func(ev payments.WebhookEvent) string { return ev.Type })
	d.On("charge.captured", decodeData(svc.RecordCapture))
	d.On("charge.refunded", decodeData(svc.RecordRefund))
	return &Processor{secret: secret, dispatch: d, log: log}
}

func (p *Processor) Register(g *echo.Group) {
	g.POST("/payments", p.handle)
}

func (p *Processor) handle(c echo.Context) error {
	body, err := io.ReadAll(io.LimitReader(c.Request().Body, maxBody))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
	}
	if err := payments.VerifySignature(p.secret, c.Request().Header.Get("Processor-Signature"), body, 5*time.Minute); err != nil {
		return echo.NewHTTPError(http.StatusUnauthorized, "bad signature")
	}
	var ev payments.WebhookEvent
	if err := json.Unmarshal(body, &ev); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "bad payload")
	}
	err = p.dispatch.Dispatch(c.Request().Context(), ev)
	var perm *events.PermanentError
	switch {
	case err == nil:
		return c.NoContent(http.StatusNoContent)
	case errors.As(err, &perm):
		p.log.Warn("processor webhook rejected", "event_id", ev.ID, "type", ev.Type, "err", err)
		return c.NoContent(http.StatusNoContent)
	default:
		p.log.Error("processor webhook failed", "event_id", ev.ID, "type", ev.Type, "err", err)
		return echo.NewHTTPError(http.StatusInternalServerError)
	}
}
