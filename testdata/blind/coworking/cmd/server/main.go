// Command server runs the DeskHive coworking backend. One binary serves
// every role; -role selects which entry points this process runs.
package main

import (
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/hibiken/asynq"
	_ "github.com/lib/pq"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/dig"

	"github.com/deskhive/coworking/internal/access"
	"github.com/deskhive/coworking/internal/analytics"
	"github.com/deskhive/coworking/internal/billing"
	"github.com/deskhive/coworking/internal/bookings"
	"github.com/deskhive/coworking/internal/catering"
	"github.com/deskhive/coworking/internal/config"
	"github.com/deskhive/coworking/internal/consumer"
	"github.com/deskhive/coworking/internal/events"
	"github.com/deskhive/coworking/internal/guests"
	"github.com/deskhive/coworking/internal/httpapi"
	"github.com/deskhive/coworking/internal/members"
	"github.com/deskhive/coworking/internal/outbox"
	"github.com/deskhive/coworking/internal/providers/caterer"
	"github.com/deskhive/coworking/internal/providers/doors"
	"github.com/deskhive/coworking/internal/providers/payments"
	"github.com/deskhive/coworking/internal/providers/sms"
	"github.com/deskhive/coworking/internal/providers/webhookout"
	"github.com/deskhive/coworking/internal/store"
	"github.com/deskhive/coworking/internal/tasks"
	"github.com/deskhive/coworking/internal/webhooks"
)

func main() {
	role := flag.String("role", "all", "api | worker | consumers | all")
	flag.Parse()

	log := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
	slog.SetDefault(log)

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	c, err := buildContainer(ctx, log)
	if err != nil {
		log.Error("wiring failed", "err", err)
		os.Exit(1)
	}
	if err := run(ctx, c, *role); err != nil && !errors.Is(err, context.Canceled) {
		log.Error("server stopped", "err", err)
		os.Exit(1)
	}
}

// ---------------------------------------------------------------------------
// container

