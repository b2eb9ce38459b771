// Command api serves the customer app API, the back-office endpoints and the
// partner webhooks.
package main

import (
	"context"
	"errors"
	"net/http"
	"os"
	"time"

	"github.com/pantloop/deposit/internal/api"
	"github.com/pantloop/deposit/internal/bank"
	"github.com/pantloop/deposit/internal/bus"
	"github.com/pantloop/deposit/internal/config"
	"github.com/pantloop/deposit/internal/ewallet"
	"github.com/pantloop/deposit/internal/fieldservice"
	"github.com/pantloop/deposit/internal/payouts"
	"github.com/pantloop/deposit/internal/platform"
	"github.com/pantloop/deposit/internal/tickets"
	"github.com/pantloop/deposit/internal/wallet"
)

func main() {
	log := config.Logger("api")
	ctx, stop := platform.SignalContext()
	defer stop()

	common := config.LoadCommon()
	pool, err := platform.OpenPool(ctx, common.DatabaseURL, int32(config.Int("DB_MAX_CONNS", 20)))
	if err != nil {
		log.Error("database", "err", err)
		os.Exit(1)
	}
	defer pool.Close()

	nc, js, err := platform.ConnectJetStream(common.NatsURL, common.NatsCreds, "deposit-api", log)
	if err != nil {
		log.Error("nats", "err", err)
		os.Exit(1)
	}
	defer nc.Drain()
	pub := bus.NewPublisher(js)

	ew := ewallet.New(
		ewallet.WithBaseURL(config.String("EWALLET_URL", "https://api.walletpartner.example/v1")),
		ewallet.WithAPIKey(config.MustString("EWALLET_API_KEY")),
		ewallet.WithMerchant(config.MustString("EWALLET_MERCHANT_ID")),
		ewallet.WithTimeout(config.Duration("EWALLET_TIMEOUT", 15*time.Second)),
	)
	bk := bank.NewClient(bank.Config{
		BaseURL:      config.MustString("BANK_URL"),
		ClientID:     config.MustString("BANK_CLIENT_ID"),
		ClientSecret: config.MustString("BANK_CLIENT_SECRET"),
		DebtorIBAN:   config.MustString("BANK_DEBTOR_IBAN"),
		DebtorName:   config.String("BANK_DEBTOR_NAME", "Pantloop Deposit Scheme"),
	})
	desk := fieldservice.Instrumented(
		fieldservice.NewClient(config.MustString("FIELDSERVICE_URL"), config.MustString("FIELDSERVICE_TOKEN")),
		log,
	)

	wallets := wallet.NewService(pool, pub, log)
	payoutSvc := payouts.NewService(pool, pub, log, payouts.EwalletRail{Client: ew}, payouts.BankRail{Client: bk})
	ticketSvc := tickets.NewService(pool, desk, log)

	srv := &api.Server{
		Wallets:   wallets,
		Payouts:   payoutSvc,
		Tickets:   ticketSvc,
		Responses: api.PGResponseCache{Pool: pool},
		Tokens:    api.HMACTokens{Secret: []byte(config.MustString("CUSTOMER_TOKEN_SECRET"))},
		Log:       log,
		Cfg: api.Config{
			AdminToken:        config.MustString("ADMIN_TOKEN"),
			EwalletHookSecret: config.MustString("EWALLET_HOOK_SECRET"),
			BankHookSecret:    config.MustString("BANK_HOOK_SECRET"),
			FieldHookSecret:   config.MustString("FIELDSERVICE_HOOK_SECRET"),
			RequestTimeout:    config.Duration("REQUEST_TIMEOUT", 30*time.Second),
		},
	}

	httpSrv := &http.Server{
		Addr:              config.String("HTTP_ADDR", ":8080"),
		Handler:           srv.Router(),
		ReadHeaderTimeout: 5 * time.Second,
	}
	go func() {
		<-ctx.Done()
		shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		_ = httpSrv.Shutdown(shutdownCtx)
	}()

	log.Info("listening", "addr", httpSrv.Addr)
	if err := httpSrv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Error("http", "err", err)
		os.Exit(1)
	}
}
