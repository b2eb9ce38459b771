package app

import (
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"strings"

	"github.com/google/wire"
	"github.com/hibiken/asynq"

	"github.com/larkspur-travel/tourdesk/internal/config"
	"github.com/larkspur-travel/tourdesk/internal/httpapi"
	"github.com/larkspur-travel/tourdesk/internal/httpapi/idempotency"
	"github.com/larkspur-travel/tourdesk/internal/platform/db"
	"github.com/larkspur-travel/tourdesk/internal/provider/mailer"
	"github.com/larkspur-travel/tourdesk/internal/provider/stripepay"
	"github.com/larkspur-travel/tourdesk/internal/provider/supplierapi"
	"github.com/larkspur-travel/tourdesk/internal/repository"
	"github.com/larkspur-travel/tourdesk/internal/service"
	"github.com/larkspur-travel/tourdesk/internal/tasks"
	"github.com/larkspur-travel/tourdesk/internal/worker"
)

// NewLogger builds the process logger.
func NewLogger(cfg *config.Config) *slog.Logger {
	var level slog.Level
	switch strings.ToLower(cfg.LogLevel) {
	case "debug":
		level = slog.LevelDebug
	case "warn":
		level = slog.LevelWarn
	case "error":
		level = slog.LevelError
	}
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: level}))
}

// ProvideDB opens the database.
func ProvideDB(cfg *config.Config) (*db.DB, func(), error) {
	return db.Open(cfg.DB)
}

func redisOpt(cfg *config.Config) asynq.RedisClientOpt {
	return asynq.RedisClientOpt{Addr: cfg.RedisAddr, Password: cfg.RedisPassword, DB: cfg.RedisDB}
}

// ProvideAsynqClient builds the enqueue client.
func ProvideAsynqClient(cfg *config.Config) (*asynq.Client, func()) {
	c := asynq.NewClient(redisOpt(cfg))
	return c, func() { _ = c.Close() }
}

// ProvideAsynqServer builds the worker server.
func ProvideAsynqServer(cfg *config.Config, log *slog.Logger) *asynq.Server {
	return asynq.NewServer(redisOpt(cfg), asynq.Config{
		Concurrency: cfg.WorkerConcurrency,
		Queues: map[string]int{
			tasks.QueueCritical: 6,
			tasks.QueueDefault:  3,
			tasks.QueueLow:      1,
		},
		Logger: asynqLogger{log.With("component", "asynq")},
	})
}

// ProvideScheduler builds the periodic task scheduler.
func ProvideScheduler(cfg *config.Config) *asynq.Scheduler {
	return asynq.NewScheduler(redisOpt(cfg), &asynq.SchedulerOpts{})
}

// ProvideStripe builds the Stripe client.
func ProvideStripe(cfg *config.Config) *stripepay.Client { return stripepay.New(cfg.Stripe) }

// ProvideSupplierGateway builds the partner-gateway client.
func ProvideSupplierGateway(cfg *config.Config, log *slog.Logger) *supplierapi.Client {
	return supplierapi.New(cfg.Supplier, log)
}

// ProvideMailer builds the mail client.
func ProvideMailer(cfg *config.Config) *mailer.Client { return mailer.New(cfg.Mailer) }

// ProvideBookingConfig exposes the booking section of the config.
func ProvideBookingConfig(cfg *config.Config) service.BookingConfig { return cfg.Booking }

// ProvideRouter builds the HTTP handler.
func ProvideRouter(h httpapi.Handlers, log *slog.Logger) http.Handler {
	return httpapi.NewRouter(h, log)
}

// InfraSet provides connections and clients.
var InfraSet = wire.NewSet(
	NewLogger,
	ProvideDB,
	ProvideAsynqClient,
	ProvideAsynqServer,
	ProvideScheduler,
	ProvideStripe,
	ProvideSupplierGateway,
	ProvideMailer,
	ProvideBookingConfig,
	tasks.NewClient,
	wire.Bind(new(tasks.Enqueuer), new(*tasks.Client)),
	wire.Bind(new(db.Transactor), new(*db.DB)),
)

