package app

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/brightpay/lending/internal/config"
	"github.com/brightpay/lending/internal/httpapi/admin"
	"github.com/brightpay/lending/internal/httpapi/webhooks"
	"github.com/brightpay/lending/internal/rpc"
	"github.com/brightpay/lending/internal/service/repayments"
)

// API serves the public Connect API and partner webhooks on one listener
// and the admin API on another.
var API = fx.Module("api",
	fx.Provide(
		rpc.NewServer,
		func(s repayments.Service) repayments.CardEvents { return s },
		newWebhookSecrets,
		webhooks.New,
		admin.New,
	),
	fx.Invoke(startPublicServer, startAdminServer),
)

func newWebhookSecrets(cfg config.Config) webhooks.Secrets {
	return webhooks.Secrets{
		Bureau:    cfg.BureauSecret,
		Payout:    cfg.PayoutSecret,
		Stripe:    cfg.StripeSecret,
		Merchants: cfg.MerchantSecrets,
	}
}

func startPublicServer(lc fx.Lifecycle, cfg config.Config, srv *rpc.Server, wh *webhooks.Handlers, log *zap.Logger) {
	r := chi.NewRouter()
	r.Use(middleware.Heartbeat("/healthz"))
	path, h := srv.Mount()
	r.Mount(path, h)
	r.Mount("/webhooks", wh.Routes())
	serve(lc, cfg.HTTPAddr, r, log.Named("public"))
}

func startAdminServer(lc fx.Lifecycle, cfg config.Config, a *admin.API, log *zap.Logger) {
	r := chi.NewRouter()
	r.Mount("/admin", a.Routes())
	serve(lc, cfg.AdminAddr, r, log.Named("admin"))
}

func serve(lc fx.Lifecycle, addr string, h http.Handler, log *zap.Logger) {
	s := &http.Server{Addr: addr, Handler: h, ReadHeaderTimeout: 10 * time.Second}
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				return err
			}
			go func() {
				if err := s.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
					log.Error("server stopped", zap.Error(err))
				}
			}()
			log.Info("listening", zap.String("addr", addr))
			return nil
		},
		OnStop: s.Shutdown,
	})
}
