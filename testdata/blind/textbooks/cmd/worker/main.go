// Command worker runs the asynq task handlers and the periodic schedule
// (outbox relay every minute, wholesaler settlement nightly).
package main

import (
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/hibiken/asynq"
	"github.com/uptrace/bun"
	"go.uber.org/dig"

	"github.com/quirecampus/bookloop/internal/app"
	"github.com/quirecampus/bookloop/internal/app/listings"
	"github.com/quirecampus/bookloop/internal/app/notify"
	"github.com/quirecampus/bookloop/internal/app/orders"
	"github.com/quirecampus/bookloop/internal/app/outbox"
	"github.com/quirecampus/bookloop/internal/app/payouts"
	"github.com/quirecampus/bookloop/internal/app/settlement"
	"github.com/quirecampus/bookloop/internal/config"
	"github.com/quirecampus/bookloop/internal/platform/database"
	"github.com/quirecampus/bookloop/internal/platform/ids"
	"github.com/quirecampus/bookloop/internal/platform/queue"
	"github.com/quirecampus/bookloop/internal/provider/messaging"
	"github.com/quirecampus/bookloop/internal/provider/stripepay"
	"github.com/quirecampus/bookloop/internal/provider/wholesale"
	"github.com/quirecampus/bookloop/internal/repo"
	"github.com/quirecampus/bookloop/internal/transport/tasks"
)

func main() {
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stdout, nil)))
	c := dig.New()
	for _, ctor := range constructors() {
		if err := c.Provide(ctor); err != nil {
			slog.Error("wiring", "err", err)
			os.Exit(1)
		}
	}
	if err := c.Invoke(run); err != nil {
		slog.Error("worker stopped", "err", dig.RootCause(err))
		os.Exit(1)
	}
}

func constructors() []any {
	return []any{
		config.Load,
		func(cfg config.Config) (*bun.DB, error) { return database.Open(cfg) },
		database.NewRunner,
		func(cfg config.Config) asynq.RedisClientOpt { return asynq.RedisClientOpt{Addr: cfg.RedisAddr} },
		func(r asynq.RedisClientOpt) *asynq.Client { return asynq.NewClient(r) },
		queue.NewEnqueuer,
		func() (*time.Location, error) { return time.LoadLocation("America/Chicago") },

		repo.NewDropoffs, repo.NewPayouts, repo.NewLedger, repo.NewCopies,
		repo.NewListings, repo.NewOrders, repo.NewPickTickets,
		repo.NewOutbox, repo.NewNotifications, repo.NewStudents, repo.NewSettlement,

		func(cfg config.Config) *stripepay.Client { return stripepay.New(cfg.StripeSecretKey, cfg.Currency) },
		func(cfg config.Config) *wholesale.Client {
			return wholesale.New(cfg.WholesaleBaseURL, cfg.WholesaleAPIKey)
		},
		func(cfg config.Config) *messaging.Client {
			return messaging.New(cfg.MessagingBaseURL, cfg.MessagingAPIKey)
		},
		func(n *repo.Notifications, o *repo.Outbox) *notify.Queuer { return notify.NewQueuer(n, o) },

		func(p *repo.Payouts, l *repo.Ledger, st *repo.Students, pay *stripepay.Client, n *notify.Queuer, tx *database.Runner) app.PayoutService {
			return &payouts.Service{Payouts: p, Ledger: l, Students: st, Money: pay, Notify: n, Tx: tx, NewID: ids.NewULID}
		},
		func(cp *repo.Copies, d *repo.Dropoffs, l *repo.Listings, tx *database.Runner) app.ListingService {
			return listings.New(cp, d, l, tx)
		},
		func(o *repo.Orders, cp *repo.Copies, l *repo.Listings, t *repo.PickTickets,
			st *repo.Students, pay *stripepay.Client, ob *repo.Outbox, n *notify.Queuer, tx *database.Runner) app.OrderService {
			return orders.New(orders.Options{
				Orders: o, Copies: cp, Listings: l, Tickets: t, Students: st,
				Payments: pay, Outbox: ob, Notify: n, Tx: tx,
			})
		},
		func(n *repo.Notifications, st *repo.Students, m *messaging.Client) app.Notifier {
			return notify.New(n, st, m)
		},
		func(cfg config.Config, db *bun.DB, s *repo.Settlement, cp *repo.Copies, w *wholesale.Client,
			q queue.Enqueuer, tx *database.Runner) app.SettlementService {
			return settlement.New(db, s, cp, w, q, tx, settlement.Config{
				Currency:    cfg.Currency,
				PickupSite:  os.Getenv("PICKUP_SITE"),
				ContactName: os.Getenv("PICKUP_CONTACT"),
			})
		},
		func(o *repo.Outbox, q queue.Enqueuer, tx *database.Runner) app.OutboxRelay {
			return outbox.NewRelay(o, q, tx)
		},
		func(p app.PayoutService, l app.ListingService, o app.OrderService, n app.Notifier,
			s app.SettlementService, r app.OutboxRelay, loc *time.Location) *tasks.Handlers {
			return &tasks.Handlers{Payouts: p, Listings: l, Orders: o, Notifier: n, Settlement: s, Relay: r, Campus: loc}
		},
	}
}

type runParams struct {
	dig.In

	Config   config.Config
	DB       *bun.DB
	Redis    asynq.RedisClientOpt
	Client   *asynq.Client
	Handlers *tasks.Handlers
}

func run(p runParams) error {
	defer p.DB.Close()
	defer p.Client.Close()

	mux := asynq.NewServeMux()
	for taskType, h := range p.Handlers.Table() {
		mux.Handle(taskType, h)
	}

	srv := asynq.NewServer(p.Redis, asynq.Config{
		Concurrency: p.Config.WorkerConcurrency,
		Queues: map[string]int{
			queue.QueueMoney:    6,
			queue.QueueDefault:  3,
			queue.QueuePartners: 1,
		},
		StrictPriority: false,
	})

	sched := asynq.NewScheduler(p.Redis, &asynq.SchedulerOpts{})
	if _, err := sched.Register("@every 1m", asynq.NewTask(queue.TypeOutboxRelay, nil),
		asynq.Queue(queue.QueueDefault), asynq.MaxRetry(0), asynq.Unique(55*time.Second)); err != nil {
		return err
	}
	if _, err := sched.Register(p.Config.SettlementCron, asynq.NewTask(queue.TypeSettlementNightly, []byte(`{}`)),
		asynq.Queue(queue.QueuePartners), asynq.MaxRetry(6), asynq.Timeout(30*time.Minute)); err != nil {
		return err
	}
	if err := sched.Start(); err != nil {
		return err
	}
	defer sched.Shutdown()

	if err := srv.Start(mux); err != nil {
		return err
	}
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGINT, syscall.SIGTERM)
	<-sig
	srv.Shutdown()
	return nil
}
