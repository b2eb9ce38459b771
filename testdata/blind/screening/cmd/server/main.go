// Command server runs the TenantLens screening API, the partner gRPC
// service, the bureau callback consumer and the background jobs in one
// process. Dependencies are constructed and wired by hand below.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"google.golang.org/grpc"

	"github.com/tenantlens/screening/internal/consumer"
	"github.com/tenantlens/screening/internal/grpcapi"
	"github.com/tenantlens/screening/internal/grpcapi/portalpb"
	"github.com/tenantlens/screening/internal/httpapi"
	"github.com/tenantlens/screening/internal/jobs"
	"github.com/tenantlens/screening/internal/notify"
	"github.com/tenantlens/screening/internal/platform/config"
	"github.com/tenantlens/screening/internal/platform/ids"
	"github.com/tenantlens/screening/internal/providers/bureau"
	"github.com/tenantlens/screening/internal/providers/idverify"
	"github.com/tenantlens/screening/internal/providers/landlordhook"
	"github.com/tenantlens/screening/internal/providers/payments"
	"github.com/tenantlens/screening/internal/providers/printmail"
	"github.com/tenantlens/screening/internal/services/applications"
	"github.com/tenantlens/screening/internal/services/billing"
	"github.com/tenantlens/screening/internal/services/fees"
	"github.com/tenantlens/screening/internal/services/identity"
	"github.com/tenantlens/screening/internal/services/letters"
	"github.com/tenantlens/screening/internal/services/reports"
	"github.com/tenantlens/screening/internal/services/webhooks"
	"github.com/tenantlens/screening/internal/store"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
	slog.SetDefault(log)
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
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	// ---- infrastructure ----
	db, err := store.Open(ctx, cfg.DatabaseURL, cfg.MaxOpenConns)
	if err != nil {
		return err
	}
	defer db.Close()
	if cfg.RunMigrations {
		if err := store.Migrate(ctx, db); err != nil {
			return err
		}
	}
	idGen := ids.NewGenerator()
	newID := idGen.New
	st := store.New(db, newID)

	awsCfg, err := awsconfig.LoadDefaultConfig(ctx, awsconfig.WithRegion(cfg.AWSRegion))
	if err != nil {
		return err
	}
	sqsClient := sqs.NewFromConfig(awsCfg)

	// ---- provider clients ----
	httpClient := &http.Client{Timeout: 30 * time.Second}
	bureauClient := bureau.NewClient(cfg.BureauBaseURL, cfg.BureauAPIKey, httpClient)
	idvClient := idverify.NewClient(cfg.IDVerifyBaseURL, cfg.IDVerifyAPIKey, httpClient)
	mailClient := printmail.NewClient(cfg.PrintMailURL, cfg.PrintMailAPIKey, httpClient)
	stripeClient := payments.New(cfg.StripeSecretKey, cfg.StripeWebhookSecret, nil)
	hookSender := landlordhook.NewSender(&http.Client{Timeout: 10 * time.Second}, newID)
	opsPublisher := notify.NewPublisher(sqsClient, cfg.OpsNotificationsQueue, newID)

	// ---- services ----
	hooksSvc := webhooks.NewService(st, hookSender, newID)
	appsSvc := applications.NewService(st, newID)
	identitySvc := identity.NewService(st, idvClient, hooksSvc, newID, cfg.AppBaseURL)
	reportsSvc := reports.NewService(st, bureauClient, hooksSvc, opsPublisher, newID, cfg.BureauTopic)
	feesSvc := fees.NewService(st, stripeClient, newID, cfg.ApplicationFeeCents)
	lettersSvc := letters.NewService(st, mailClient, hooksSvc, newID, printmail.Address{
		Name:  cfg.ReturnAddress.Name,
		Line1: cfg.ReturnAddress.Line1,
		Line2: cfg.ReturnAddress.Line2,
		City:  cfg.ReturnAddress.City,
		State: cfg.ReturnAddress.State,
		Zip:   cfg.ReturnAddress.Zip,
	})
	billingSvc := billing.NewService(st, stripeClient, newID)

	// ---- entry points ----
	api := httpapi.NewServer(httpapi.Deps{
		Log:             log,
		NewID:           newID,
		Managers:        st,
		Applications:    appsSvc,
		Identity:        identitySvc,
		Reports:         reportsSvc,
		Fees:            feesSvc,
		Letters:         lettersSvc,
		Subscriptions:   hooksSvc,
		Billing:         billingSvc,
		Stripe:          stripeClient,
		Ledger:          st,
		Health:          st.Ping,
		IDVerifySecret:  cfg.IDVerifySecret,
		PrintMailSecret: cfg.PrintMailSecret,
		InternalToken:   cfg.InternalToken,
	})
	httpSrv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           api.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
	}

	grpcSrv := grpc.NewServer(
		grpc.ForceServerCodec(portalpb.JSONCodec{}),
		grpc.ChainUnaryInterceptor(
			grpcapi.LoggingInterceptor(log),
			grpcapi.AuthInterceptor(st),
		),
	)
	portalpb.RegisterPartnerPortalServer(grpcSrv, grpcapi.NewServer(appsSvc, lettersSvc, reportsSvc, st))

	callbacks := consumer.New(sqsClient, cfg.BureauCallbackQueue, reportsSvc, log.With("component", "bureau-consumer"))

	runner := jobs.NewRunner(log.With("component", "jobs"), jobs.Table(jobs.Workers{
		SubmitOrders:    reportsSvc.SubmitDue,
		DispatchHooks:   hooksSvc.DispatchDue,
		MailLetters:     lettersSvc.MailQueued,
		PublishInvoices: billingSvc.PublishDrafts,
		ExpireConsents:  appsSvc.ExpireConsents,
	}, cfg.WorkerInterval)...)

	// ---- run ----
	var wg sync.WaitGroup
	errc := make(chan error, 4)

	wg.Add(1)
	go func() {
		defer wg.Done()
		log.Info("http listening", "addr", cfg.HTTPAddr)
		if err := httpSrv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			errc <- err
		}
	}()

	lis, err := net.Listen("tcp", cfg.GRPCAddr)
	if err != nil {
		return err
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		log.Info("grpc listening", "addr", cfg.GRPCAddr)
		if err := grpcSrv.Serve(lis); err != nil {
			errc <- err
		}
	}()

	wg.Add(1)
	go func() {
		defer wg.Done()
		if err := callbacks.Run(ctx); err != nil {
			errc <- err
		}
	}()

	wg.Add(1)
	go func() {
		defer wg.Done()
		runner.Run(ctx)
	}()

	select {
	case <-ctx.Done():
	case err = <-errc:
		log.Error("component failed", "err", err)
		stop()
	}

	shutdownCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	_ = httpSrv.Shutdown(shutdownCtx)
	grpcSrv.GracefulStop()
	wg.Wait()
	return err
}
