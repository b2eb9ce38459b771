package couriers

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/stripe/stripe-go/v82"
	"go.uber.org/fx"

	"github.com/spokechain/courierpay/internal/platform/httpserver"
	"github.com/spokechain/courierpay/internal/platform/messaging"
	"github.com/spokechain/courierpay/internal/webhooks"
)

const (
	TopicOnboarded  = "dispatch.courier.onboarded"
	TopicOffboarded = "dispatch.courier.offboarded"
)

type consumer struct {
	svc Service
	log *slog.Logger
}

// NewConsumer returns the roster consumer.
func NewConsumer(svc Service, log *slog.Logger) messaging.Consumer {
	return &consumer{svc: svc, log: log}
}

func (c *consumer) Handlers() []messaging.Handler {
	return []messaging.Handler{
		{
			Name:  "couriers.onboarded",
			Topic: TopicOnboarded,
			Func: messaging.JSON(c.log, func(ctx context.Context, _ string, ev Onboarded) error {
				_, err := c.svc.Onboard(ctx, ev)
				return err
			}),
		},
		{
			Name:  "couriers.offboarded",
			Topic: TopicOffboarded,
			Func: messaging.JSON(c.log, func(ctx context.Context, _ string, ev Offboarded) error {
				return c.svc.Offboard(ctx, ev)
			}),
		},
	}
}

type routes struct {
	svc Service
}

// NewRoutes returns the courier HTTP routes.
func NewRoutes(svc Service) httpserver.Registrar {
	return &routes{svc: svc}
}

func (r *routes) Register(e *echo.Echo) {
	e.PUT("/v1/couriers/:id/payout-account", r.setPayoutAccount)
}

type payoutAccountRequest struct {
	StripeAccountID string `json:"stripe_account_id"`
}

func (r *routes) setPayoutAccount(c echo.Context) error {
	id, err := httpserver.UUIDParam(c, "id")
	if err != nil {
		return err
	}
	req, err := httpserver.Bind[payoutAccountRequest](c)
	if err != nil {
		return err
	}
	courier, err := r.svc.SetPayoutAccount(c.Request().Context(), id, req.StripeAccountID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{
		"id":                courier.ID,
		"stripe_account_id": courier.StripeAccountID.String,
		"payouts_enabled":   courier.PayoutsEnabled,
	})
}

// Module wires the courier service, its consumer and routes.
var Module = fx.Module("couriers",
	fx.Provide(
		NewDirectory,
		NewService,
		messaging.AsConsumer(NewConsumer),
		httpserver.AsRegistrar(NewRoutes),
		webhooks.AsStripeHandler(NewAccountUpdatedHandler),
	),
)

// NewAccountUpdatedHandler registers for account.updated on connected
// accounts.
func NewAccountUpdatedHandler(svc Service) webhooks.StripeHandler {
	return webhooks.StripeHandler{
		Type: stripe.EventTypeAccountUpdated,
		Handle: func(ctx context.Context, ev stripe.Event) error {
			var a stripe.Account
			if err := json.Unmarshal(ev.Data.Raw, &a); err != nil {
				return err
			}
			return svc.SyncStripeAccount(ctx, ev.ID, a.ID, a.PayoutsEnabled)
		},
	}
}
