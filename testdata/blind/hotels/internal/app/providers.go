// Package app wires the binaries with google/wire. wire.go holds the
// injector declarations; wire_gen.go is generated from it.
package app

import (
	"context"
	"database/sql"
	"log/slog"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/redis/go-redis/v9"
	"github.com/robfig/cron/v3"
	"github.com/uptrace/bun"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"

	"github.com/harbourline/hotels/internal/api"
	"github.com/harbourline/hotels/internal/commissions"
	"github.com/harbourline/hotels/internal/config"
	"github.com/harbourline/hotels/internal/folios"
	"github.com/harbourline/hotels/internal/guests"
	"github.com/harbourline/hotels/internal/idempotency"
	"github.com/harbourline/hotels/internal/inventory"
	"github.com/harbourline/hotels/internal/jobs"
	"github.com/harbourline/hotels/internal/notifications"
	"github.com/harbourline/hotels/internal/outbox"
	"github.com/harbourline/hotels/internal/payments"
	"github.com/harbourline/hotels/internal/platform/amqpx"
	"github.com/harbourline/hotels/internal/platform/bundb"
	"github.com/harbourline/hotels/internal/platform/httpclient"
	"github.com/harbourline/hotels/internal/platform/logx"
	"github.com/harbourline/hotels/internal/platform/metrics"
	"github.com/harbourline/hotels/internal/platform/mongox"
	"github.com/harbourline/hotels/internal/platform/redisx"
	"github.com/harbourline/hotels/internal/platform/sqldb"
	"github.com/harbourline/hotels/internal/providers/mailer"
	"github.com/harbourline/hotels/internal/providers/ota"
	"github.com/harbourline/hotels/internal/providers/sms"
	"github.com/harbourline/hotels/internal/providers/stripepay"
	"github.com/harbourline/hotels/internal/relocations"
	"github.com/harbourline/hotels/internal/reservations"
	"github.com/harbourline/hotels/internal/saga"
	"github.com/harbourline/hotels/internal/webhooks"
)

// APIApp is the HTTP server binary.
type APIApp struct {
	Server *echo.Echo
	DB     *sql.DB
	Addr   string
	Log    *slog.Logger
}

// ConsumerApp is the AMQP consumer binary; it also relays the outbox.
type ConsumerApp struct {
	Consumer *amqpx.Consumer
	Relay    *outbox.Relay
	Log      *slog.Logger
}

// WorkerApp is the Temporal worker binary.
type WorkerApp struct {
	Worker worker.Worker
	Log    *slog.Logger
}

// SchedulerApp is the cron binary.
type SchedulerApp struct {
	Cron *cron.Cron
	Log  *slog.Logger
}

// ProvideLogger returns the process logger.
func ProvideLogger() *slog.Logger { return logx.New("hotels") }

// ProvideDB opens the ledger pool.
func ProvideDB(ctx context.Context, cfg config.Config) (*sql.DB, func(), error) {
	db, err := sqldb.Open(ctx, cfg.PostgresDSN, sqldb.WithPool(30, 10), sqldb.WithConnLifetime(15*time.Minute))
	if err != nil {
		return nil, nil, err
	}
	return db, func() { _ = db.Close() }, nil
}

// ProvideUnitOfWork returns the ledger unit of work.
func ProvideUnitOfWork(db *sql.DB, log *slog.Logger) sqldb.UnitOfWork {
	return sqldb.NewUnitOfWork(db, sqldb.WithAbortHook(func(ctx context.Context, err error) {
		log.Debug("transaction rolled back", "err", err)
	}))
}

// ProvideBun wraps the pool for the inventory side.
func ProvideBun(db *sql.DB) *bun.DB { return bundb.New(db) }

// ProvideMongo connects to the document store.
func ProvideMongo(ctx context.Context, cfg config.Config) (*mongo.Database, func(), error) {
	return mongox.Connect(ctx, cfg.MongoURI, cfg.MongoDB)
}

// ProvideRedis connects to redis.
func ProvideRedis(ctx context.Context, cfg config.Config) (*redis.Client, func(), error) {
	return redisx.New(ctx, cfg.RedisAddr, cfg.RedisPass, 0)
}

// ProvideRedisStore returns the dedup cache and lock store.
func ProvideRedisStore(rdb *redis.Client) *redisx.Store {
	return redisx.NewStore(rdb, redisx.WithPrefix("hotels:"))
}

