// Package app wires the binaries together. The provider functions follow
// google/wire conventions (one constructor per type, cleanup funcs
// returned alongside resources) but the injectors in injectors.go are
// written by hand.
package app

import (
	"context"
	"log/slog"
	"net/http"
	"os"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/hibiken/asynq"
	"github.com/stripe/stripe-go/v82"
	"gorm.io/gorm"

	"github.com/harborlight-symphony/encore/internal/boxoffice"
	"github.com/harborlight-symphony/encore/internal/clients/mailer"
	"github.com/harborlight-symphony/encore/internal/clients/mailhouse"
	"github.com/harborlight-symphony/encore/internal/clients/matchpoint"
	"github.com/harborlight-symphony/encore/internal/clients/payoutbank"
	"github.com/harborlight-symphony/encore/internal/clients/sms"
	"github.com/harborlight-symphony/encore/internal/config"
	"github.com/harborlight-symphony/encore/internal/development"
	"github.com/harborlight-symphony/encore/internal/httpapi"
	"github.com/harborlight-symphony/encore/internal/notify"
	"github.com/harborlight-symphony/encore/internal/payments/stripepay"
	"github.com/harborlight-symphony/encore/internal/payroll"
	"github.com/harborlight-symphony/encore/internal/platform/httpx"
	"github.com/harborlight-symphony/encore/internal/store"
	"github.com/harborlight-symphony/encore/internal/subscription"
	"github.com/harborlight-symphony/encore/internal/tasks"
)

func ProvideLogger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

func ProvideDB(cfg config.Config) (*gorm.DB, func(), error) {
	db, err := store.Open(cfg.DatabaseURL)
	if err != nil {
		return nil, nil, err
	}
	cleanup := func() {
		if sqlDB, err := db.DB(); err == nil {
			_ = sqlDB.Close()
		}
	}
	return db, cleanup, nil
}

func ProvideHTTPClient(cfg config.Config) *http.Client {
	return httpx.NewClient(cfg.ProviderTimeout)
}

func ProvideStripeClient(cfg config.Config) *stripe.Client {
	return stripe.NewClient(cfg.StripeSecretKey)
}

func ProvideGateway(sc *stripe.Client, cfg config.Config) *stripepay.Gateway {
	return stripepay.NewGateway(sc, cfg.Currency)
}

func ProvideMailer(cfg config.Config, hc *http.Client) *mailer.Client {
	return mailer.New(cfg.MailerBaseURL, cfg.MailerAPIKey, cfg.MailFrom, hc)
}

func ProvideNotifier(m *mailer.Client, cfg config.Config) *notify.Notifier {
	return notify.New(m, cfg.MailDomain)
}

func ProvideSMS(cfg config.Config, hc *http.Client) *sms.Client {
	return sms.New(cfg.SMSBaseURL, cfg.SMSAccountSID, cfg.SMSAuthToken, cfg.SMSFrom, hc)
}

func ProvideMailHouse(cfg config.Config, hc *http.Client) *mailhouse.Client {
	return mailhouse.New(cfg.MailHouseBaseURL, cfg.MailHouseAPIKey, hc)
}

func ProvideMatchPoint(cfg config.Config, hc *http.Client) *matchpoint.Client {
	return matchpoint.New(cfg.MatchPointBaseURL, cfg.MatchPointAPIKey, hc)
}

func ProvidePayoutBank(cfg config.Config, hc *http.Client) *payoutbank.Client {
	return payoutbank.New(cfg.PayoutBankBaseURL, cfg.PayoutBankAPIKey, hc)
}

func ProvideRedisOpt(cfg config.Config) asynq.RedisClientOpt {
	return asynq.RedisClientOpt{Addr: cfg.RedisAddr}
}

func ProvideAsynqClient(opt asynq.RedisClientOpt) (*asynq.Client, func()) {
	c := asynq.NewClient(opt)
	return c, func() { _ = c.Close() }
}

func ProvideEnqueuer(c *asynq.Client) *tasks.Enqueuer {
	return tasks.NewEnqueuer(c)
}

func ProvideSubscriptionService(repo *store.Subscriptions, enq *tasks.Enqueuer, printer *mailhouse.Client) *subscription.Service {
	return subscription.NewService(repo, enq, printer)
}

func ProvideBoxOffice(orders *store.Orders, credits *store.Credits, subs *store.Subscriptions,
	gw *stripepay.Gateway, n *notify.Notifier, cfg config.Config, log *slog.Logger) *boxoffice.Service {
	return boxoffice.NewService(boxoffice.Deps{
		Orders:    orders,
		Credits:   credits,
		Patrons:   subs,
		Payments:  gw,
		Confirmer: n,
		CreditTTL: cfg.ExchangeCreditTTL,
		Logger:    log,
	})
}

func ProvideDevelopment(pledges *store.Pledges, claims *store.Claims, sc *stripe.Client,
	mp *matchpoint.Client, cfg config.Config, log *slog.Logger) *development.Service {
	return &development.Service{
		Pledges:  pledges,
		Claims:   claims,
		Intents:  sc.V1PaymentIntents,
		Matching: mp,
		Currency: cfg.Currency,
		Log:      log,
	}
}

func ProvidePayroll(repo *store.Payroll, bank *payoutbank.Client, log *slog.Logger) *payroll.Service {
	return payroll.NewService(repo, bank, log)
}

func ProvidePayrollEndpoints(svc *payroll.Service, enq *tasks.Enqueuer) httpapi.PayrollEndpoints {
	return httpapi.PayrollEndpoints{
		RecordRoster: svc.RecordRoster,
		ClosePeriod:  enq.EnqueueClosePeriod,
	}
}

func ProvideRouter(subs *subscription.Service, box *boxoffice.Service, dev *development.Service,
	pe httpapi.PayrollEndpoints, idem *store.IdempotencyKeys, db *gorm.DB, log *slog.Logger) *gin.Engine {
	return httpapi.NewRouter(httpapi.Services{
		Subscriptions: subs,
		BoxOffice:     box,
		Development:   dev,
		Payroll:       pe,
		Idempotency:   idem,
		Ready:         func(ctx context.Context) error { return store.Ping(ctx, db) },
	}, log)
}

func ProvideHTTPServer(cfg config.Config, h *gin.Engine) *http.Server {
	return &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		WriteTimeout:      60 * time.Second,
	}
}
