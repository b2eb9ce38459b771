// Command citeproc runs the citation-processing service: the HTTP API and
// webhooks, the Temporal notice worker, the River job worker and the vendor
// feed consumer, all in one process wired with dig.
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

	"github.com/gin-gonic/gin"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
	"go.uber.org/dig"
	"gorm.io/gorm"

	"github.com/harborcity/citeproc/internal/api"
	"github.com/harborcity/citeproc/internal/config"
	"github.com/harborcity/citeproc/internal/feed"
	"github.com/harborcity/citeproc/internal/jobs"
	"github.com/harborcity/citeproc/internal/platform/idem"
	"github.com/harborcity/citeproc/internal/provider/agency"
	"github.com/harborcity/citeproc/internal/provider/camvendor"
	"github.com/harborcity/citeproc/internal/provider/dmv"
	"github.com/harborcity/citeproc/internal/provider/hearingcal"
	"github.com/harborcity/citeproc/internal/provider/mailhouse"
	"github.com/harborcity/citeproc/internal/provider/notify"
	"github.com/harborcity/citeproc/internal/provider/payproc"
	"github.com/harborcity/citeproc/internal/service"
	"github.com/harborcity/citeproc/internal/store"
	"github.com/harborcity/citeproc/internal/workflows"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
	c, err := buildContainer(log)
	if err != nil {
		log.Error("wiring", "err", err)
		os.Exit(1)
	}
	if err := c.Invoke(run); err != nil {
		log.Error("exit", "err", err)
		os.Exit(1)
	}
}

// provider is one dig constructor with its options.
type provider struct {
	fn   any
	opts []dig.ProvideOption
}

func p(fn any, opts ...dig.ProvideOption) provider { return provider{fn: fn, opts: opts} }

func buildContainer(log *slog.Logger, opts ...dig.Option) (*dig.Container, error) {
	c := dig.New(opts...)
	providers := []provider{
		p(func() *slog.Logger { return log }),
		p(config.Load),

		// Storage.
		p(openDB),
		p(store.New),
		p(func(s *store.Store) service.Stores { return s }),
		p(idem.NewStore),
		p(func(s *idem.Store) service.EventMarkers { return s }),
		p(func(cfg *config.Config) (*pgxpool.Pool, error) {
			return pgxpool.New(context.Background(), cfg.DatabaseURL)
		}),

		// Provider clients.
		p(func(cfg *config.Config) *payproc.Client {
			return payproc.New(payproc.Config{BaseURL: cfg.PayprocURL, APIKey: cfg.PayprocKey, WebhookSecret: cfg.PayprocWebhookSecret})
		}),
		p(func(cfg *config.Config) *mailhouse.Client {
			return mailhouse.New(mailhouse.Config{
				BaseURL: cfg.MailhouseURL, APIKey: cfg.MailhouseKey, WebhookSecret: cfg.MailhouseWebhookSecret,
				ReturnAddress: mailhouse.Address{
					Name: "Harbor City Parking & Traffic Enforcement", Line1: "PO Box 4410",
					City: "Harbor City", Region: "CA", PostalCode: "90710",
				},
			})
		}),
		p(func(cfg *config.Config) *dmv.Client {
			return dmv.New(dmv.Config{BaseURL: cfg.DMVURL, APIKey: cfg.DMVKey, AgencyCode: cfg.DMVAgency})
		}),
		p(func(cfg *config.Config) *agency.Client {
			return agency.New(agency.Config{BaseURL: cfg.AgencyURL, APIKey: cfg.AgencyKey, WebhookSecret: cfg.AgencyWebhookSecret})
		}),
		p(func(cfg *config.Config) *hearingcal.Client {
			return hearingcal.New(hearingcal.Config{BaseURL: cfg.HearingsURL, APIKey: cfg.HearingsKey})
		}),
		p(func(cfg *config.Config) *notify.Client {
			return notify.New(notify.Config{BaseURL: cfg.NotifyURL, APIKey: cfg.NotifyKey, SenderID: cfg.NotifySender, FromAddr: cfg.NotifyFrom})
		}),
		p(func(cfg *config.Config) ([]service.VendorAPI, jobs.Vendors) {
			var apis []service.VendorAPI
			var codes jobs.Vendors
			for _, v := range cfg.Vendors {
				apis = append(apis, camvendor.New(camvendor.Config{Vendor: v.Code, BaseURL: v.BaseURL, APIKey: v.APIKey}))
				codes = append(codes, v.Code)
			}
			return apis, codes
		}),
		p(func(c *payproc.Client) service.ChargeProcessor { return c }),
		p(func(c *mailhouse.Client) service.Mailer { return c }),
		p(func(c *dmv.Client) service.Registry { return c }),
		p(func(c *agency.Client) service.CollectionsAgency { return c }),
		p(func(c *hearingcal.Client) service.HearingCalendar { return c }),
		p(func(c *notify.Client) service.Notifier { return c }),

		// Temporal and River.
		p(func(cfg *config.Config) (client.Client, error) {
			return client.Dial(client.Options{HostPort: cfg.TemporalHost, Namespace: cfg.TemporalNS})
		}),
		p(func() workflows.Schedule { return workflows.DefaultSchedule }),
		p(workflows.NewLauncher),
		p(func(l *workflows.Launcher) service.Lifecycle { return l }),
		p(jobs.NewInserter),
		p(func(i *jobs.Inserter) service.Enqueuer { return i }),

		// Services.
		p(service.NewIntakeService),
		p(service.NewNoticeService),
		p(service.NewEscalationService),
		p(service.NewHoldService),
		p(service.NewCollectionsService),
		p(service.NewPaymentService),
		p(func(s *service.PaymentService) service.PaymentPoster { return s }),
		p(service.NewPlanService),
		p(service.NewDisputeService),

		// Workers.
		p(func(n *service.NoticeService, e *service.EscalationService, h *service.HoldService, col *service.CollectionsService) *workflows.Activities {
			return &workflows.Activities{Notices: n, Escalation: e, Holds: h, Collections: col}
		}),
		p(workflows.NewWorker),
		p(func(in *service.IntakeService, pl *service.PlanService, pay *service.PaymentService, h *service.HoldService,
			col *service.CollectionsService, log *slog.Logger) *river.Workers {
			return jobs.NewWorkers(jobs.Services{Intake: in, Plans: pl, Payments: pay, Holds: h, Collections: col, Log: log})
		}),
		p(jobs.NewWorkClient),
		p(func(s *store.Store) feed.ViolationLookup { return feed.StoreViolationLookup{Store: s} }),
		p(feed.NewHandlers),
		p(func(cfg *config.Config, h *feed.Handlers, log *slog.Logger) *feed.Consumer {
			return feed.NewConsumer(feed.Config{
				URL: cfg.AMQPURL, Exchange: cfg.FeedExchange, Queue: cfg.FeedQueue,
				DeadLetter: cfg.FeedDLX, Prefetch: cfg.Prefetch,
			}, h.Routes(), log)
		}),

		// HTTP.
		p(api.NewCitationHandler, dig.Group("routes"), dig.As(new(api.Registrar))),
		p(api.NewPaymentHandler, dig.Group("routes"), dig.As(new(api.Registrar))),
		p(api.NewPlanHandler, dig.Group("routes"), dig.As(new(api.Registrar))),
		p(api.NewDisputeHandler, dig.Group("routes"), dig.As(new(api.Registrar))),
		p(api.NewAdminHandler, dig.Group("routes"), dig.As(new(api.Registrar))),
		p(api.NewWebhookHandler, dig.Group("routes"), dig.As(new(api.Registrar))),
		p(newEngine),
	}
	for _, pr := range providers {
		if err := c.Provide(pr.fn, pr.opts...); err != nil {
			return nil, err
		}
	}
	return c, nil
}

