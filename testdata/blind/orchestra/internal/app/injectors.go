package app

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/hibiken/asynq"

	"github.com/harborlight-symphony/encore/internal/config"
	"github.com/harborlight-symphony/encore/internal/consumer"
	"github.com/harborlight-symphony/encore/internal/store"
	"github.com/harborlight-symphony/encore/internal/tasks"
)

// API is the HTTP binary's object graph.
type API struct {
	Server *http.Server
	Log    *slog.Logger
}

// InitializeAPI builds the HTTP API.
func InitializeAPI(cfg config.Config) (*API, func(), error) {
	log := ProvideLogger()
	db, dbCleanup, err := ProvideDB(cfg)
	if err != nil {
		return nil, nil, err
	}
	hc := ProvideHTTPClient(cfg)
	sc := ProvideStripeClient(cfg)
	gw := ProvideGateway(sc, cfg)
	notifier := ProvideNotifier(ProvideMailer(cfg, hc), cfg)
	aq, aqCleanup := ProvideAsynqClient(ProvideRedisOpt(cfg))
	enq := ProvideEnqueuer(aq)

	subsRepo := store.NewSubscriptions(db)
	subs := ProvideSubscriptionService(subsRepo, enq, ProvideMailHouse(cfg, hc))
	box := ProvideBoxOffice(store.NewOrders(db), store.NewCredits(db), subsRepo, gw, notifier, cfg, log)
	dev := ProvideDevelopment(store.NewPledges(db), store.NewClaims(db), sc, ProvideMatchPoint(cfg, hc), cfg, log)
	pay := ProvidePayroll(store.NewPayroll(db), ProvidePayoutBank(cfg, hc), log)

	router := ProvideRouter(subs, box, dev, ProvidePayrollEndpoints(pay, enq), store.NewIdempotencyKeys(db), db, log)
	srv := ProvideHTTPServer(cfg, router)
	return &API{Server: srv, Log: log}, func() {
		aqCleanup()
		dbCleanup()
	}, nil
}

// Worker is the asynq worker's object graph.
type Worker struct {
	Server *asynq.Server
	Mux    *asynq.ServeMux
	Log    *slog.Logger
}

// InitializeWorker builds the task worker.
func InitializeWorker(cfg config.Config) (*Worker, func(), error) {
	log := ProvideLogger()
	db, dbCleanup, err := ProvideDB(cfg)
	if err != nil {
		return nil, nil, err
	}
	hc := ProvideHTTPClient(cfg)
	sc := ProvideStripeClient(cfg)
	redis := ProvideRedisOpt(cfg)
	aq, aqCleanup := ProvideAsynqClient(redis)
	enq := ProvideEnqueuer(aq)
	notifier := ProvideNotifier(ProvideMailer(cfg, hc), cfg)
	insts := store.NewInstallments(db)
	pay := ProvidePayroll(store.NewPayroll(db), ProvidePayoutBank(cfg, hc), log)
	dev := ProvideDevelopment(store.NewPledges(db), store.NewClaims(db), sc, ProvideMatchPoint(cfg, hc), cfg, log)

	mux := tasks.NewServeMux(tasks.Handlers{
		Installments: &tasks.InstallmentHandlers{
			Store: insts, Payments: ProvideGateway(sc, cfg), Scheduler: enq, Log: log, Now: time.Now,
		},
		Reminders: &tasks.ReminderHandlers{
			Store: insts, Scheduler: enq, Mail: notifier, LeadDays: 5, Log: log, Now: time.Now,
		},
		Welcome:  &tasks.WelcomeHandler{Store: store.NewSubscriptions(db), Mail: notifier, Log: log},
		Payroll:  &tasks.PayrollHandlers{Payroll: pay, Scheduler: enq, Log: log},
		Matching: &tasks.MatchingHandler{Reconciler: dev, Log: log},
	}, log)

	srv := asynq.NewServer(redis, asynq.Config{
		Concurrency: cfg.WorkerConcurrency,
		Queues: map[string]int{
			tasks.QueuePayments: 6,
			tasks.QueuePayroll:  3,
			tasks.QueueNotify:   2,
			tasks.QueueDefault:  1,
		},
	})
	return &Worker{Server: srv, Mux: mux, Log: log}, func() {
		aqCleanup()
		dbCleanup()
	}, nil
}

// Consumer is the Kafka consumer's object graph.
type Consumer struct {
	Runner *consumer.Runner
	Log    *slog.Logger
}

// InitializeConsumer builds the box-office event consumer.
func InitializeConsumer(cfg config.Config) (*Consumer, func(), error) {
	log := ProvideLogger()
	db, dbCleanup, err := ProvideDB(cfg)
	if err != nil {
		return nil, nil, err
	}
	hc := ProvideHTTPClient(cfg)
	gw := ProvideGateway(ProvideStripeClient(cfg), cfg)
	zone, err := time.LoadLocation("America/Los_Angeles")
	if err != nil {
		zone = time.UTC
	}
	orders := store.NewOrders(db)
	table := consumer.Table(
		&consumer.SalesHandlers{DB: db},
		&consumer.ScanHandler{DB: db},
		&consumer.RefundHandler{DB: db, Payments: gw, Log: log},
		&consumer.NoticeHandler{DB: db, Holders: orders, SMS: ProvideSMS(cfg, hc), Zone: zone, Log: log},
		&consumer.PledgeDeskHandler{DB: db, Pledges: store.NewPledges(db), Events: store.NewProcessedEvents(db)},
		&consumer.PatronSync{DB: db},
	)
	reader := consumer.NewKafkaReader(cfg.KafkaBrokers, cfg.KafkaGroupID, cfg.KafkaTopic)
	runner := consumer.NewRunner(reader, table, log)
	return &Consumer{Runner: runner, Log: log}, func() {
		_ = reader.Close()
		dbCleanup()
	}, nil
}

// Scheduler is the cron binary's object graph.
type Scheduler struct {
	Scheduler *asynq.Scheduler
	Enqueuer  *tasks.Enqueuer
	Log       *slog.Logger
}

// InitializeScheduler builds the periodic task scheduler.
func InitializeScheduler(cfg config.Config) (*Scheduler, func(), error) {
	log := ProvideLogger()
	redis := ProvideRedisOpt(cfg)
	zone, err := time.LoadLocation("America/Los_Angeles")
	if err != nil {
		zone = time.UTC
	}
	s := asynq.NewScheduler(redis, &asynq.SchedulerOpts{Location: zone})
	aq, aqCleanup := ProvideAsynqClient(redis)
	return &Scheduler{Scheduler: s, Enqueuer: ProvideEnqueuer(aq), Log: log}, aqCleanup, nil
}
