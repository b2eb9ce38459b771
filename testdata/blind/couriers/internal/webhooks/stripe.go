// Package webhooks receives provider webhooks and hands each event type to
// the package that registered for it.
package webhooks

import (
	"context"
	"io"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/stripe/stripe-go/v82"
	"go.uber.org/fx"

	"github.com/spokechain/courierpay/internal/config"
	"github.com/spokechain/courierpay/internal/platform/httpserver"
)

// StripeHandler handles one Stripe event type.
type StripeHandler struct {
	Type   stripe.EventType
	Handle func(ctx context.Context, ev stripe.Event) error
}

// AsStripeHandler annotates a constructor returning StripeHandler so it joins
// the "stripe_handlers" group.
func AsStripeHandler(f any) any {
	return fx.Annotate(f, fx.ResultTags(`group:"stripe_handlers"`))
}

type stripeParams struct {
	fx.In

	Config   config.Config
	Log      *slog.Logger
	Handlers []StripeHandler `group:"stripe_handlers"`
}

type stripeEndpoint struct {
	secret string
	log    *slog.Logger
	table  map[stripe.EventType]StripeHandler
}

// NewStripeEndpoint builds the dispatch table for /webhooks/stripe.
func NewStripeEndpoint(p stripeParams) httpserver.Registrar {
	table := make(map[stripe.EventType]StripeHandler, len(p.Handlers))
	for _, h := range p.Handlers {
		table[h.Type] = h
	}
	return &stripeEndpoint{secret: p.Config.StripeWebhookSecret, log: p.Log.With("webhook", "stripe"), table: table}
}

func (s *stripeEndpoint) Register(e *echo.Echo) {
	e.POST("/webhooks/stripe", s.receive)
}

func (s *stripeEndpoint) receive(c echo.Context) error {
	payload, err := io.ReadAll(io.LimitReader(c.Request().Body, 512<<10))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
	}
	ev, err := stripe.ConstructEvent(payload, c.Request().Header.Get("Stripe-Signature"), s.secret,
		stripe.WithIgnoreAPIVersionMismatch())
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "bad signature")
	}
	h, ok := s.table[ev.Type]
	if !ok {
		return c.NoContent(http.StatusNoContent)
	}
	if err := h.Handle(c.Request().Context(), ev); err != nil {
		s.log.Error("stripe event failed", "event", ev.ID, "type", ev.Type, "err", err)
		// Non-2xx makes Stripe resend the event with backoff.
		return echo.NewHTTPError(http.StatusInternalServerError, "event not processed")
	}
	return c.NoContent(http.StatusNoContent)
}

// Module provides the webhook endpoints.
var Module = fx.Module("webhooks",
	fx.Provide(httpserver.AsRegistrar(NewStripeEndpoint)),
)
