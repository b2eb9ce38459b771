// Command coop runs the honey co-op back office: the HTTP API, the job
// worker and the monthly batch tasks.
package main

import (
	"context"
	"errors"
	"flag"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/amberfield-labs/honeycoop/internal/config"
	"github.com/amberfield-labs/honeycoop/internal/cron"
	"github.com/amberfield-labs/honeycoop/internal/httpapi"
	"github.com/amberfield-labs/honeycoop/internal/jobs"
	"github.com/amberfield-labs/honeycoop/internal/platform/keys"
	"github.com/amberfield-labs/honeycoop/internal/platform/period"
	"github.com/amberfield-labs/honeycoop/internal/provider/bankpartner"
	"github.com/amberfield-labs/honeycoop/internal/provider/einvoice"
	"github.com/amberfield-labs/honeycoop/internal/provider/mailer"
	"github.com/amberfield-labs/honeycoop/internal/provider/sms"
	"github.com/amberfield-labs/honeycoop/internal/service/grading"
	"github.com/amberfield-labs/honeycoop/internal/service/intake"
	"github.com/amberfield-labs/honeycoop/internal/service/invoicing"
	"github.com/amberfield-labs/honeycoop/internal/service/orders"
	"github.com/amberfield-labs/honeycoop/internal/service/payouts"
	"github.com/amberfield-labs/honeycoop/internal/service/rentals"
	"github.com/amberfield-labs/honeycoop/internal/service/statements"
	"github.com/amberfield-labs/honeycoop/internal/store"
)

