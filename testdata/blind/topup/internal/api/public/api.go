// Package public is the customer-facing REST API served by echo.
package public

import (
	"context"
	"errors"
	"log/slog"
	"net/http"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/example/topup/internal/domain"
	"github.com/example/topup/internal/service"
)

type TopUps interface {
	Create(ctx context.Context, in service.CreateTopUpInput) (*domain.TopUp, error)
	Get(ctx context.Context, customerID, id uuid.UUID) (*domain.TopUp, error)
	Refund(ctx context.Context, in service.RefundInput) (*domain.Refund, error)
}

type Bundles interface {
	Purchase(ctx context.Context, in service.PurchaseBundleInput) (*domain.BundleOrder, error)
}

type Promos interface {
	Redeem(ctx context.Context, in service.RedeemInput) (*domain.TopUp, error)
}

type Settings interface {
	PutAutoRecharge(ctx context.Context, in domain.AutoRecharge) (*domain.AutoRecharge, error)
}

type StripeEvents interface {
	Handle(ctx context.Context, payload []byte, signature string) error
}

type API struct {
	topups   TopUps
	bundles  Bundles
	promos   Promos
	settings Settings
	stripe   StripeEvents
	log      *slog.Logger
}

func New(topups TopUps, bundles Bundles, promos Promos, settings Settings, stripe StripeEvents, log *slog.Logger) *API {
	return &API{topups: topups, bundles: bundles, promos: promos, settings: settings, stripe: stripe, log: log}
}

type route struct {
	method  string
	path    string
	handler echo.HandlerFunc
	public  bool // no customer auth (signed callbacks)
}

func (a *API) routes() []route {
	return []route{
		{method: http.MethodPost, path: "/v1/topups", handler: a.createTopUp},
		{method: http.MethodGet, path: "/v1/topups/:id", handler: a.getTopUp},
		{method: http.MethodPost, path: "/v1/topups/:id/refunds", handler: a.refundTopUp},
		{method: http.MethodPost, path: "/v1/bundles/purchase", handler: a.purchaseBundle},
		{method: http.MethodPut, path: "/v1/customers/me/autorecharge", handler: a.putAutoRecharge},
		{method: http.MethodPost, path: "/v1/promos/:code/redeem", handler: a.redeemPromo},
		{method: http.MethodPost, path: "/v1/stripe/webhook", public: true, handler: func(c echo.Context) error {
			body, err := readBody(c, 1<<16)
			if err != nil {
				return err
			}
			if err := a.stripe.Handle(c.Request().Context(), body, c.Request().Header.Get("Stripe-Signature")); err != nil {
				return mapError(err)
			}
			return c.NoContent(http.StatusOK)
		}},
		{method: http.MethodGet, path: "/healthz", public: true, handler: func(c echo.Context) error {
			return c.String(http.StatusOK, "ok")
		}},
	}
}

// Register mounts the API on e.
func (a *API) Register(e *echo.Echo) {
	e.Use(middleware.Recover())
	e.Use(middleware.RequestID())
	e.HTTPErrorHandler = a.errorHandler
	auth := customerAuth()
	for _, r := range a.routes() {
		if r.public {
			e.Add(r.method, r.path, r.handler)
			continue
		}
		e.Add(r.method, r.path, r.handler, auth)
	}
}

func (a *API) errorHandler(err error, c echo.Context) {
	var he *echo.HTTPError
	if !errors.As(err, &he) {
		a.log.Error("unhandled error", "path", c.Path(), "err", err)
		he = echo.NewHTTPError(http.StatusInternalServerError, "internal error")
	}
	if !c.Response().Committed {
		_ = c.JSON(he.Code, map[string]any{"error": he.Message})
	}
}

func mapError(err error) error {
	switch {
	case errors.Is(err, domain.ErrNotFound):
		return echo.NewHTTPError(http.StatusNotFound, "not found")
	case errors.Is(err, domain.ErrValidation):
		return echo.NewHTTPError(http.StatusUnprocessableEntity, err.Error())
	case errors.Is(err, domain.ErrInvalidState), errors.Is(err, domain.ErrConflict):
		return echo.NewHTTPError(http.StatusConflict, err.Error())
	case errors.Is(err, domain.ErrUnauthenticated):
		return echo.NewHTTPError(http.StatusUnauthorized, "unauthenticated")
	default:
		return err
	}
}