// ProvidePublisher opens the event publisher.
func ProvidePublisher(cfg config.Config) (amqpx.Publisher, func(), error) {
	return amqpx.NewPublisher(cfg.AMQPURL, cfg.Exchange)
}

// ProvideTemporal dials the Temporal frontend.
func ProvideTemporal(cfg config.Config, log *slog.Logger) (client.Client, func(), error) {
	c, err := client.Dial(client.Options{
		HostPort:  cfg.TemporalHostPort,
		Namespace: cfg.TemporalNamespace,
		Logger:    log,
	})
	if err != nil {
		return nil, nil, err
	}
	return c, c.Close, nil
}

// ProvideStarter returns the saga starter.
func ProvideStarter(c client.Client, cfg config.Config) *saga.Starter {
	return saga.NewStarter(c, cfg.TaskQueue)
}

// ProvideGateway returns the Stripe gateway.
func ProvideGateway(cfg config.Config) stripepay.Gateway { return stripepay.New(cfg.StripeKey) }

// ProvideMetrics returns the metrics recorder.
func ProvideMetrics() metrics.Recorder { return metrics.NewExpvar() }

// ProvideOTA returns the instrumented OTA client.
func ProvideOTA(cfg config.Config, rec metrics.Recorder, log *slog.Logger) ota.Client {
	channels := map[string]ota.Channel{}
	for code, base := range cfg.OTAEndpoints {
		channels[code] = ota.Channel{BaseURL: base, Token: cfg.OTATokens[code]}
	}
	hc := httpclient.New(
		httpclient.WithTimeout(15*time.Second),
		httpclient.WithRetries(4, 500*time.Millisecond, 5*time.Second),
		httpclient.WithCheckRetry(httpclient.NoRetryOn4xx),
		httpclient.WithLogger(log),
	)
	return ota.WithMetrics(ota.NewHTTPClient(channels, hc), rec)
}

// ProvideSMS returns the SMS gateway client.
func ProvideSMS(cfg config.Config) sms.Sender {
	return sms.New(cfg.SMSBaseURL, cfg.SMSAPIKey, cfg.SMSSender,
		httpclient.New(httpclient.WithTimeout(5*time.Second), httpclient.WithRetries(3, 250*time.Millisecond, 2*time.Second)))
}

// ProvideMailer returns the e-mail API client.
func ProvideMailer(cfg config.Config) mailer.Mailer {
	return mailer.New(cfg.MailBaseURL, cfg.MailAPIKey, cfg.MailFrom, httpclient.New(httpclient.WithTimeout(10*time.Second)))
}

// ProvideReservationService wires the reservations service.
func ProvideReservationService(repo reservations.Repository, uow sqldb.UnitOfWork, idem idempotency.Store,
	ob outbox.Writer, inv inventory.Service, starter *saga.Starter) reservations.Service {
	return reservations.NewService(repo, uow, idem, ob, inv, starter, reservations.WithHoldDuration(20*time.Minute))
}

// ProvidePaymentsService wires the payments service.
func ProvidePaymentsService(repo payments.Repository, res reservations.Repository, gw stripepay.Gateway, uow sqldb.UnitOfWork) payments.Service {
	return payments.NewService(repo, res, gw, uow)
}

// ProvideStaffMessenger wires staff SMS.
func ProvideStaffMessenger(res reservations.Repository, s sms.Sender, log guests.MessageLog) notifications.StaffMessenger {
	return notifications.NewStaffMessenger(res, s, log)
}

// ProvideRequester wires relocation requests.
func ProvideRequester(res reservations.Repository, starter *saga.Starter) *relocations.Requester {
	return relocations.NewRequester(res, starter)
}

// ProvideHandlers groups the HTTP handlers.
func ProvideHandlers(r *api.ReservationsAPI, p *api.PaymentsAPI, i *api.InventoryAPI, f *api.FoliosAPI,
	m *api.MessagesAPI, o *webhooks.OTAWebhooks, s *webhooks.StripeWebhook) api.Handlers {
	return api.Handlers{Reservations: r, Payments: p, Inventory: i, Folios: f, Messages: m, OTA: o, Stripe: s}
}

// ProvideStripeWebhook wires the Stripe webhook.
func ProvideStripeWebhook(p payments.Service, attempts guests.AttemptLog, cfg config.Config) *webhooks.StripeWebhook {
	return webhooks.NewStripeWebhook(p, attempts, cfg.StripeWebhookSecret)
}

