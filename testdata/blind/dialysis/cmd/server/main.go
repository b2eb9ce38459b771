// Command server runs the dialysis operations back end: the staff REST API,
// the scheduling engine gRPC service, the asynq workers and scheduler, and
// the outbox relay.
package main

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"cloud.google.com/go/pubsub/v2"
	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	_ "github.com/jackc/pgx/v5/stdlib"
	"google.golang.org/grpc"

	"github.com/renalnet/dialysis-ops/internal/billing"
	"github.com/renalnet/dialysis-ops/internal/config"
	"github.com/renalnet/dialysis-ops/internal/grpcapi"
	"github.com/renalnet/dialysis-ops/internal/httpapi"
	"github.com/renalnet/dialysis-ops/internal/ids"
	"github.com/renalnet/dialysis-ops/internal/intake"
	"github.com/renalnet/dialysis-ops/internal/jobs"
	"github.com/renalnet/dialysis-ops/internal/outbox"
	"github.com/renalnet/dialysis-ops/internal/partners/clearinghouse"
	"github.com/renalnet/dialysis-ops/internal/partners/distributor"
	"github.com/renalnet/dialysis-ops/internal/partners/httpx"
	"github.com/renalnet/dialysis-ops/internal/partners/nemt"
	"github.com/renalnet/dialysis-ops/internal/pubsubx"
	"github.com/renalnet/dialysis-ops/internal/queue"
	"github.com/renalnet/dialysis-ops/internal/scheduling"
	"github.com/renalnet/dialysis-ops/internal/store"
	"github.com/renalnet/dialysis-ops/internal/supply"
	"github.com/renalnet/dialysis-ops/internal/transport"
	"github.com/renalnet/dialysis-ops/internal/treatment"
	"github.com/renalnet/dialysis-ops/internal/webhookreceipt"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
	if err := run(log); err != nil {
		log.Error("server exited", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	pool, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer pool.Close()
	st := store.New(pool)

	ps, err := newPubSub(ctx, cfg)
	if err != nil {
		return err
	}
	defer ps.Close()
	publisher := pubsubx.New(ps, cfg.ServiceName)
	defer publisher.Stop()

	redisOpt := asynq.RedisClientOpt{Addr: cfg.RedisAddr, Password: cfg.RedisPassword}
	asynqClient := asynq.NewClient(redisOpt)
	defer asynqClient.Close()
	enq := queue.NewEnqueuer(asynqClient)

	now := time.Now
	newID := ids.NewV7

	ch := newClearinghouse(cfg, log)
	dist := newDistributor(cfg, log)
	rides := newNEMT(cfg, log)

	intakeSvc := newIntake(st, ch, enq, newID, now, log)
	schedSvc := scheduling.NewService(st, enq, newID, now, log)
	treatSvc := treatment.NewService(st, enq, newID, now, log)
	supplySvc := newSupply(st, dist, enq, newID, now, log)
	billingSvc := newBilling(cfg, st, ch, enq, newID, now, log)
	transportSvc := newTransport(st, rides, enq, newID, now, log)
	relay := outbox.NewRelay(st, publisher, 200, log)

	router := httpapi.NewRouter(httpapi.Deps{
		Intake:             intakeSvc,
		Treatment:          treatSvc,
		Supply:             supplySvc,
		Billing:            billingSvc,
		Transport:          transportSvc,
		Tasks:              enq,
		ClearinghouseHooks: ch,
		DistributorHooks:   dist,
		NEMTHooks:          rides,
		IdempotencyQueries: st.Q(),
		Log:                log,
	})
	httpSrv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           router,
		ReadHeaderTimeout: 10 * time.Second,
	}

	grpcSrv := grpcapi.NewGRPCServer(grpcapi.NewServer(schedSvc, publisher, newID, now, log), log)

	worker := asynq.NewServer(redisOpt, asynq.Config{
		Concurrency: cfg.WorkerConcurrency,
		Queues: map[string]int{
			queue.QueueCritical: 6,
			queue.QueueDefault:  3,
			queue.QueueLow:      1,
		},
		Logger: nil,
	})
	mux := jobs.NewMux(&jobs.Handlers{
		Scheduling: schedSvc,
		Billing:    billingSvc,
		Supply:     supplySvc,
		Transport:  transportSvc,
		Intake:     intakeSvc,
		Outbox:     relay,
		Now:        now,
		Log:        log,
	})

	scheduler, err := newScheduler(redisOpt)
	if err != nil {
		return err
	}

	errc := make(chan error, 4)
	go func() { errc <- serveHTTP(httpSrv, log) }()
	go func() { errc <- serveGRPC(grpcSrv, cfg.GRPCAddr, log) }()
	go func() { errc <- worker.Run(mux) }()
	go func() { errc <- scheduler.Run() }()

	select {
	case <-ctx.Done():
		log.Info("shutting down")
	case err := <-errc:
		log.Error("component stopped", "err", err)
	}

	shutdownCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	_ = httpSrv.Shutdown(shutdownCtx)
	grpcSrv.GracefulStop()
	worker.Shutdown()
	scheduler.Shutdown()
	return nil
}

