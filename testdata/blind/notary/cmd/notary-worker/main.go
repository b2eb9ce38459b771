// Command notary-worker runs the JetStream consumers, the outbox relay and
// the Temporal worker for county recording.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/jmoiron/sqlx"
	_ "github.com/lib/pq"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"
	"go.uber.org/dig"

	"github.com/sealpoint-labs/notary/internal/config"
	"github.com/sealpoint-labs/notary/internal/consumers"
	"github.com/sealpoint-labs/notary/internal/dbx"
	"github.com/sealpoint-labs/notary/internal/events"
	"github.com/sealpoint-labs/notary/internal/fees"
	"github.com/sealpoint-labs/notary/internal/journal"
	"github.com/sealpoint-labs/notary/internal/logging"
	"github.com/sealpoint-labs/notary/internal/notify"
	"github.com/sealpoint-labs/notary/internal/payments"
	"github.com/sealpoint-labs/notary/internal/payouts"
	"github.com/sealpoint-labs/notary/internal/recorder"
	"github.com/sealpoint-labs/notary/internal/recording"
	"github.com/sealpoint-labs/notary/internal/reminders"
	"github.com/sealpoint-labs/notary/internal/sealing"
	"github.com/sealpoint-labs/notary/internal/session"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	if err := run(log); err != nil {
		log.Error("notary-worker exited", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	c := dig.New()
	providers := []any{
		func() *slog.Logger { return log },
		config.Load,
		openDB,
		dbx.NewTxRunner,
		events.NewOutbox,
		events.NewProcessedLog,
		connectJetStream,
		dialTemporal,

		session.NewRepository,
		sealing.NewRepository,
		journal.NewRepository,
		recording.NewRepository,
		recording.NewPartiesRepo,
		fees.NewRepository,
		reminders.NewRepository,
		payouts.NewLedger,

		func(cfg config.Config) *notify.Mailer {
			return notify.NewMailer(cfg.Email.BaseURL, cfg.Email.APIKey, "SealPoint <no-reply@sealpoint.example>")
		},
		func(cfg config.Config) *notify.SMSSender {
			return notify.NewSMSSender(cfg.SMS.BaseURL, cfg.SMS.APIKey, "+18885550142")
		},
		func(cfg config.Config) *payments.Client {
			return payments.NewClient(payments.Config{BaseURL: cfg.Payments.BaseURL, APIKey: cfg.Payments.APIKey})
		},
		func(cfg config.Config) *recorder.Client {
			return recorder.NewClient(cfg.Recorder.BaseURL, cfg.Recorder.APIKey)
		},

		func(repo fees.Repository, sessions session.Repository, p *payments.Client, ob *events.Outbox, log *slog.Logger) fees.Service {
			return logging.Fees(fees.NewService(repo, sessions, p, ob, nil), log)
		},
		func(repo session.Repository, tx dbx.TxRunner, ob *events.Outbox, refunds fees.Service, sms *notify.SMSSender, log *slog.Logger) session.Service {
			return logging.Sessions(session.NewService(repo, tx, ob, refunds, sms), log)
		},
		func(repo journal.Repository, sessions session.Repository, tx dbx.TxRunner, log *slog.Logger) journal.Service {
			// The worker only appends platform entries; key claims are an API concern.
			return logging.Journal(journal.NewService(repo, sessions, nil, tx), log)
		},

		newConsumerSet,
		newActivities,
	}
	for _, p := range providers {
		if err := c.Provide(p); err != nil {
			return err
		}
	}
	return c.Invoke(start)
}

type startParams struct {
	dig.In

	Config     config.Config
	Log        *slog.Logger
	DB         *sqlx.DB
	Tx         dbx.TxRunner
	JS         jetstream.JetStream
	Temporal   client.Client
	Consumers  consumers.Set
	Activities *recording.Activities
}

func start(p startParams) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	defer p.DB.Close()
	defer p.Temporal.Close()

	runner := events.NewRunner(p.JS, p.Config.StreamName, p.Log)
	started, err := runner.Start(ctx, p.Consumers.Routes())
	defer func() {
		for _, cc := range started {
			cc.Stop()
		}
	}()
	if err != nil {
		return err
	}

	relay := events.NewRelay(p.DB, p.Tx, p.JS, p.Log.With("component", "outbox-relay"))
	go relay.Run(ctx, p.Config.RelayInterval)

	w := worker.New(p.Temporal, recording.TaskQueue, worker.Options{
		MaxConcurrentActivityExecutionSize: 20,
	})
	w.RegisterWorkflowWithOptions(recording.RecordDocumentWorkflow, workflow.RegisterOptions{Name: recording.WorkflowName})
	w.RegisterActivity(p.Activities)
	if err := w.Start(); err != nil {
		return fmt.Errorf("temporal worker: %w", err)
	}
	defer w.Stop()

	<-ctx.Done()
	p.Log.Info("shutting down")
	return nil
}

func newConsumerSet(
	cfg config.Config,
	tx dbx.TxRunner,
	processed *events.ProcessedLog,
	sessions session.Repository,
	sessionSvc session.Service,
	journalSvc journal.Service,
	rem *reminders.Repository,
	mail *notify.Mailer,
	ledger *payouts.Ledger,
) consumers.Set {
	return consumers.Set{
		SessionBooked:    &consumers.SessionBooked{Reminders: rem, Signers: sessions, Mail: mail, Now: time.Now},
		DocumentSealed:   &consumers.DocumentSealed{Journal: journalSvc, Sessions: sessions},
		IdentityVerified: &consumers.IdentityVerified{Tx: tx, Processed: processed, Sessions: sessionSvc},
		FeeCaptured: &consumers.FeeCaptured{
			Tx:         tx,
			Processed:  processed,
			Earnings:   ledger,
			Sessions:   sessions,
			ShareBasis: int64(cfg.NotaryShareBasisPoints),
		},
	}
}

func newActivities(
	cfg config.Config,
	repo recording.Repository,
	docs sealing.Repository,
	parties *recording.PartiesRepo,
	rc *recorder.Client,
	tx dbx.TxRunner,
	js jetstream.JetStream,
) *recording.Activities {
	host, _ := os.Hostname()
	return &recording.Activities{
		Repo:          repo,
		Docs:          docs,
		Parties:       parties,
		Recorder:      rc,
		Tx:            tx,
		JS:            js,
		EscrowAccount: cfg.RecordingEscrowAccount,
		WorkerID:      fmt.Sprintf("%s/%d", host, os.Getpid()),
	}
}

func openDB(cfg config.Config) (*sqlx.DB, error) {
	db, err := sqlx.Connect("postgres", cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(20)
	return db, nil
}

func connectJetStream(cfg config.Config, log *slog.Logger) (jetstream.JetStream, error) {
	nc, err := nats.Connect(cfg.NATSURL,
		nats.Name("notary-worker"),
		nats.MaxReconnects(-1),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) { log.Warn("nats disconnected", "err", err) }),
	)
	if err != nil {
		return nil, err
	}
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, err = js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:       cfg.StreamName,
		Subjects:   []string{"notary.>"},
		Storage:    jetstream.FileStorage,
		Duplicates: 2 * time.Hour,
		MaxAge:     14 * 24 * time.Hour,
	})
	return js, err
}

func dialTemporal(cfg config.Config, log *slog.Logger) (client.Client, error) {
	return client.Dial(client.Options{HostPort: cfg.TemporalHostPort, Namespace: cfg.TemporalNamespace, Logger: log})
}