func buildContainer(ctx context.Context, log *slog.Logger) (*dig.Container, error) {
	c := dig.New()
	providers := []struct {
		fn   any
		opts []dig.ProvideOption
	}{
		{fn: func() *slog.Logger { return log }},
		{fn: config.Load},
		{fn: func(cfg *config.Config) (*sql.DB, error) { return store.Open(ctx, cfg.DatabaseURL) }},
		{fn: store.New, opts: []dig.ProvideOption{dig.As(new(store.Store))}},

		// providers
		{fn: func(cfg *config.Config) *payments.StripeGateway {
			return payments.NewStripeGateway(cfg.StripeSecretKey)
		},
			opts: []dig.ProvideOption{dig.As(new(payments.Gateway))}},
		{fn: func(cfg *config.Config) *doors.HTTPClient {
			return doors.NewHTTPClient(cfg.DoorsBaseURL, cfg.DoorsAPIKey)
		},
			opts: []dig.ProvideOption{dig.As(new(doors.Client))}},
		{fn: func(cfg *config.Config) *sms.Client {
			return sms.NewClient(cfg.SMSBaseURL, cfg.SMSAPIKey, cfg.SMSSender)
		},
			opts: []dig.ProvideOption{dig.As(new(sms.Sender))}},
		{fn: func(cfg *config.Config) *caterer.HTTPClient {
			return caterer.NewHTTPClient(cfg.CatererBaseURL, cfg.CatererAPIKey)
		}, opts: []dig.ProvideOption{dig.As(new(caterer.Client))}},
		{fn: webhookout.NewHTTPSender, opts: []dig.ProvideOption{dig.As(new(webhookout.Sender))}},

		// messaging
		{fn: newNATS},
		{fn: func(nc *nats.Conn) (jetstream.JetStream, error) { return jetstream.New(nc) }},
		{fn: events.NewJetStreamPublisher, opts: []dig.ProvideOption{dig.As(new(events.Publisher))}},
		{fn: func(cfg *config.Config) asynq.RedisClientOpt { return asynq.RedisClientOpt{Addr: cfg.RedisAddr} }},
		{fn: func(r asynq.RedisClientOpt) *asynq.Client { return asynq.NewClient(r) }},
		{fn: tasks.NewClient, opts: []dig.ProvideOption{dig.As(new(tasks.Enqueuer))}},
		{fn: outbox.NewRelay},

		// services
		{fn: members.NewService},
		{fn: func(s store.Store, p events.Publisher, e tasks.Enqueuer, cfg *config.Config, l *slog.Logger) bookings.Service {
			return bookings.NewService(s, p, e, bookings.Options{NoShowGrace: cfg.NoShowGrace}, l)
		}},
		{fn: billing.NewMembershipService},
		{fn: func(s store.Store, pg payments.Gateway, cfg *config.Config, l *slog.Logger) billing.PassService {
			return billing.NewPassService(s, pg, billing.PassPricing{DayPassCents: cfg.DayPassCents, Currency: cfg.Currency}, l)
		}},
		{fn: access.NewService},
		{fn: guests.NewService},
		{fn: func(s store.Store, e tasks.Enqueuer, cfg *config.Config, l *slog.Logger) *webhooks.StripeProcessor {
			return webhooks.NewStripeProcessor(s, e, cfg.StripeWebhook, l)
		}},
		{fn: func(s store.Store, cfg *config.Config, l *slog.Logger) *webhooks.DoorProcessor {
			return webhooks.NewDoorProcessor(s, cfg.DoorsWebhook, l)
		}},
		{fn: httpapi.NewRouter},

		// background handlers
		{fn: func(s store.Store, wh webhookout.Sender, cfg *config.Config, l *slog.Logger) *bookings.TaskHandlers {
			return bookings.NewTaskHandlers(s, wh, cfg.NoShowFeeCents, l)
		}},
		{fn: func(s store.Store, pg payments.Gateway, e tasks.Enqueuer, cfg *config.Config, l *slog.Logger) *billing.Jobs {
			return billing.NewJobs(s, pg, e, billing.JobsConfig{Currency: cfg.Currency, LateFeeCents: cfg.LateFeeCents}, l)
		}},
		{fn: access.NewJobs},
		{fn: guests.NewJobs},
		{fn: provideTaskRegistrations},
		{fn: catering.NewHandlers},
		{fn: analytics.NewHandlers},
		{fn: provideConsumers},
	}
	for _, p := range providers {
		if err := c.Provide(p.fn, p.opts...); err != nil {
			return nil, fmt.Errorf("provide %T: %w", p.fn, err)
		}
	}
	return c, nil
}

func newNATS(cfg *config.Config, log *slog.Logger) (*nats.Conn, error) {
	return nats.Connect(cfg.NATSURL,
		nats.Name("deskhive-server"),
		nats.MaxReconnects(-1),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) { log.Warn("nats disconnected", "err", err) }),
		nats.ReconnectHandler(func(nc *nats.Conn) { log.Info("nats reconnected", "url", nc.ConnectedUrl()) }),
	)
}

type registrationsOut struct {
	dig.Out
	Regs []tasks.Registration `group:"tasks,flatten"`
}

// registrar is implemented by every package that serves asynq tasks.
type registrar interface {
	Registrations() []tasks.Registration
}

func provideTaskRegistrations(b *bookings.TaskHandlers, bj *billing.Jobs, aj *access.Jobs, gj *guests.Jobs, relay *outbox.Relay) registrationsOut {
	var out registrationsOut
	for _, r := range []registrar{b, bj, aj, gj, relay} {
		out.Regs = append(out.Regs, r.Registrations()...)
	}
	return out
}

type consumersOut struct {
	dig.Out
	Consumers []*consumer.PullConsumer `group:"consumers,flatten"`
}