func main() {
	runTask := flag.String("run-task", "", "run one batch task now and exit (payout-run, rental-billing, member-statements)")
	flag.Parse()

	log := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
	if err := run(log, *runTask); err != nil {
		log.Error("coop stopped", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger, runTask string) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	cfg, err := config.Load()
	if err != nil {
		return err
	}
	db, err := store.Open(store.Options{
		DSN:             cfg.DatabaseURL,
		MaxOpenConns:    20,
		MaxIdleConns:    5,
		ConnMaxLifetime: 30 * time.Minute,
	})
	if err != nil {
		return err
	}
	defer db.Close()
	if cfg.MigrateOnStart {
		if err := db.Migrate(ctx); err != nil {
			return err
		}
	}

	now := time.Now
	newID := keys.UUID

	// Repositories.
	lotRepo := store.NewLotRepo(db)
	ledgerRepo := store.NewLedgerRepo(db)
	eventLog := store.NewEventLog(db)
	jobQueue := store.NewJobQueue(db)
	payoutRepo := store.NewPayoutRepo(db)
	statementRepo := store.NewStatementRepo(db)
	directory := store.NewDirectory(db)
	idemRepo := store.NewIdempotencyRepo(db)
	orderRepo := store.NewOrderRepo(db)
	inventoryRepo := store.NewInventoryRepo(db)
	invoiceRepo := store.NewInvoiceRepo(db)
	rentalRepo := store.NewRentalRepo(db)

	// Partners.
	bank := bankpartner.New(bankpartner.Config{BaseURL: cfg.BankURL, APIKey: cfg.BankAPIKey, Timeout: 20 * time.Second})
	network := einvoice.New(einvoice.Config{BaseURL: cfg.EinvoiceURL, Token: cfg.EinvoiceToken, SenderID: cfg.EinvoiceSender})
	mail := mailer.New(mailer.Config{BaseURL: cfg.MailURL, APIKey: cfg.MailAPIKey, From: cfg.MailFrom})
	texts := sms.New(sms.Config{BaseURL: cfg.SMSURL, Account: cfg.SMSAccount, Token: cfg.SMSToken, SenderID: cfg.SMSSender})

	// Services.
	intakeSvc := intake.New(intake.Deps{Lots: lotRepo, NewID: newID, Now: now})

	gradingSvc := grading.WithLogging(grading.New(grading.Deps{
		Tx: db, Lots: lotRepo, Ledger: ledgerRepo, Events: eventLog, Queue: jobQueue, IDs: newID, Now: now,
	}), log)

	orderSvc := orders.New(orders.Deps{
		Tx: db, Orders: orderRepo, Inventory: inventoryRepo, Retailers: directory, Now: now,
	})

	invoiceSvc := invoicing.New(invoicing.Deps{
		Tx: db, Invoices: invoiceRepo, Orders: orderRepo, Retailers: directory, Network: network,
		NewID: newID, Now: now, Currency: cfg.Currency,
	})

	rentalSvc := rentals.New(rentals.Deps{
		Tx: db, Contracts: rentalRepo, Farms: directory, Queue: jobQueue,
		Bank: bank, SMS: texts, Mail: mail, NewID: newID, Now: now,
	}, rentals.Options{Currency: cfg.Currency, RemovalFeeCentsPerHive: cfg.RemovalFeeCents})

	payer := payouts.WithAttemptLog(bank, payoutRepo, log, newID, now)
	payoutSvc := payouts.WithLogging(payouts.New(
		payouts.Config{Currency: cfg.Currency, MaxAdvanceShare: cfg.AdvanceShare},
		payouts.Deps{
			Tx: db, Payouts: payoutRepo, Ledger: ledgerRepo, Members: directory, Webhooks: eventLog,
			Queue: jobQueue, Bank: payer, Mail: mail, NewID: newID, Now: now,
		}), log)

	statementSvc := statements.New(statements.Deps{
		Tx: db, Statements: statementRepo, Members: directory, Balances: ledgerRepo,
		Queue: jobQueue, Mail: mail, NewID: newID, Now: now,
	})

	// Batch tasks. Each works on the previous month and is written to be run
	// again until it succeeds.
	sched := cron.New(log, now)
	sched.Add(cron.Task{Name: "payout-run", Interval: cfg.CronInterval, Run: func(ctx context.Context, t time.Time) error {
		return payoutSvc.RunPeriod(ctx, period.Previous(t))
	}})
	sched.Add(cron.Task{Name: "rental-billing", Interval: cfg.CronInterval, Run: func(ctx context.Context, t time.Time) error {
		return rentalSvc.BillPeriod(ctx, period.Previous(t))
	}})
	sched.Add(cron.Task{Name: "member-statements", Interval: cfg.CronInterval, Run: func(ctx context.Context, t time.Time) error {
		return statementSvc.GenerateMonthly(ctx, period.Previous(t))
	}})
	if runTask != "" {
		return sched.RunOnce(ctx, runTask)
	}

	// Job worker.
	worker := jobs.NewWorker(jobQueue, jobs.Options{}, log, now)
	registerJobs(worker, gradingSvc, payoutSvc, statementSvc, rentalSvc)

	// HTTP.
	idem := httpapi.NewIdempotencyMiddleware(idemRepo, log, now)
	e := httpapi.NewServer(httpapi.Config{
		BankWebhookSecret: cfg.BankWebhookKey,
		EinvoiceToken:     cfg.EinvoiceHookKey,
		RequestTimeout:    25 * time.Second,
	}, httpapi.Services{
		Intake: intakeSvc, Orders: orderSvc, Invoicing: invoiceSvc, Rentals: rentalSvc, Payouts: payoutSvc,
	}, idem, newID, log)

	errc := make(chan error, 2)
	go func() {
		if err := e.Start(cfg.HTTPAddr); err != nil && !errors.Is(err, http.ErrServerClosed) {
			errc <- err
		}
	}()
	go func() { errc <- worker.Run(ctx) }()
	wg := sched.Start(ctx)

	select {
	case <-ctx.Done():
	case err = <-errc:
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if serr := e.Shutdown(shutdownCtx); serr != nil {
		log.Warn("http shutdown", "err", serr)
	}
	stop()
	wg.Wait()
	return err
}

func registerJobs(w *jobs.Worker, g grading.Service, p payouts.Service, st statements.Service, r rentals.Service) {
	w.Register(grading.JobAdvanceCredit, func(ctx context.Context, job *store.Job) error {
		pl, err := jobs.Payload[struct {
			LotID string `json:"lot_id"`
		}](job)
		if err != nil {
			return err
		}
		return g.CreditAdvance(ctx, job.ID, pl.LotID)
	})
	w.Register(payouts.JobDisburseAdvance, func(ctx context.Context, job *store.Job) error {
		pl, err := jobs.Payload[map[string]string](job)
		if err != nil {
			return err
		}
		return p.DisburseAdvance(ctx, pl["advance_id"])
	})
	w.Register(statements.JobSendStatement, func(ctx context.Context, job *store.Job) error {
		pl, err := jobs.Payload[map[string]string](job)
		if err != nil {
			return err
		}
		return st.Send(ctx, pl["statement_id"])
	})
	w.Register(rentals.JobInvoiceEmail, func(ctx context.Context, job *store.Job) error {
		pl, err := jobs.Payload[map[string]string](job)
		if err != nil {
			return err
		}
		return r.SendInvoiceEmail(ctx, pl["invoice_id"])
	})
}
