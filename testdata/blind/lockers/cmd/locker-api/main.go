// Command locker-api serves the courier, recipient and partner gRPC APIs
// and the operations admin API.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/jackc/pgx/v5"
	"github.com/prometheus/client_golang/prometheus"
	"google.golang.org/grpc"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/keepalive"

	"github.com/quayside/lockers/internal/admin"
	"github.com/quayside/lockers/internal/billing"
	"github.com/quayside/lockers/internal/courier"
	"github.com/quayside/lockers/internal/decorators"
	"github.com/quayside/lockers/internal/fleet"
	"github.com/quayside/lockers/internal/grpcapi"
	"github.com/quayside/lockers/internal/hosts"
	"github.com/quayside/lockers/internal/notify"
	"github.com/quayside/lockers/internal/partner"
	appconfig "github.com/quayside/lockers/internal/platform/config"
	"github.com/quayside/lockers/internal/platform/observe"
	"github.com/quayside/lockers/internal/provider/carrier"
	"github.com/quayside/lockers/internal/provider/ledger"
	"github.com/quayside/lockers/internal/provider/lockeros"
	"github.com/quayside/lockers/internal/provider/payments"
	"github.com/quayside/lockers/internal/provider/sms"
	"github.com/quayside/lockers/internal/recipient"
	"github.com/quayside/lockers/internal/returns"
	"github.com/quayside/lockers/internal/store"
	"github.com/quayside/lockers/internal/webhooks"
	lockerv1 "github.com/quayside/lockers/proto/lockerv1"
)

func main() {
	log := observe.NewLogger("locker-api", slog.LevelInfo)
	if err := run(log); err != nil {
		log.Error("exit", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	cfg, err := appconfig.Load()
	if err != nil {
		return err
	}

	pool, err := store.Open(ctx, store.PoolConfig{DSN: cfg.DatabaseURL, MaxConns: 20, ApplicationName: "locker-api"})
	if err != nil {
		return err
	}
	defer pool.Close()
	if err := store.Migrate(ctx, pool, log); err != nil {
		return err
	}
	tx := store.NewTxRunner(pool, store.WithIsolation(pgx.ReadCommitted), store.WithSerializationRetries(2))
	repos := store.NewRepos(pool)

	awsCfg, err := config.LoadDefaultConfig(ctx, config.WithRegion(cfg.AWSRegion))
	if err != nil {
		return err
	}
	publisher := webhooks.NewSQSPublisher(sqs.NewFromConfig(awsCfg), cfg.WebhookQueueURL)

	metrics := observe.NewMetrics(prometheus.DefaultRegisterer, "lockers")

	// Providers.
	smsClient := sms.New(cfg.TextbirdURL, sms.WithAPIKey(cfg.TextbirdKey), sms.WithSenderID("Quayside"))
	notifier := notify.NewSMSNotifier(notify.SenderFunc(func(ctx context.Context, to, body string) (string, error) {
		return smsClient.Send(ctx, sms.Message{To: to, Body: body})
	}), "Quayside")
	tillpoint := payments.New(cfg.TillpointURL, payments.WithSecretKey(cfg.TillpointKey), payments.WithMerchantAccount(cfg.TillpointAcct))
	ledgerline := ledger.New(cfg.LedgerlineURL, ledger.WithAPIToken(cfg.LedgerlineTok))
	returnline := carrier.New(cfg.ReturnLineURL, carrier.WithAPIKey(cfg.ReturnLineKey))
	fleetAPI := lockeros.New(cfg.LockerOSURL, lockeros.WithFleetToken(cfg.LockerOSToken))

	// Services.
	courierSvc := decorators.Courier(
		courier.NewService(tx, repos, notifier, courier.Settings{
			ReservationTTL: cfg.ReservationTTL,
			PickupWindow:   cfg.PickupWindow,
		}), metrics, log)
	recipientSvc := decorators.Recipient(
		recipient.NewService(tx, repos, fleetAPI, decorators.Charger(tillpoint, metrics, log), notifier, recipient.Settings{
			ExtensionFeeCents: cfg.ExtensionFeeCents,
			MaxExtensionDays:  cfg.MaxExtensionDays,
		}), metrics, log)
	partnerSvc := decorators.Partner(partner.NewService(tx, repos, publisher, log), metrics, log)

	grpcServer := grpc.NewServer(
		grpc.ChainUnaryInterceptor(grpcapi.Recovery(log), grpcapi.Logging(log), grpcapi.Auth()),
		grpc.KeepaliveParams(keepalive.ServerParameters{MaxConnectionIdle: 5 * time.Minute}),
	)
	lockerv1.RegisterCourierServiceServer(grpcServer, grpcapi.NewCourierServer(courierSvc))
	lockerv1.RegisterRecipientServiceServer(grpcServer, grpcapi.NewRecipientServer(recipientSvc))
	lockerv1.RegisterPartnerServiceServer(grpcServer, grpcapi.NewPartnerServer(partnerSvc))
	hs := health.NewServer()
	healthpb.RegisterHealthServer(grpcServer, hs)

	adminHandler := admin.NewRouter(admin.Deps{
		Sites:    fleet.NewSiteService(tx),
		Hosts:    hosts.NewAdjustments(repos),
		Returns:  returns.NewForcer(tx, repos, returnline, log, returns.WithWarehouse(cfg.ReturnWarehouse)),
		Credits:  billing.NewCreditNotes(repos, ledgerline),
		Balances: billing.NewBalanceAdjustments(tx),
		Keys:     repos.Keys,
		Token:    cfg.AdminToken,
		Log:      log,
	})
	adminServer := &http.Server{
		Addr:              cfg.AdminAddr,
		Handler:           adminHandler,
		ReadHeaderTimeout: 5 * time.Second,
		WriteTimeout:      60 * time.Second,
	}

	lis, err := net.Listen("tcp", cfg.GRPCAddr)
	if err != nil {
		return err
	}
	errc := make(chan error, 2)
	go func() {
		log.Info("grpc listening", "addr", cfg.GRPCAddr)
		errc <- grpcServer.Serve(lis)
	}()
	go func() {
		log.Info("admin listening", "addr", cfg.AdminAddr)
		if err := adminServer.ListenAndServe(); !errors.Is(err, http.ErrServerClosed) {
			errc <- err
		}
	}()

	select {
	case <-ctx.Done():
	case err := <-errc:
		log.Error("server stopped", "err", err)
	}
	hs.Shutdown()
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_ = adminServer.Shutdown(shutdownCtx)
	grpcServer.GracefulStop()
	return nil
}