func provideConsumers(js jetstream.JetStream, ch *catering.Handlers, ah *analytics.Handlers, log *slog.Logger) consumersOut {
	cateringRouter := ch.Router()
	bookingsRouter := ah.BookingsRouter()
	accessRouter := ah.AccessRouter()
	return consumersOut{Consumers: []*consumer.PullConsumer{
		consumer.New(js, consumer.Config{
			Stream: events.StreamBookings, Durable: catering.Durable,
			FilterSubjects: cateringRouter.Subjects(), AckWait: 45 * time.Second,
		}, cateringRouter, log),
		consumer.New(js, consumer.Config{
			Stream: events.StreamBookings, Durable: analytics.DurableBookings,
			FilterSubjects: bookingsRouter.Subjects(), Batch: 64,
		}, bookingsRouter, log),
		consumer.New(js, consumer.Config{
			Stream: events.StreamAccess, Durable: analytics.DurableAccess,
			FilterSubjects: accessRouter.Subjects(), Batch: 64,
		}, accessRouter, log),
	}}
}

// ---------------------------------------------------------------------------
// roles

type runDeps struct {
	dig.In

	Config    *config.Config
	Log       *slog.Logger
	Handler   http.Handler
	JS        jetstream.JetStream
	Redis     asynq.RedisClientOpt
	Tasks     []tasks.Registration     `group:"tasks"`
	Consumers []*consumer.PullConsumer `group:"consumers"`
}

func run(ctx context.Context, c *dig.Container, role string) error {
	return c.Invoke(func(d runDeps) error {
		if err := events.EnsureStreams(ctx, d.JS); err != nil {
			return err
		}
		var (
			wg   sync.WaitGroup
			mu   sync.Mutex
			errs []error
		)
		launch := func(name string, fn func(context.Context) error) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := fn(ctx); err != nil {
					mu.Lock()
					errs = append(errs, fmt.Errorf("%s: %w", name, err))
					mu.Unlock()
				}
			}()
		}

		if role == "api" || role == "all" {
			launch("http", func(ctx context.Context) error { return serveHTTP(ctx, d) })
		}
		if role == "worker" || role == "all" {
			launch("worker", func(ctx context.Context) error { return serveTasks(ctx, d) })
		}
		if role == "consumers" || role == "all" {
			for _, cons := range d.Consumers {
				launch(cons.Name(), cons.Run)
			}
		}
		wg.Wait()
		return errors.Join(errs...)
	})
}

func serveHTTP(ctx context.Context, d runDeps) error {
	srv := &http.Server{
		Addr:              d.Config.HTTPAddr,
		Handler:           d.Handler,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      30 * time.Second,
	}
	go func() {
		<-ctx.Done()
		shutdownCtx, cancel := context.WithTimeout(context.Background(), d.Config.ShutdownTimeout)
		defer cancel()
		_ = srv.Shutdown(shutdownCtx)
	}()
	d.Log.Info("http listening", "addr", srv.Addr)
	if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

func serveTasks(ctx context.Context, d runDeps) error {
	mux, err := tasks.NewServeMux(d.Tasks, tasks.Logging(d.Log))
	if err != nil {
		return err
	}
	srv := asynq.NewServer(d.Redis, asynq.Config{
		Concurrency:     d.Config.Concurrency,
		Queues:          d.Config.WorkerQueues,
		ShutdownTimeout: d.Config.ShutdownTimeout,
		Logger:          asynqLogger{d.Log},
	})
	if err := srv.Start(mux); err != nil {
		return err
	}
	<-ctx.Done()
	srv.Shutdown()
	return nil
}

type asynqLogger struct{ l *slog.Logger }

func (a asynqLogger) Debug(args ...any) { a.l.Debug(fmt.Sprint(args...)) }
func (a asynqLogger) Info(args ...any)  { a.l.Info(fmt.Sprint(args...)) }
func (a asynqLogger) Warn(args ...any)  { a.l.Warn(fmt.Sprint(args...)) }
func (a asynqLogger) Error(args ...any) { a.l.Error(fmt.Sprint(args...)) }
func (a asynqLogger) Fatal(args ...any) { a.l.Error(fmt.Sprint(args...)); os.Exit(1) }
