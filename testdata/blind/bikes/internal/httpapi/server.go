// Package httpapi is the rider app, ops console and webhook HTTP surface.
package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/google/wire"
	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/cyclegrid/bikeshare/internal/config"
)

type Server struct {
	echo *echo.Echo
	addr string
	log  *slog.Logger
}

type Handlers struct {
	Rides    *RideHandler
	Passes   *PassHandler
	Wallet   *WalletHandler
	Refunds  *RefundHandler
	Admin    *AdminHandler
	Webhooks *WebhookHandler
}

func NewServer(cfg config.Config, h Handlers, log *slog.Logger) *Server {
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.HTTPErrorHandler = errorHandler(log)
	e.Use(middleware.Recover())
	e.Use(middleware.RequestID())
	e.Use(requestLogger(log))

	e.GET("/healthz", func(c echo.Context) error { return c.NoContent(http.StatusNoContent) })

	v1 := e.Group("/v1", riderAuth)
	v1.POST("/rides", h.Rides.Unlock)
	v1.POST("/rides/:id/end", h.Rides.End)
	v1.POST("/rides/:id/damage-reports", h.Rides.ReportDamage)
	v1.POST("/passes", h.Passes.Purchase)
	v1.POST("/passes/:id/cancel", h.Passes.Cancel)
	v1.POST("/wallet/topups", h.Wallet.TopUp)
	v1.POST("/refunds", h.Refunds.Create)

	admin := e.Group("/v1/admin", opsAuth)
	admin.POST("/rebalance/jobs", h.Admin.ScheduleRebalance)
	admin.POST("/rides/:id/credits", h.Admin.CreditRide)

	hooks := e.Group("/webhooks")
	hooks.POST("/stripe", h.Webhooks.Stripe)
	hooks.POST("/fleetcrew", h.Webhooks.Crew)

	return &Server{echo: e, addr: cfg.HTTPAddr, log: log}
}

func (s *Server) Start() error {
	s.log.Info("http listening", "addr", s.addr)
	err := s.echo.Start(s.addr)
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}

func (s *Server) Shutdown(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	return s.echo.Shutdown(ctx)
}

var ProviderSet = wire.NewSet(
	NewRideHandler,
	NewPassHandler,
	NewWalletHandler,
	NewRefundHandler,
	NewAdminHandler,
	NewWebhookHandler,
	wire.Struct(new(Handlers), "*"),
	NewServer,
)
