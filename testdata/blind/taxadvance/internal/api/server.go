// Package api is the partner-, bank- and ops-facing HTTP API.
package api

import (
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"
	echomw "github.com/labstack/echo/v4/middleware"

	"github.com/refundbridge/advance/internal/api/middleware"
	"github.com/refundbridge/advance/internal/service"
)

// Deps are what the HTTP layer needs.
type Deps struct {
	Commands          Commands
	Applications      service.Applications
	Partners          service.Partners
	Idempotency       middleware.IdempotencyStore
	AdminToken        string
	BankWebhookSecret string
	Log               *slog.Logger
}

type handlers struct {
	commands          Commands
	applications      service.Applications
	partners          service.Partners
	bankWebhookSecret string
}

// New builds the echo router.
func New(d Deps) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.HTTPErrorHandler = errorHandler(d.Log)
	e.Use(echomw.RequestID())
	e.Use(echomw.BodyLimit("256K"))
	e.Use(echomw.RecoverWithConfig(echomw.RecoverConfig{DisablePrintStack: true}))

	h := &handlers{
		commands:          d.Commands,
		applications:      d.Applications,
		partners:          d.Partners,
		bankWebhookSecret: d.BankWebhookSecret,
	}

	e.GET("/healthz", func(c echo.Context) error { return c.String(http.StatusOK, "ok") })

	v1 := e.Group("/v1")

	partner := v1.Group("", middleware.PartnerAuth(d.Partners))
	partner.POST("/applications", h.submitApplication)
	partner.GET("/applications/:id", h.getApplication)
	partner.POST("/applications/:id/withdraw", h.withdrawApplication)

	hooks := v1.Group("/webhooks")
	hooks.POST("/bank", h.bankWebhook)
	hooks.POST("/partners/:code/returns", h.partnerReturnWebhook)

	admin := v1.Group("/admin", middleware.AdminAuth(d.AdminToken))
	admin.POST("/partners/:id/adjustments", h.recordAdjustment,
		middleware.Idempotency(d.Idempotency, "admin.adjustments"))
	admin.POST("/applications/:id/redisburse", h.redisburse)

	return e
}