// ProvideServer builds the echo server.
func ProvideServer(h api.Handlers, cfg config.Config) *echo.Echo {
	return api.NewServer(h, api.WebhookSecrets(cfg.OTAWebhookKey))
}

// ProvideAPIApp assembles the API binary.
func ProvideAPIApp(e *echo.Echo, db *sql.DB, cfg config.Config, log *slog.Logger) *APIApp {
	return &APIApp{Server: e, DB: db, Addr: cfg.HTTPAddr, Log: log}
}

// ProvideNotifier wires the reservation-event consumer.
func ProvideNotifier(res reservations.Repository, m mailer.Mailer, s sms.Sender, log guests.MessageLog, cfg config.Config) *notifications.Notifier {
	return notifications.NewNotifier(res, m, s, log, cfg.SMSSender)
}

// ProvideRouter registers the consumers of every package on one router.
func ProvideRouter(n *notifications.Notifier, p *inventory.Pusher, c *commissions.Payer,
	g *guests.ProfileSync, i *reservations.Importer) *amqpx.Router {
	return amqpx.Mount(amqpx.NewRouter(), n, p, c, g, i)
}

// ProvideConsumer opens the consume loop.
func ProvideConsumer(cfg config.Config, r *amqpx.Router, log *slog.Logger) (*amqpx.Consumer, func(), error) {
	return amqpx.NewConsumer(amqpx.ConsumerConfig{
		URL: cfg.AMQPURL, Exchange: cfg.Exchange, Queue: cfg.Queue, Tag: "channel-manager",
		Prefetch: 16, HandlerTO: 45 * time.Second,
	}, r, log)
}

// ProvidePayer wires the commission consumer.
func ProvidePayer(repo commissions.Repository, c ota.Client) *commissions.Payer {
	return commissions.NewPayer(repo, c, commissions.WithApproval(approveCommission))
}

// ProvideConsumerApp assembles the consumer binary.
func ProvideConsumerApp(c *amqpx.Consumer, r *outbox.Relay, log *slog.Logger) *ConsumerApp {
	return &ConsumerApp{Consumer: c, Relay: r, Log: log}
}

// ProvideActivities builds the activity struct registered with the worker.
func ProvideActivities(res reservations.Repository, inv inventory.Service, gw stripepay.Gateway, pay payments.Repository,
	f folios.Service, c ota.Client, rel relocations.Repository, pub amqpx.Publisher) *saga.Activities {
	return &saga.Activities{
		Reservations: res, Inventory: inv, Gateway: gw, Payments: pay,
		Folios: f, OTA: c, Relocations: rel, Publisher: pub,
	}
}

// ProvideWorker registers the workflows and activities.
func ProvideWorker(c client.Client, cfg config.Config, acts *saga.Activities) worker.Worker {
	return saga.NewWorker(c, cfg.TaskQueue, acts)
}

// ProvideWorkerApp assembles the worker binary.
func ProvideWorkerApp(w worker.Worker, log *slog.Logger) *WorkerApp {
	return &WorkerApp{Worker: w, Log: log}
}

// ProvideNoShowJob wires the nightly no-show job.
func ProvideNoShowJob(res reservations.Repository, pay payments.Repository, gw stripepay.Gateway, s sms.Sender,
	store *redisx.Store, log *slog.Logger, cfg config.Config) *jobs.NoShowJob {
	return jobs.NewNoShowJob(res, pay, gw, s, store, log, jobs.WithCutoff(cfg.NoShowCutoff))
}

// ProvideCron schedules the jobs.
func ProvideCron(ctx context.Context, cfg config.Config, log *slog.Logger, noShow *jobs.NoShowJob, holds *jobs.HoldExpiryJob) (*cron.Cron, error) {
	return jobs.NewCron(ctx, cfg.PropertyTZ, log,
		jobs.Entry{Spec: cfg.NoShowSpec, Job: noShow, Timeout: 90 * time.Minute},
		jobs.Entry{Spec: cfg.HoldsSpec, Job: holds, Timeout: 2 * time.Minute},
	)
}

// ProvideSchedulerApp assembles the scheduler binary.
func ProvideSchedulerApp(c *cron.Cron, log *slog.Logger) *SchedulerApp {
	return &SchedulerApp{Cron: c, Log: log}
}
