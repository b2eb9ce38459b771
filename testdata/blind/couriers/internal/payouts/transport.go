package payouts

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/stripe/stripe-go/v82"
	"go.uber.org/fx"

	"github.com/spokechain/courierpay/internal/pkg/apperr"
	"github.com/spokechain/courierpay/internal/platform/httpserver"
	"github.com/spokechain/courierpay/internal/platform/scheduler"
	"github.com/spokechain/courierpay/internal/webhooks"
)

type routes struct {
	svc   Service
	store httpserver.IdempotencyStore
	log   *slog.Logger
}

// NewRoutes returns the payouts HTTP routes.
func NewRoutes(svc Service, store httpserver.IdempotencyStore, log *slog.Logger) httpserver.Registrar {
	return &routes{svc: svc, store: store, log: log}
}

func (r *routes) Register(e *echo.Echo) {
	e.POST("/v1/payout-runs", r.openRun)
	e.POST("/v1/payout-runs/:id/build", r.buildRun)
	e.POST("/v1/payout-runs/:id/execute", r.executeRun)
	e.POST("/v1/couriers/:id/cashouts", r.cashout)
	e.POST("/v1/couriers/:id/advances", r.advance, httpserver.Idempotent(r.store, "advances", r.log))
	e.POST("/v1/payouts/:id/reversal", r.reverse)
}

type openRunRequest struct {
	PeriodStart string `json:"period_start"`
}

func (r *routes) openRun(c echo.Context) error {
	req, err := httpserver.Bind[openRunRequest](c)
	if err != nil {
		return err
	}
	start, err := time.Parse(time.DateOnly, req.PeriodStart)
	if err != nil {
		return apperr.Invalid("period_start must be YYYY-MM-DD")
	}
	run, err := r.svc.OpenRun(c.Request().Context(), start, httpserver.Actor(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, run)
}

func (r *routes) buildRun(c echo.Context) error {
	id, err := httpserver.UUIDParam(c, "id")
	if err != nil {
		return err
	}
	sum, err := r.svc.BuildRun(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, sum)
}

func (r *routes) executeRun(c echo.Context) error {
	id, err := httpserver.UUIDParam(c, "id")
	if err != nil {
		return err
	}
	sum, err := r.svc.ExecuteRun(c.Request().Context(), id)
	if err != nil {
		return err
	}
	status := http.StatusOK
	if len(sum.Failed) > 0 {
		status = http.StatusMultiStatus
	}
	return c.JSON(status, sum)
}

func (r *routes) cashout(c echo.Context) error {
	id, err := httpserver.UUIDParam(c, "id")
	if err != nil {
		return err
	}
	in, err := httpserver.Bind[CashoutRequest](c)
	if err != nil {
		return err
	}
	co, err := r.svc.RequestCashout(c.Request().Context(), id, in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{
		"id":           co.ID,
		"status":       co.Status,
		"amount_cents": co.AmountCents,
		"fee_cents":    co.FeeCents,
	})
}

type advanceRequest struct {
	AmountCents int64 `json:"amount_cents"`
}

func (r *routes) advance(c echo.Context) error {
	id, err := httpserver.UUIDParam(c, "id")
	if err != nil {
		return err
	}
	in, err := httpserver.Bind[advanceRequest](c)
	if err != nil {
		return err
	}
	adv, err := r.svc.RequestAdvance(c.Request().Context(), id, in.AmountCents)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]any{
		"id":           adv.ID,
		"status":       adv.Status,
		"amount_cents": adv.AmountCents,
	})
}

func (r *routes) reverse(c echo.Context) error {
	id, err := httpserver.UUIDParam(c, "id")
	if err != nil {
		return err
	}
	in, err := httpserver.Bind[ReversalRequest](c)
	if err != nil {
		return err
	}
	in.Actor = httpserver.Actor(c)
	rev, err := r.svc.ReversePayout(c.Request().Context(), id, in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, rev)
}

// NewTransferReversedHandler registers for transfer.reversed.
func NewTransferReversedHandler(svc Service) webhooks.StripeHandler {
	return webhooks.StripeHandler{
		Type: stripe.EventTypeTransferReversed,
		Handle: func(ctx context.Context, ev stripe.Event) error {
			var t stripe.Transfer
			if err := json.Unmarshal(ev.Data.Raw, &t); err != nil {
				return err
			}
			return svc.HandleTransferReversed(ctx, t.ID, t.AmountReversed)
		},
	}
}

// Module wires the payouts package.
var Module = fx.Module("payouts",
	fx.Provide(
		NewService,
		httpserver.AsRegistrar(NewRoutes),
		scheduler.AsJob(NewStatementJob),
		webhooks.AsStripeHandler(NewTransferReversedHandler),
	),
)
