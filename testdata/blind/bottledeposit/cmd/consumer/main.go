// Command consumer runs the JetStream consumers: wallet credits, material
// tallies, vouchers, fault tickets, payouts, settlements and notifications.
package main

import (
	"os"
	"time"

	"github.com/pantloop/deposit/internal/bank"
	"github.com/pantloop/deposit/internal/bus"
	"github.com/pantloop/deposit/internal/config"
	"github.com/pantloop/deposit/internal/consumer"
	"github.com/pantloop/deposit/internal/events"
	"github.com/pantloop/deposit/internal/ewallet"
	"github.com/pantloop/deposit/internal/fieldservice"
	"github.com/pantloop/deposit/internal/materials"
	"github.com/pantloop/deposit/internal/notify"
	"github.com/pantloop/deposit/internal/payouts"
	"github.com/pantloop/deposit/internal/platform"
	"github.com/pantloop/deposit/internal/recycler"
	"github.com/pantloop/deposit/internal/settlement"
	"github.com/pantloop/deposit/internal/sms"
	"github.com/pantloop/deposit/internal/tickets"
	"github.com/pantloop/deposit/internal/vouchers"
	"github.com/pantloop/deposit/internal/wallet"
)

func main() {
	log := config.Logger("consumer")
	ctx, stop := platform.SignalContext()
	defer stop()

	common := config.LoadCommon()
	pool, err := platform.OpenPool(ctx, common.DatabaseURL, int32(config.Int("DB_MAX_CONNS", 30)))
	if err != nil {
		log.Error("database", "err", err)
		os.Exit(1)
	}
	defer pool.Close()

	nc, js, err := platform.ConnectJetStream(common.NatsURL, common.NatsCreds, "deposit-consumer", log)
	if err != nil {
		log.Error("nats", "err", err)
		os.Exit(1)
	}
	defer nc.Drain()
	if err := bus.EnsureStream(ctx, js, events.StreamName, events.StreamSubjects); err != nil {
		log.Error("stream", "err", err)
		os.Exit(1)
	}
	pub := bus.NewPublisher(js)

	ew := ewallet.New(
		ewallet.WithBaseURL(config.String("EWALLET_URL", "https://api.walletpartner.example/v1")),
		ewallet.WithAPIKey(config.MustString("EWALLET_API_KEY")),
		ewallet.WithMerchant(config.MustString("EWALLET_MERCHANT_ID")),
		ewallet.WithRetries(config.Int("EWALLET_RETRIES", 2)),
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
	portal := recycler.NewClient(config.MustString("RECYCLER_URL"), config.MustString("RECYCLER_API_KEY"))

	loc, err := time.LoadLocation(config.String("SMS_QUIET_TZ", "Europe/Berlin"))
	if err != nil {
		loc = time.UTC
	}
	texts := sms.Quiet{
		Next: sms.NewClient(
			config.MustString("SMS_URL"),
			config.MustString("SMS_USER"),
			config.MustString("SMS_PASSWORD"),
			config.String("SMS_FROM", "Pantloop"),
		),
		Loc:   loc,
		Start: 22,
		End:   7,
	}

	h := &consumer.Handlers{
		Wallets:    wallet.NewService(pool, pub, log),
		Vouchers:   vouchers.NewService(pool, log),
		Materials:  materials.NewService(pool, portal, log),
		Tickets:    tickets.NewService(pool, desk, log),
		Payouts:    payouts.NewService(pool, pub, log, payouts.EwalletRail{Client: ew}, payouts.BankRail{Client: bk}),
		Settlement: settlement.NewService(pool, pub, bk, log),
		Notifier:   notify.NewNotifier(pool, texts, log),
		Dedupe:     wallet.MessageLog{Pool: pool},
		Log:        log,
	}

	router := bus.NewRouter(js, events.StreamName, log)
	router.Use(
		bus.Recover(log),
		bus.Logging(log),
		bus.Acker(time.Second, 5*time.Minute),
		bus.Timeout(config.Duration("HANDLER_TIMEOUT", 90*time.Second)),
	)
	router.Add(h.Routes()...)

	if err := router.Run(ctx); err != nil {
		log.Error("consumer", "err", err)
		os.Exit(1)
	}
	log.Info("stopped")
}