// RepositorySet provides the repositories bound to the service ports.
var RepositorySet = wire.NewSet(
	repository.NewBookingRepo,
	repository.NewDepartureRepo,
	repository.NewTravellerRepo,
	repository.NewHoldRepo,
	repository.NewPaymentRepo,
	repository.NewRefundRepo,
	repository.NewInvoiceRepo,
	repository.NewPayoutRepo,
	repository.NewEmailRepo,
	repository.NewManifestRepo,
	repository.NewEventRepo,
	repository.NewIdempotencyRepo,
	wire.Bind(new(service.BookingStore), new(*repository.BookingRepo)),
	wire.Bind(new(service.DepartureStore), new(*repository.DepartureRepo)),
	wire.Bind(new(service.TravellerStore), new(*repository.TravellerRepo)),
	wire.Bind(new(service.HoldStore), new(*repository.HoldRepo)),
	wire.Bind(new(service.PaymentStore), new(*repository.PaymentRepo)),
	wire.Bind(new(service.RefundStore), new(*repository.RefundRepo)),
	wire.Bind(new(service.InvoiceStore), new(*repository.InvoiceRepo)),
	wire.Bind(new(service.PayoutStore), new(*repository.PayoutRepo)),
	wire.Bind(new(service.EmailStore), new(*repository.EmailRepo)),
	wire.Bind(new(service.ManifestStore), new(*repository.ManifestRepo)),
	wire.Bind(new(service.StripeEventLog), new(*repository.EventRepo)),
	wire.Bind(new(service.IdempotencyStore), new(*repository.IdempotencyRepo)),
	wire.Bind(new(idempotency.Store), new(*repository.IdempotencyRepo)),
	wire.Bind(new(httpapi.SupplierEventLog), new(*repository.EventRepo)),
)

// ServiceSet provides the services.
var ServiceSet = wire.NewSet(
	service.NewBookingService,
	service.NewManifestService,
	service.NewHoldService,
	service.NewPaymentService,
	service.NewCancellationService,
	service.NewInvoiceService,
	service.NewPayoutService,
	service.NewNotificationService,
	service.NewDepartureService,
	service.NewStripeEventService,
)

// HTTPSet provides the handlers and router.
var HTTPSet = wire.NewSet(
	httpapi.NewBookingHandler,
	httpapi.NewTravellerHandler,
	httpapi.NewPaymentHandler,
	httpapi.NewDepartureHandler,
	httpapi.NewHoldHandler,
	httpapi.NewSupplierHandler,
	httpapi.NewWebhookHandler,
	wire.Struct(new(httpapi.Handlers), "*"),
	ProvideRouter,
	newHTTPServer,
)

// AppSet is every provider plus the bindings of provider clients and
// services to the interfaces their consumers declare.
var AppSet = wire.NewSet(
	InfraSet,
	RepositorySet,
	ServiceSet,
	HTTPSet,
	WorkerSet,
	wire.Bind(new(service.CardProcessor), new(*stripepay.Client)),
	wire.Bind(new(service.SupplierGateway), new(*supplierapi.Client)),
	wire.Bind(new(service.Mailer), new(*mailer.Client)),
	wire.Bind(new(httpapi.BookingService), new(*service.BookingService)),
	wire.Bind(new(httpapi.CancellationService), new(*service.CancellationService)),
	wire.Bind(new(httpapi.ManifestService), new(*service.ManifestService)),
	wire.Bind(new(httpapi.PaymentService), new(*service.PaymentService)),
	wire.Bind(new(httpapi.DepartureService), new(*service.DepartureService)),
	wire.Bind(new(httpapi.HoldService), new(*service.HoldService)),
	wire.Bind(new(httpapi.InvoiceService), new(*service.InvoiceService)),
	wire.Bind(new(httpapi.StripeWebhook), new(*stripepay.Client)),
	wire.Bind(new(httpapi.StripeEventHandler), new(*service.StripeEventService)),
	wire.Bind(new(httpapi.SupplierWebhook), new(*supplierapi.Client)),
	wire.Bind(new(httpapi.SupplierEventApplier), new(*service.HoldService)),
)

// WorkerSet provides the asynq handlers.
var WorkerSet = wire.NewSet(
	worker.New,
	worker.NewServeMux,
)

// asynqLogger adapts slog to asynq's printf-less logger interface.
type asynqLogger struct{ l *slog.Logger }

func (a asynqLogger) Debug(args ...interface{}) { a.l.Debug(fmt.Sprint(args...)) }
func (a asynqLogger) Info(args ...interface{})  { a.l.Info(fmt.Sprint(args...)) }
func (a asynqLogger) Warn(args ...interface{})  { a.l.Warn(fmt.Sprint(args...)) }
func (a asynqLogger) Error(args ...interface{}) { a.l.Error(fmt.Sprint(args...)) }
func (a asynqLogger) Fatal(args ...interface{}) {
	a.l.Error(fmt.Sprint(args...))
	os.Exit(1)
}