func openDB(ctx context.Context, cfg config.Config) (*sql.DB, error) {
	pool, err := sql.Open("pgx", cfg.DatabaseURL)
	if err != nil {
		return nil, fmt.Errorf("open database: %w", err)
	}
	pool.SetMaxOpenConns(25)
	pool.SetMaxIdleConns(10)
	pool.SetConnMaxLifetime(30 * time.Minute)
	pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := pool.PingContext(pingCtx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("ping database: %w", err)
	}
	return pool, nil
}

func newPubSub(ctx context.Context, cfg config.Config) (*pubsub.Client, error) {
	c, err := pubsub.NewClient(ctx, cfg.GCPProject)
	if err != nil {
		return nil, fmt.Errorf("pubsub client: %w", err)
	}
	return c, nil
}

func newClearinghouse(cfg config.Config, log *slog.Logger) *clearinghouse.Client {
	return clearinghouse.New(clearinghouse.Config{
		BaseURL:       cfg.ClearinghouseURL,
		APIKey:        cfg.ClearinghouseKey,
		SubmitterID:   cfg.ClearinghouseSubmitter,
		WebhookSecret: cfg.ClearinghouseSecret,
	}, httpx.NewClient(httpx.Options{Name: "clearinghouse", Timeout: 30 * time.Second, RetryMax: 3, Logger: log}))
}

func newDistributor(cfg config.Config, log *slog.Logger) *distributor.Client {
	return distributor.New(distributor.Config{
		BaseURL:       cfg.DistributorURL,
		AccountNumber: cfg.DistributorAccount,
		APIKey:        cfg.DistributorKey,
		WebhookSecret: cfg.DistributorSecret,
	}, httpx.NewClient(httpx.Options{Name: "distributor", Timeout: 20 * time.Second, RetryMax: 4, Logger: log}))
}

func newNEMT(cfg config.Config, log *slog.Logger) *nemt.Client {
	return nemt.New(nemt.Config{
		BaseURL:       cfg.NEMTURL,
		ClientID:      cfg.NEMTClientID,
		APIKey:        cfg.NEMTKey,
		WebhookSecret: cfg.NEMTSecret,
	}, httpx.NewClient(httpx.Options{Name: "nemt", Timeout: 15 * time.Second, RetryMax: 3, Logger: log}))
}

func newIntake(st *store.Store, ch *clearinghouse.Client, enq *queue.Enqueuer, newID func() uuid.UUID, now func() time.Time, log *slog.Logger) *intake.Service {
	return intake.NewService(intake.Deps{
		Store:    st,
		Elig:     ch,
		Recheck:  enq,
		NewID:    newID,
		NewTrace: ids.TraceNumber,
		Now:      now,
		Log:      log.With("component", "intake"),
	})
}

func newSupply(st *store.Store, dist *distributor.Client, enq *queue.Enqueuer, newID func() uuid.UUID, now func() time.Time, log *slog.Logger) *supply.Service {
	return supply.NewService(supply.Deps{
		Store:       st,
		Distributor: dist,
		Queue:       enq,
		NewID:       newID,
		NewPO:       ids.PONumber,
		Now:         now,
		Log:         log.With("component", "supply"),
	})
}

func newBilling(cfg config.Config, st *store.Store, ch *clearinghouse.Client, enq *queue.Enqueuer, newID func() uuid.UUID, now func() time.Time, log *slog.Logger) *billing.Service {
	return billing.NewService(billing.Deps{
		Store:         st,
		Clearinghouse: ch,
		Queue:         enq,
		Receipts:      webhookreceipt.New(st.Q(), now),
		Charges: billing.ChargeMaster{
			TreatmentCents: cfg.TreatmentChargeCents,
			ESACents:       cfg.EPOChargeCents,
		},
		NewID:  newID,
		NewPCN: ids.PatientControlNumber,
		Now:    now,
		Log:    log.With("component", "billing"),
	})
}

func newTransport(st *store.Store, rides *nemt.Client, enq *queue.Enqueuer, newID func() uuid.UUID, now func() time.Time, log *slog.Logger) *transport.Service {
	return transport.NewService(transport.Deps{
		Store:         st,
		Partner:       rides,
		Queue:         enq,
		NewID:         newID,
		NewRequestKey: ids.RequestKey,
		Now:           now,
		Log:           log.With("component", "transport"),
	})
}

func newScheduler(redisOpt asynq.RedisClientOpt) (*asynq.Scheduler, error) {
	loc, err := time.LoadLocation("America/Chicago")
	if err != nil {
		loc = time.UTC
	}
	s := asynq.NewScheduler(redisOpt, &asynq.SchedulerOpts{Location: loc})
	if err := jobs.RegisterPeriodic(s); err != nil {
		return nil, err
	}
	return s, nil
}

func serveHTTP(srv *http.Server, log *slog.Logger) error {
	log.Info("http listening", "addr", srv.Addr)
	if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

func serveGRPC(srv *grpc.Server, addr string, log *slog.Logger) error {
	lis, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	log.Info("grpc listening", "addr", addr)
	return srv.Serve(lis)
}
