// Package app wires the marketplace together. Each binary builds a Registry
// and takes what it needs from it.
package app

import (
	"fmt"
	"log/slog"
	"os"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"github.com/polyglotdesk/marketplace/internal/config"
	"github.com/polyglotdesk/marketplace/internal/platform"
	"github.com/polyglotdesk/marketplace/internal/providers/courier"
	"github.com/polyglotdesk/marketplace/internal/providers/escrowpay"
	"github.com/polyglotdesk/marketplace/internal/providers/mailer"
	"github.com/polyglotdesk/marketplace/internal/providers/mt"
	"github.com/polyglotdesk/marketplace/internal/providers/objectstore"
	"github.com/polyglotdesk/marketplace/internal/providers/payouts"
	"github.com/polyglotdesk/marketplace/internal/providers/scanner"
	"github.com/polyglotdesk/marketplace/internal/providers/sms"
	"github.com/polyglotdesk/marketplace/internal/service"
	"github.com/polyglotdesk/marketplace/internal/store"
	"github.com/polyglotdesk/marketplace/internal/tasks"
)

// Providers holds the outbound clients.
type Providers struct {
	Escrow  escrowpay.Client
	Payouts payouts.Client
	MT      mt.Translator
	Scanner scanner.Client
	Mail    mailer.Sender
	SMS     sms.Sender
	Courier courier.Client
	Files   objectstore.Store
}

// Services holds the use cases.
type Services struct {
	Jobs         service.JobService
	Quotes       service.QuoteService
	Escrow       service.EscrowService
	Deliverables service.DeliverableService
	Payouts      service.PayoutService
	PayoutEvents service.PayoutEvents
	Invoices     service.InvoiceService
	Settlement   service.SettlementService
	Engagement   service.EngagementService
	Prepass      service.Prepass
	Emails       *service.EmailDeliverer
}

// Registry is everything a binary may need.
type Registry struct {
	Config    config.Config
	Log       *slog.Logger
	DB        *gorm.DB
	Redis     asynq.RedisClientOpt
	Queue     *tasks.Queue
	Keys      *platform.KeyStore
	Providers Providers
	Services  Services

	asynqClient *asynq.Client
}

// Build opens connections and wires the services.
func Build(cfg config.Config) (*Registry, error) {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	db, err := platform.OpenDB(cfg.DatabaseURL, 20)
	if err != nil {
		return nil, err
	}
	redis := asynq.RedisClientOpt{Addr: cfg.RedisAddr, DB: cfg.RedisDB}
	ac := asynq.NewClient(redis)
	q := tasks.NewQueue(ac)

	hc := func(retries int) platform.ClientOptions {
		return platform.ClientOptions{Timeout: cfg.ProviderTimeout, RetryMax: retries, Logger: log}
	}
	p := Providers{
		Escrow:  escrowpay.New(cfg.EscrowPayURL, cfg.EscrowPayKey, platform.NewProviderClient(hc(3))),
		Payouts: payouts.New(cfg.PayoutsURL, cfg.PayoutsKey, platform.NewProviderClient(hc(3))),
		MT:      mt.New(cfg.MTURL, cfg.MTKey, platform.NewProviderClient(hc(4))),
		Scanner: scanner.New(cfg.ScannerURL, cfg.ScannerKey, platform.NewProviderClient(hc(3))),
		Mail: mailer.Logged(
			mailer.NewRelay(cfg.MailerURL, cfg.MailerKey, "PolyglotDesk <no-reply@polyglotdesk.example>", platform.NewProviderClient(hc(3))),
			log),
		SMS:     sms.NewTextPing(cfg.SMSURL, cfg.SMSKey, "PolyglotDsk", platform.NewProviderClient(hc(1))),
		Courier: courier.New(cfg.CourierURL, cfg.CourierKey, platform.NewProviderClient(hc(2))),
		Files:   objectstore.New(cfg.ObjectStoreURL, cfg.PublicFilesBase, cfg.ObjectStoreKey, platform.NewProviderClient(hc(3))),
	}

	jobs := store.NewJobs(db)
	quotes := store.NewQuotes(db)
	messages := store.NewMessages(db)
	payments := store.NewPayments(db)
	balances := store.NewBalances(db)
	payoutStore := store.NewPayouts(db)
	deliverables := store.NewDeliverables(db)
	invoices := store.NewInvoices(db)
	events := store.NewEvents(db)
	accounts := store.NewAccounts(db)
	segments := store.NewSegments(db)
	notify := service.NewNotifications(q)

	payoutSvc := service.NewPayoutService(db, payoutStore, balances, accounts, events, p.Payouts, p.SMS, q)
	office := courier.Address{
		Name: "PolyglotDesk Certified Desk", Line1: "Keizersgracht 221", City: "Amsterdam",
		Postal: "1016 DV", Country: "NL", Phone: "+31205550100",
	}
	s := Services{
		Jobs:   service.NewJobService(db, jobs, q),
		Quotes: service.NewQuoteService(db, jobs, quotes, payments, accounts, p.Escrow, notify),
		Escrow: service.NewEscrowService(db, jobs, payments, deliverables, accounts, p.Escrow, q),
		Deliverables: service.NewDeliverableService(db, jobs, deliverables, accounts, events, p.Files, p.Scanner, q, notify,
			"https://api.polyglotdesk.example/webhooks/scanguard", "security@polyglotdesk.example"),
		Payouts:      payoutSvc,
		PayoutEvents: payoutSvc,
		Invoices: service.NewInvoiceService(db, jobs, invoices, payments, accounts, p.Files, p.Mail, notify,
			service.TextRenderer{Seller: "PolyglotDesk B.V., Keizersgracht 221, Amsterdam"}),
		Settlement: service.NewSettlementService(db, jobs, payments, balances, accounts, notify, cfg.PlatformFeeBps, log),
		Engagement: service.NewEngagementService(db, jobs, quotes, messages, accounts, p.Courier, notify,
			"support@polyglotdesk.example", office),
		Prepass: service.NewPrepass(jobs, segments, p.Files, p.MT),
		Emails:  service.NewEmailDeliverer(p.Mail, p.Files),
	}

	return &Registry{
		Config: cfg, Log: log, DB: db, Redis: redis, Queue: q,
		Keys: platform.NewKeyStore(db), Providers: p, Services: s,
		asynqClient: ac,
	}, nil
}

// Close releases connections.
func (r *Registry) Close() error {
	var first error
	if err := r.asynqClient.Close(); err != nil {
		first = err
	}
	if sqlDB, err := r.DB.DB(); err == nil {
		if err := sqlDB.Close(); err != nil && first == nil {
			first = err
		}
	}
	if first != nil {
		return fmt.Errorf("close registry: %w", first)
	}
	return nil
}
