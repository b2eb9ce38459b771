// Package httpapi is the public and partner-facing HTTP API.
package httpapi

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/halcyonevents/confreg/internal/badges"
	"github.com/halcyonevents/confreg/internal/domain"
	"github.com/halcyonevents/confreg/internal/hotel"
	"github.com/halcyonevents/confreg/internal/platform/logging"
	"github.com/halcyonevents/confreg/internal/providers/cardpay"
	"github.com/halcyonevents/confreg/internal/registration"
	"github.com/halcyonevents/confreg/internal/sponsorship"
)

// IdempotencyStore keeps responses by Idempotency-Key.
type IdempotencyStore interface {
	Lookup(ctx context.Context, scope, key string) (*domain.IdempotencyRecord, error)
	Save(ctx context.Context, rec *domain.IdempotencyRecord) error
}

// CardWebhooks applies verified CardPay events.
type CardWebhooks interface {
	Process(ctx context.Context, ev cardpay.WebhookEvent) error
}

// Deps are the services behind the handlers.
type Deps struct {
	Registrations registration.Service
	Sponsorships  sponsorship.Service
	Badges        badges.Service
	Hotel         hotel.Service
	CardWebhooks  CardWebhooks
	Idempotency   IdempotencyStore

	CardPayWebhookSecret    string
	PrintShopCallbackSecret string

	Log *slog.Logger
}

// NewServer builds the echo instance with every route.
func NewServer(d Deps) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.HTTPErrorHandler = errorHandler(d.Log)

	e.Use(middleware.Recover())
	e.Use(middleware.RequestID())
	e.Use(middleware.BodyLimit("1M"))
	e.Use(requestLogger(d.Log))

	e.GET("/healthz", func(c echo.Context) error { return c.NoContent(http.StatusNoContent) })

	regs := &registrationHandlers{svc: d.Registrations}
	orders := &orderHandlers{svc: d.Registrations}
	spons := &sponsorHandlers{svc: d.Sponsorships, idem: d.Idempotency}
	bdg := &badgeHandlers{svc: d.Badges}
	htl := &hotelHandlers{svc: d.Hotel}
	hooks := &webhookHandlers{
		cards:        d.CardWebhooks,
		badges:       d.Badges,
		cardSecret:   d.CardPayWebhookSecret,
		printSecret:  d.PrintShopCallbackSecret,
		log:          d.Log,
		verifyCard:   cardpay.VerifySignature,
		readLimitKiB: 256,
	}

	v1 := e.Group("/v1")
	v1.POST("/conferences/:slug/registrations", regs.create)
	v1.GET("/registrations/:id", regs.get)
	v1.POST("/registrations/:id/cancel", regs.cancel)
	v1.POST("/registrations/:id/orders", orders.create)
	v1.POST("/orders/:id/pay", orders.pay)
	v1.POST("/registrations/:id/hotel", htl.request)

	v1.POST("/sponsors/:id/sponsorships", spons.purchase)
	v1.GET("/sponsorships/:id/instalments", spons.instalments)
	v1.POST("/instalments/:id/payments", spons.recordPayment)

	v1.POST("/badges/:id/reprint", bdg.reprint)

	wh := e.Group("/webhooks")
	wh.POST("/cardpay", hooks.cardpay)
	wh.POST("/printshop", hooks.printshop)

	return e
}

func requestLogger(log *slog.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			start := time.Now()
			req := c.Request()
			rid := c.Response().Header().Get(echo.HeaderXRequestID)
			ctx := logging.With(req.Context(), "request_id", rid)
			c.SetRequest(req.WithContext(ctx))

			err := next(c)
			if err != nil {
				c.Error(err)
			}
			logging.FromContext(ctx, log).InfoContext(ctx, "http request",
				"method", req.Method,
				"path", c.Path(),
				"status", c.Response().Status,
				"took", time.Since(start),
			)
			return nil
		}
	}
}
