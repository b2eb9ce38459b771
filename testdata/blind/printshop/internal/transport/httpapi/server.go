// Package httpapi exposes printshop's HTTP surface: inbound webhooks from the
// shop platform, print facilities and the carrier, and the merchant REST API.
package httpapi

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"github.com/rs/xid"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/inkloop/printshop/internal/config"
	"github.com/inkloop/printshop/internal/service"
)

type Params struct {
	fx.In

	Config         config.Config
	Log            *zap.Logger
	Orders         service.OrderService
	Merchants      service.MerchantService
	FacilityEvents service.FacilityEventService
	Tracking       service.TrackingService
	Topups         service.TopupService
	Notifications  service.NotificationService
}

type Server struct {
	echo *echo.Echo
	cfg  config.Config
	log  *zap.Logger
}

func NewServer(p Params) *Server {
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.HTTPErrorHandler = errorHandler(p.Log)
	e.Use(middleware.Recover())
	e.Use(middleware.RequestIDWithConfig(middleware.RequestIDConfig{
		Generator: func() string { return "req_" + xid.New().String() },
	}))
	e.Use(accessLog(p.Log))
	e.Use(middleware.BodyLimit("2M"))

	e.GET("/healthz", func(c echo.Context) error { return c.NoContent(http.StatusNoContent) })

	shop := &shopWebhooks{orders: p.Orders, merchants: p.Merchants, secret: p.Config.ShopWebhookSecret, log: p.Log}
	shop.mount(e.Group("/webhooks/shop", verifyShopHMAC(p.Config.ShopWebhookSecret)))

	fac := &facilityWebhooks{events: p.FacilityEvents, cfg: p.Config, log: p.Log}
	fac.mount(e.Group("/webhooks/facilities"))

	car := &carrierWebhooks{tracking: p.Tracking, secret: p.Config.CarrierWebhookSecret, log: p.Log}
	car.mount(e.Group("/webhooks/carrier"))

	api := &merchantAPI{orders: p.Orders, topups: p.Topups, notifications: p.Notifications, log: p.Log}
	api.mount(e.Group("/api/v1", merchantAuth(p.Merchants)))

	return &Server{echo: e, cfg: p.Config, log: p.Log}
}

func (s *Server) Start() error {
	go func() {
		if err := s.echo.Start(s.cfg.HTTPAddr); err != nil && !errors.Is(err, http.ErrServerClosed) {
			s.log.Fatal("http server", zap.Error(err))
		}
	}()
	s.log.Info("http listening", zap.String("addr", s.cfg.HTTPAddr))
	return nil
}

func (s *Server) Shutdown(ctx context.Context) error { return s.echo.Shutdown(ctx) }

// Register hooks the server into the fx lifecycle.
func Register(lc fx.Lifecycle, s *Server) {
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error { return s.Start() },
		OnStop:  s.Shutdown,
	})
}

func accessLog(log *zap.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			start := time.Now()
			err := next(c)
			if err != nil {
				c.Error(err)
			}
			log.Info("http",
				zap.String("request_id", c.Response().Header().Get(echo.HeaderXRequestID)),
				zap.String("method", c.Request().Method),
				zap.String("path", c.Path()),
				zap.Int("status", c.Response().Status),
				zap.Duration("took", time.Since(start)))
			return nil
		}
	}
}

func errorHandler(log *zap.Logger) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		code := http.StatusInternalServerError
		msg := "internal error"
		var he *echo.HTTPError
		switch {
		case errors.As(err, &he):
			code = he.Code
			if m, ok := he.Message.(string); ok {
				msg = m
			} else {
				msg = http.StatusText(code)
			}
		case errors.Is(err, service.ErrNotFound):
			code, msg = http.StatusNotFound, err.Error()
		case errors.Is(err, service.ErrForbidden):
			code, msg = http.StatusForbidden, "forbidden"
		case errors.Is(err, service.ErrInvalid):
			code, msg = http.StatusUnprocessableEntity, err.Error()
		case errors.Is(err, service.ErrConflict):
			code, msg = http.StatusConflict, err.Error()
		default:
			log.Error("unhandled error", zap.String("path", c.Path()), zap.Error(err))
		}
		_ = c.JSON(code, map[string]string{"error": msg})
	}
}
