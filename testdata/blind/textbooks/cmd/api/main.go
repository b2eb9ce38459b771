// Command api serves the student app, kiosks, grading stations, the
// storefront and provider webhooks.
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

	"github.com/hibiken/asynq"
	"github.com/uptrace/bun"
	"go.uber.org/dig"

	"github.com/quirecampus/bookloop/internal/app"
	"github.com/quirecampus/bookloop/internal/app/dropoffs"
	"github.com/quirecampus/bookloop/internal/app/grading"
	"github.com/quirecampus/bookloop/internal/app/notify"
	"github.com/quirecampus/bookloop/internal/app/orders"
	"github.com/quirecampus/bookloop/internal/app/quotes"
	"github.com/quirecampus/bookloop/internal/app/webhooks"
	"github.com/quirecampus/bookloop/internal/config"
	"github.com/quirecampus/bookloop/internal/platform/database"
	"github.com/quirecampus/bookloop/internal/platform/ids"
	"github.com/quirecampus/bookloop/internal/platform/queue"
	"github.com/quirecampus/bookloop/internal/provider/messaging"
	"github.com/quirecampus/bookloop/internal/provider/stripepay"
	"github.com/quirecampus/bookloop/internal/provider/wholesale"
	"github.com/quirecampus/bookloop/internal/repo"
	"github.com/quirecampus/bookloop/internal/transport/httpapi"
)

func main() {
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stdout, nil)))
	c := dig.New()
	must(provideCore(c))
	must(provideServices(c))
	must(provideRoutes(c))
	if err := c.Invoke(serve); err != nil {
		slog.Error("api stopped", "err", dig.RootCause(err))
		os.Exit(1)
	}
}

func must(err error) {
	if err != nil {
		slog.Error("wiring", "err", err)
		os.Exit(1)
	}
}

func provideAll(c *dig.Container, ctors ...any) error {
	for _, ctor := range ctors {
		if err := c.Provide(ctor); err != nil {
			return err
		}
	}
	return nil
}

func provideCore(c *dig.Container) error {
	return provideAll(c,
		config.Load,
		func(cfg config.Config) (*bun.DB, error) {
			db, err := database.Open(cfg)
			if err != nil {
				return nil, err
			}
			return db, database.Migrate(db)
		},
		database.NewRunner,
		func(cfg config.Config) *asynq.Client {
			return asynq.NewClient(asynq.RedisClientOpt{Addr: cfg.RedisAddr})
		},
		queue.NewEnqueuer,

		repo.NewQuotes, repo.NewOffers, repo.NewKiosk, repo.NewDropoffs,
		repo.NewPayouts, repo.NewLedger, repo.NewCopies, repo.NewListings,
		repo.NewOrders, repo.NewPickTickets, repo.NewOutbox,
		repo.NewNotifications, repo.NewStudents, repo.NewStripeEvents,
		repo.NewPartnerEvents, repo.NewResponses, repo.NewSettlement,

		func(cfg config.Config) *stripepay.Client { return stripepay.New(cfg.StripeSecretKey, cfg.Currency) },
		func(cfg config.Config) *wholesale.Client {
			return wholesale.New(cfg.WholesaleBaseURL, cfg.WholesaleAPIKey)
		},
		func(cfg config.Config) *messaging.Client {
			return messaging.New(cfg.MessagingBaseURL, cfg.MessagingAPIKey)
		},
		func(n *repo.Notifications, o *repo.Outbox) *notify.Queuer { return notify.NewQueuer(n, o) },
	)
}

func provideServices(c *dig.Container) error {
	return provideAll(c,
		func(cfg config.Config, q *repo.Quotes, o *repo.Offers, w *wholesale.Client, m *messaging.Client,
			st *repo.Students, tx *database.Runner) app.QuoteService {
			return quotes.New(quotes.Deps{
				Quotes: q, Offers: o, Partner: w, SMS: m, Students: st, Tx: tx,
				TTL: cfg.QuoteTTL, CreditBonusPct: 10,
			})
		},
		func(q *repo.Quotes, d *repo.Dropoffs, p *repo.Payouts, k *repo.Kiosk, tx *database.Runner) app.KioskService {
			return dropoffs.New(q, d, p, k, tx)
		},
		func(d *repo.Dropoffs, cp *repo.Copies, p *repo.Payouts, o *repo.Outbox, tx *database.Runner) app.GradingService {
			return &grading.Service{Lines: d, Copies: cp, Payouts: p, Outbox: o, Tx: tx, NewID: ids.NewULID}
		},
		func(o *repo.Orders, cp *repo.Copies, l *repo.Listings, t *repo.PickTickets,
			st *repo.Students, pay *stripepay.Client, ob *repo.Outbox, n *notify.Queuer, tx *database.Runner) app.OrderService {
			return orders.New(orders.Options{
				Orders: o, Copies: cp, Listings: l, Tickets: t, Students: st,
				Payments: pay, Outbox: ob, Notify: n, Tx: tx,
			})
		},
		func(cfg config.Config, ev *repo.StripeEvents, p *repo.Payouts, l *repo.Ledger, st *repo.Students,
			n *notify.Queuer, q queue.Enqueuer, tx *database.Runner) app.StripeWebhookService {
			return webhooks.NewStripe(webhooks.StripeDeps{
				Secret: cfg.StripeWebhookSecret, Events: ev, Payouts: p, Ledger: l,
				Students: st, Notify: n, Queue: q, Tx: tx,
			})
		},
		func(s *repo.Settlement, ev *repo.PartnerEvents, tx *database.Runner) app.WholesalerWebhookService {
			return webhooks.NewWholesaler(s, ev, tx)
		},
	)
}

func provideRoutes(c *dig.Container) error {
	group := dig.Group("routes")
	ctors := []any{
		func(q app.QuoteService) httpapi.RouteProvider { return &httpapi.QuoteHandlers{Quotes: q} },
		func(k app.KioskService) httpapi.RouteProvider {
			return &httpapi.KioskHandlers{Kiosks: k, FleetKey: os.Getenv("KIOSK_FLEET_KEY")}
		},
		func(g app.GradingService) httpapi.RouteProvider { return &httpapi.StaffHandlers{Grading: g} },
		func(o app.OrderService, r *repo.Responses) httpapi.RouteProvider {
			return &httpapi.OrderHandlers{Orders: o, Responses: r}
		},
		func(cfg config.Config, s app.StripeWebhookService, w app.WholesalerWebhookService, q queue.Enqueuer) httpapi.RouteProvider {
			return &httpapi.WebhookHandlers{Stripe: s, Wholesaler: w, Queue: q, PartnerSecret: cfg.WholesaleWebhookSecret}
		},
	}
	for _, ctor := range ctors {
		if err := c.Provide(ctor, group); err != nil {
			return err
		}
	}
	return nil
}

type serveParams struct {
	dig.In

	Config config.Config
	DB     *bun.DB
	Queue  *asynq.Client
	Routes []httpapi.RouteProvider `group:"routes"`
}

func serve(p serveParams) error {
	defer p.DB.Close()
	defer p.Queue.Close()

	srv := &http.Server{
		Addr:              p.Config.HTTPAddr,
		Handler:           httpapi.NewRouter(p.Routes),
		ReadHeaderTimeout: 5 * time.Second,
		WriteTimeout:      30 * time.Second,
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	errc := make(chan error, 1)
	go func() {
		slog.Info("listening", "addr", srv.Addr)
		errc <- srv.ListenAndServe()
	}()

	select {
	case err := <-errc:
		if !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return srv.Shutdown(shutdown)
}
