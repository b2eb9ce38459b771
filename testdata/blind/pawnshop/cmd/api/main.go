// Command api serves the counter and back-office HTTP API.
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

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"

	"github.com/ironvault/pawnline/internal/config"
	"github.com/ironvault/pawnline/internal/domain"
	"github.com/ironvault/pawnline/internal/httpapi"
	"github.com/ironvault/pawnline/internal/jobargs"
	"github.com/ironvault/pawnline/internal/jobs"
	"github.com/ironvault/pawnline/internal/postgres"
	"github.com/ironvault/pawnline/internal/providers/stripepay"
	"github.com/ironvault/pawnline/internal/service"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	slog.SetDefault(log)
	if err := run(log); err != nil {
		log.Error("api exited", "err", err)
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

	db, err := postgres.Open(ctx, cfg.DatabaseURL, postgres.Options{MaxOpenConns: cfg.MaxOpenConns, ConnMaxLifetime: 30 * time.Minute})
	if err != nil {
		return err
	}
	defer db.Close()

	// Insert-only client: the API never works jobs.
	riverClient, err := river.NewClient(riverdatabasesql.New(db.DB), &river.Config{Logger: log})
	if err != nil {
		return err
	}
	queue := jobs.NewQueue(riverClient)

	var (
		now        = service.Clock(time.Now)
		tx         = postgres.NewTransactor(db)
		customers  = postgres.NewCustomerRepo(db)
		loans      = postgres.NewLoanRepo(db)
		items      = postgres.NewItemRepo(db)
		payments   = postgres.NewPaymentRepo(db)
		idem       = postgres.NewIdempotencyRepo(db)
		gateway    = stripepay.New(cfg.StripeSecretKey)
		policy     = service.DefaultLoanPolicy
		loanSvc    = service.NewLoanService(tx, loans, items, customers, queue, policy, now)
		redeemSvc  = service.NewRedemptionService(tx, loans, items, payments, gateway, now)
		renewSvc   = service.NewRenewalService(tx, loans, payments, gateway, now)
		cashSvc    = service.NewCashPaymentService(tx, loans, payments, idem, now)
		customerSv = service.NewCustomerService(tx, customers, now)
	)

	loanSvc.Hooks.AfterCreate = func(ctx context.Context, loan domain.LoanWithItems) error {
		return queue.Enqueue(ctx, jobargs.PoliceReport{LoanID: loan.ID}, nil)
	}
	redeemSvc.OnRedeemed = func(ctx context.Context, r domain.Redemption) error {
		return queue.Enqueue(ctx, jobargs.RedemptionReceipt{RedemptionID: r.ID}, nil)
	}

	handler := httpapi.NewRouter(httpapi.API{
		Customers:   customerSv,
		Loans:       loanSvc,
		Renewals:    renewSvc,
		Redemptions: redeemSvc,
		Cash:        cashSvc,
		Idempotency: idem,
		Log:         log,
	})
	return serve(ctx, log, cfg.HTTPAddr, handler, cfg.ShutdownTimeout)
}

func serve(ctx context.Context, log *slog.Logger, addr string, h http.Handler, grace time.Duration) error {
	srv := &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		WriteTimeout:      45 * time.Second,
	}
	errc := make(chan error, 1)
	go func() {
		log.Info("listening", "addr", addr)
		errc <- srv.ListenAndServe()
	}()
	select {
	case err := <-errc:
		if errors.Is(err, http.ErrServerClosed) {
			return nil
		}
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	return srv.Shutdown(shutdownCtx)
}
