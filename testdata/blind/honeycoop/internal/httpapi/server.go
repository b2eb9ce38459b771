// Package httpapi is the co-op back office's HTTP interface: the intake desk,
// the retailer order API, the field app for hive rentals, and partner
// webhooks.
package httpapi

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/amberfield-labs/honeycoop/internal/service/intake"
	"github.com/amberfield-labs/honeycoop/internal/service/invoicing"
	"github.com/amberfield-labs/honeycoop/internal/service/orders"
	"github.com/amberfield-labs/honeycoop/internal/service/payouts"
	"github.com/amberfield-labs/honeycoop/internal/service/rentals"
)

type Services struct {
	Intake    intake.Service
	Orders    orders.Service
	Invoicing invoicing.Service
	Rentals   rentals.Service
	Payouts   payouts.Service
}

type Config struct {
	BankWebhookSecret string
	EinvoiceToken     string
	RequestTimeout    time.Duration
}

// NewServer builds the echo instance with every route registered.
func NewServer(cfg Config, svc Services, idem *IdempotencyMiddleware, newID func() string, log *slog.Logger) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HTTPErrorHandler = errorHandler(log)
	e.Use(middleware.Recover())
	e.Use(middleware.RequestID())
	e.Use(middleware.ContextTimeout(cfg.RequestTimeout))
	e.Use(requestLogger(log))

	e.GET("/healthz", func(c echo.Context) error { return c.NoContent(http.StatusNoContent) })

	lots := &lotHandler{intake: svc.Intake}
	e.POST("/members/:id/lots", lots.register)

	oh := &orderHandler{orders: svc.Orders, invoicing: svc.Invoicing, newID: newID}
	e.POST("/retail-orders", oh.create)
	e.POST("/retail-orders/:id/confirm", oh.confirm)
	e.POST("/retail-orders/:id/invoice", oh.invoice)
	e.POST("/invoices/:id/credit-notes", oh.creditNote)

	ch := &contractHandler{rentals: svc.Rentals}
	e.POST("/contracts", ch.create)
	e.POST("/contracts/:id/placements", ch.place)
	e.POST("/contracts/:id/close", ch.close)

	ah := &advanceHandler{payouts: svc.Payouts}
	e.POST("/members/:id/advances", ah.request, idem.Handle("advances"))

	wh := &webhookHandler{payouts: svc.Payouts, invoicing: svc.Invoicing, bankSecret: cfg.BankWebhookSecret, einvoiceToken: cfg.EinvoiceToken}
	e.POST("/webhooks/bank", wh.bank)
	e.POST("/webhooks/einvoice", wh.einvoice)

	return e
}

func requestLogger(log *slog.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			start := time.Now()
			err := next(c)
			if err != nil {
				c.Error(err)
			}
			log.InfoContext(c.Request().Context(), "http",
				"method", c.Request().Method,
				"path", c.Path(),
				"status", c.Response().Status,
				"request_id", c.Response().Header().Get(echo.HeaderXRequestID),
				"took", time.Since(start))
			return nil
		}
	}
}
