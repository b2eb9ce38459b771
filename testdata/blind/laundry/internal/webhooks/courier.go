package webhooks

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/freshpress/laundry/internal/courier"
	"github.com/freshpress/laundry/internal/dispatch"
	"github.com/freshpress/laundry/internal/events"
)

type Courier struct {
	secret   string
	dispatch *events.Dispatcher[courier.WebhookEvent]
	log      *slog.Logger
}

func NewCourier(secret string, svc *dispatch.Service, log *slog.Logger) *Courier {
	d := events.NewDispatcher[courier.WebhookEvent]("courier-webhooks",
		func(ev courier.WebhookEvent) string { return ev.Type })
	d.On(courier.EventPickedUp, svc.ApplyStatus)
	d.On(courier.EventDelivered, svc.ApplyStatus)
	d.On(courier.EventFailed, svc.ApplyFailure)
	return &Courier{secret: secret, dispatch: d, log: log}
}

func (h *Courier) Register(g *echo.Group) {
	g.POST("/courier", h.handle)
}

func (h *Courier) handle(c echo.Context) error {
	body, err := io.ReadAll(io.LimitReader(c.Request().Body, maxBody))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	if err := courier.Verify(h.secret, c.Request().Header.Get("X-Courier-Signature"), body); err != nil {
		return echo.NewHTTPError(http.StatusUnauthorized)
	}
	var ev courier.WebhookEvent
	if err := json.Unmarshal(body, &ev); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	if err := h.dispatch.Dispatch(c.Request().Context(), ev); err != nil {
		h.log.Error("courier webhook failed", "event_id", ev.EventID, "type", ev.Type, "err", err)
		return echo.NewHTTPError(http.StatusServiceUnavailable)
	}
	return c.NoContent(http.StatusOK)
}
