package httpapi

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/loopgate/festival-cashless/internal/config"
	"github.com/loopgate/festival-cashless/internal/store"
	"github.com/loopgate/festival-cashless/internal/webhooks"
)

type Server struct {
	echo *echo.Echo
	addr string
}

func NewServer(
	cfg config.Config,
	st *store.Store,
	wb *WristbandHandlers,
	wl *WalletHandlers,
	at *AttendeeHandlers,
	pos *POSHandlers,
	vh *VendorHandlers,
	hooks *webhooks.Handlers,
) *Server {
	e := echo.New()
	e.HideBanner = true
	e.Use(middleware.RequestID())
	e.Use(middleware.Recover())
	e.Use(middleware.BodyLimit("2M"))
	e.Use(middleware.ContextTimeoutWithConfig(middleware.ContextTimeoutConfig{Timeout: 25 * time.Second}))

	e.GET("/healthz", func(c echo.Context) error { return c.NoContent(http.StatusNoContent) })

	v1 := e.Group("/v1")

	// Gate and booth staff devices.
	staff := v1.Group("", requireHeader(headerBooth))
	staff.POST("/wristbands", Bind(wb.Register, WithStatus(http.StatusCreated), WithoutHeaders()))
	staff.POST("/wristbands/:uid/activate", Bind(wb.Activate))
	staff.POST("/wristbands/:uid/replace", Bind(wb.Replace))
	staff.POST("/booths/:booth_id/topups", Bind(wl.BoothTopup, WithStatus(http.StatusCreated)))

	// Attendee app.
	app := v1.Group("", requireAttendee())
	app.GET("/wallets/:wallet_id", Bind(wl.GetWallet))
	app.POST("/topups", Bind(wl.OnlineTopup, WithStatus(http.StatusCreated)))
	app.POST("/wallets/:wallet_id/gifts", Bind(wl.Gift, WithStatus(http.StatusCreated)))
	app.PUT("/wallets/:wallet_id/autoreload", Bind(wl.ConfigureAutoreload, WithStatus(http.StatusNoContent)))
	app.POST("/refunds", Bind(wl.RequestRefund, WithStatus(http.StatusCreated)))
	app.POST("/devices", Bind(at.RegisterDevice, WithStatus(http.StatusNoContent)))

	transfers := app.Group("/transfers", Idempotent("transfers", st))
	transfers.POST("", Bind(at.CreateTransfer, WithStatus(http.StatusCreated)))
	transfers.POST("/:transfer_id/accept", Bind(at.AcceptTransfer))

	// POS terminals.
	pos1 := v1.Group("/pos", requireHeader(headerTerminal))
	pos1.POST("/batches", Bind(pos.UploadBatch, WithStatus(http.StatusAccepted)))
	pos1.POST("/voids", Bind(pos.Void, WithStatus(http.StatusAccepted)))

	// Vendor portal and back office.
	vendors := v1.Group("/vendors", requireHeader(headerVendor))
	vendors.POST("/:vendor_id/payout-requests", Bind(vh.RequestEarlyPayout, WithStatus(http.StatusAccepted)))
	admin := v1.Group("/admin", requireAdmin(cfg.AdminToken))
	admin.POST("/payouts/:payout_id/resubmit", Bind(vh.ResubmitPayout, WithoutHeaders()))

	hooks.Register(e)

	return &Server{echo: e, addr: cfg.HTTPAddr}
}

func (s *Server) Start() error {
	if err := s.echo.Start(s.addr); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

func (s *Server) Shutdown(ctx context.Context) error {
	return s.echo.Shutdown(ctx)
}
