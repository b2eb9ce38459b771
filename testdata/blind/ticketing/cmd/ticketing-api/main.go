// Command ticketing-api serves the public fan API (fiber) and the staff admin
// API (chi). Dependencies are wired with fx.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/uptrace/bun"
	"go.temporal.io/sdk/client"
	"go.uber.org/fx"

	"github.com/stagepass/ticketing/internal/adminapi"
	"github.com/stagepass/ticketing/internal/barcode"
	"github.com/stagepass/ticketing/internal/config"
	"github.com/stagepass/ticketing/internal/db"
	"github.com/stagepass/ticketing/internal/events"
	"github.com/stagepass/ticketing/internal/holds"
	"github.com/stagepass/ticketing/internal/httpx"
	"github.com/stagepass/ticketing/internal/idgen"
	"github.com/stagepass/ticketing/internal/jobs"
	"github.com/stagepass/ticketing/internal/notify"
	"github.com/stagepass/ticketing/internal/orders"
	"github.com/stagepass/ticketing/internal/partnerapi"
	"github.com/stagepass/ticketing/internal/partners"
	"github.com/stagepass/ticketing/internal/payments"
	"github.com/stagepass/ticketing/internal/payouts"
	"github.com/stagepass/ticketing/internal/publicapi"
	"github.com/stagepass/ticketing/internal/store"
	"github.com/stagepass/ticketing/internal/tickets"
	"github.com/stagepass/ticketing/internal/transfers"
)

func main() {
	fx.New(
		fx.Provide(
			config.Load,
			newPool,
			newStore,
			fx.Annotate(func(s *store.Store) store.TxRunner { return s }),
			func(s *store.Store) db.Querier { return s.Queries() },
			store.OpenBun,
			newRiverInserter,
			newTemporalClient,
			fx.Annotate(payments.NewStripeGateway, fx.As(new(payments.Gateway)), fx.ParamTags(`name:"stripeKey"`)),
			fx.Annotate(func(c config.Config) string { return c.StripeKey }, fx.ResultTags(`name:"stripeKey"`)),
			newMailer,
			newPartnerAPI,
			fx.Annotate(idgen.NewULID, fx.As(new(idgen.Generator))),
			func(c config.Config) *barcode.Deriver { return barcode.NewDeriver(c.BarcodeSecret) },
		),
		fx.Provide(
			newHoldService,
			newOrderService,
			newTransferService,
			events.NewService,
			tickets.NewResendService,
			newPartnerService,
			newPayoutStarter,
			fx.Annotate(httpx.NewPGKeyStore, fx.As(new(httpx.KeyStore))),
			publicapi.NewHandlers,
			publicapi.NewApp,
			newAdminAPI,
		),
		fx.Invoke(publicapi.Register),
		fx.Invoke(runPublic, runAdmin),
	).Run()
}

func newPool(lc fx.Lifecycle, cfg config.Config) (*pgxpool.Pool, error) {
	pool, err := store.OpenPool(context.Background(), cfg.DatabaseURL, cfg.MaxDBConns)
	if err != nil {
		return nil, err
	}
	lc.Append(fx.StopHook(pool.Close))
	return pool, nil
}

func newStore(pool *pgxpool.Pool) *store.Store {
	return store.New(pool, store.WithIsolation(pgx.ReadCommitted))
}

// newRiverInserter builds an insert-only river client: no queues, no workers.
func newRiverInserter(pool *pgxpool.Pool) (jobs.Inserter, error) {
	return river.NewClient(riverpgxv5.New(pool), &river.Config{})
}

func newTemporalClient(lc fx.Lifecycle, cfg config.Config) (payouts.WorkflowStarter, error) {
	c, err := client.NewLazyClient(client.Options{HostPort: cfg.TemporalHostPort, Namespace: cfg.TemporalNS})
	if err != nil {
		return nil, err
	}
	lc.Append(fx.StopHook(c.Close))
	return c, nil
}

func newMailer(cfg config.Config) notify.Mailer {
	return notify.NewHTTPMailer(cfg.MailBaseURL, cfg.MailAPIKey)
}

func newPartnerAPI(cfg config.Config) partners.PartnerAPI {
	return partnerapi.New(cfg.PartnerBaseURL, cfg.PartnerAPIKey)
}

func newHoldService(cfg config.Config, tx store.TxRunner, ids idgen.Generator) holds.Service {
	return holds.NewService(tx, ids, holds.WithTTL(cfg.HoldTTL))
}

type orderParams struct {
	fx.In

	Cfg     config.Config
	Tx      store.TxRunner
	Q       db.Querier
	IDs     idgen.Generator
	Gateway payments.Gateway
	Jobs    jobs.Inserter
}

func newOrderService(p orderParams) orders.Service {
	return orders.NewService(orders.Deps{
		Tx:      p.Tx,
		Q:       p.Q,
		IDs:     idgen.Prefixed{Prefix: "ord_", Inner: p.IDs},
		Gateway: p.Gateway,
		Jobs:    p.Jobs,
		Pricer:  orders.BpsPricer{Bps: p.Cfg.BookingFeeBps},
	})
}

func newTransferService(tx store.TxRunner, q db.Querier, ids idgen.Generator, bc *barcode.Deriver, ins jobs.Inserter) transfers.Service {
	return transfers.NewService(tx, q, idgen.Prefixed{Prefix: "trf_", Inner: ids}, bc, ins, transfers.Config{
		Cutoff: 2 * time.Hour,
	})
}

func newPartnerService(bdb *bun.DB, api partners.PartnerAPI, ids idgen.Generator) partners.Service {
	return partners.NewService(bdb, api, ids)
}

func newPayoutStarter(cfg config.Config, bdb *bun.DB, t payouts.WorkflowStarter) payouts.Starter {
	return payouts.NewStarter(bdb, t, cfg.PayoutTaskQueue)
}

func newAdminAPI(e events.Service, t tickets.ResendService, p partners.Service, s payouts.Starter) *adminapi.API {
	return &adminapi.API{Events: e, Tickets: t, Partners: p, Payouts: s}
}

func runPublic(lc fx.Lifecycle, app *fiber.App, cfg config.Config) {
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			ln, err := net.Listen("tcp", cfg.PublicAddr)
			if err != nil {
				return err
			}
			go func() {
				if err := app.Listener(ln); err != nil {
					slog.Error("public api stopped", "err", err)
				}
			}()
			return nil
		},
		OnStop: func(ctx context.Context) error { return app.ShutdownWithContext(ctx) },
	})
}

func runAdmin(lc fx.Lifecycle, api *adminapi.API, cfg config.Config) {
	srv := &http.Server{Addr: cfg.AdminAddr, Handler: api.Router(), ReadHeaderTimeout: 5 * time.Second}
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			ln, err := net.Listen("tcp", srv.Addr)
			if err != nil {
				return err
			}
			go func() {
				if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
					slog.Error("admin api stopped", "err", err)
					os.Exit(1)
				}
			}()
			return nil
		},
		OnStop: srv.Shutdown,
	})
}