func openDB(cfg *config.Config) (*gorm.DB, error) {
	if err := store.Migrate(cfg.DatabaseURL); err != nil {
		return nil, err
	}
	return store.Open(cfg.DatabaseURL)
}

type routeParams struct {
	dig.In
	Config   *config.Config
	Log      *slog.Logger
	Handlers []api.Registrar `group:"routes"`
}

func newEngine(p routeParams) *gin.Engine {
	return api.NewRouter(api.RouterConfig{ClerkToken: p.Config.ClerkToken}, p.Log, p.Handlers...)
}

type runParams struct {
	dig.In
	Config   *config.Config
	Log      *slog.Logger
	Engine   *gin.Engine
	Temporal client.Client
	Notices  worker.Worker
	River    *river.Client[pgx.Tx]
	Feed     *feed.Consumer
	Pool     *pgxpool.Pool
}

func run(p runParams) error {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	defer p.Temporal.Close()
	defer p.Pool.Close()

	if err := p.Notices.Start(); err != nil {
		return err
	}
	defer p.Notices.Stop()

	if err := p.River.Start(ctx); err != nil {
		return err
	}
	defer func() {
		sctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		_ = p.River.Stop(sctx)
	}()

	feedDone := make(chan error, 1)
	go func() { feedDone <- p.Feed.Run(ctx) }()

	srv := &http.Server{Addr: p.Config.HTTPAddr, Handler: p.Engine, ReadHeaderTimeout: 10 * time.Second}
	httpDone := make(chan error, 1)
	go func() {
		p.Log.Info("listening", "addr", p.Config.HTTPAddr)
		if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			httpDone <- err
		}
		close(httpDone)
	}()

	select {
	case <-ctx.Done():
	case err := <-feedDone:
		if err != nil {
			p.Log.Error("feed consumer", "err", err)
		}
	case err := <-httpDone:
		if err != nil {
			return err
		}
	}
	sctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return srv.Shutdown(sctx)
}
