// Command api serves the public reservation HTTP API.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.temporal.io/sdk/client"
	"go.uber.org/dig"

	"github.com/tablewise/reservations/internal/booking"
	"github.com/tablewise/reservations/internal/config"
	"github.com/tablewise/reservations/internal/deposit"
	"github.com/tablewise/reservations/internal/events"
	"github.com/tablewise/reservations/internal/httpapi"
	"github.com/tablewise/reservations/internal/idempotency"
	"github.com/tablewise/reservations/internal/inbox"
	"github.com/tablewise/reservations/internal/payments"
	"github.com/tablewise/reservations/internal/payout"
	"github.com/tablewise/reservations/internal/platform"
	"github.com/tablewise/reservations/internal/pos"
	"github.com/tablewise/reservations/internal/restaurant"
	"github.com/tablewise/reservations/internal/schedule"
	"github.com/tablewise/reservations/internal/sms"
	"github.com/tablewise/reservations/internal/smsstatus"
	"github.com/tablewise/reservations/internal/store"
	"github.com/tablewise/reservations/internal/waitlist"
	"github.com/tablewise/reservations/internal/webhooks"
)

func main() {
	c, err := buildContainer()
	if err != nil {
		slog.Error("build container", "err", err)
		os.Exit(1)
	}
	if err := c.Invoke(run); err != nil {
		slog.Error("api exited", "err", err)
		os.Exit(1)
	}
}

func buildContainer() (*dig.Container, error) {
	c := dig.New()
	providers := []any{
		config.Load,
		platform.NewLogger,
		platform.NewPool,
		store.New,
		platform.NewNATS,
		platform.NewJetStream,
		platform.NewTemporal,
		platform.NewGateway,
		platform.NewSMS,
		platform.NewPOS,
		func(cfg *config.Config) webhooks.Poster { return webhooks.NewSender(cfg.HTTPTimeout) },
		func(js jetstream.JetStream) events.Publisher { return events.NewJetStreamPublisher(js) },
		func(tc client.Client, cfg *config.Config) schedule.NoShowScheduler {
			return schedule.NewTemporalScheduler(tc, cfg.TaskQueue, cfg.NoShowGrace)
		},
		idempotency.NewGuard,
		inbox.New,
		smsstatus.New,
		deposit.New,
		func(st *store.Store, d deposit.Service, p pos.Client, log *slog.Logger) booking.Service {
			return booking.New(st, d, p, log)
		},
		newRestaurantService,
		waitlist.New,
		func(st *store.Store, gw payments.Gateway, h webhooks.Poster, s sms.Sender, log *slog.Logger) payout.Service {
			return payout.New(st, gw, h, s, log)
		},
		httpapi.NewBookingHandler,
		httpapi.NewRestaurantHandler,
		httpapi.NewWaitlistHandler,
		httpapi.NewPayoutHandler,
		func(cfg *config.Config, ib inbox.Inbox, d deposit.Service, log *slog.Logger) *httpapi.StripeWebhookHandler {
			return httpapi.NewStripeWebhookHandler(cfg.StripeWebhookSecret, ib, d, log)
		},
		func(cfg *config.Config, s smsstatus.Service) *httpapi.SMSWebhookHandler {
			return httpapi.NewSMSWebhookHandler(cfg.SMSWebhookKey, s)
		},
		newServer,
	}
	for _, p := range providers {
		if err := c.Provide(p); err != nil {
			return nil, err
		}
	}
	return c, nil
}

type restaurantDeps struct {
	dig.In

	Store     *store.Store
	POS       pos.Client
	Deposits  deposit.Service
	Publisher events.Publisher
	NoShow    schedule.NoShowScheduler
	Gateway   payments.Gateway
	Log       *slog.Logger
}

func newRestaurantService(d restaurantDeps) restaurant.Service {
	return restaurant.New(restaurant.Deps{
		Store:     d.Store,
		POS:       d.POS,
		Deposits:  d.Deposits,
		Publisher: d.Publisher,
		NoShow:    d.NoShow,
		Gateway:   d.Gateway,
		Log:       d.Log,
	})
}

type serverDeps struct {
	dig.In

	Bookings    *httpapi.BookingHandler
	Restaurants *httpapi.RestaurantHandler
	Waitlist    *httpapi.WaitlistHandler
	Payouts     *httpapi.PayoutHandler
	Stripe      *httpapi.StripeWebhookHandler
	SMS         *httpapi.SMSWebhookHandler
	Log         *slog.Logger
}

func newServer(d serverDeps) *echo.Echo {
	return httpapi.NewServer(httpapi.Handlers{
		Bookings:    d.Bookings,
		Restaurants: d.Restaurants,
		Waitlist:    d.Waitlist,
		Payouts:     d.Payouts,
		Stripe:      d.Stripe,
		SMS:         d.SMS,
	}, d.Log)
}

func run(e *echo.Echo, cfg *config.Config, pool *pgxpool.Pool, nc *nats.Conn, tc client.Client, log *slog.Logger) error {
	defer pool.Close()
	defer nc.Close()
	defer tc.Close()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	errCh := make(chan error, 1)
	go func() {
		log.Info("api listening", "addr", cfg.HTTPAddr)
		if err := e.Start(cfg.HTTPAddr); err != nil && !errors.Is(err, http.ErrServerClosed) {
			errCh <- err
		}
		close(errCh)
	}()

	select {
	case <-ctx.Done():
	case err := <-errCh:
		if err != nil {
			return err
		}
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return e.Shutdown(shutdownCtx)
}
