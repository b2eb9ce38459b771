package app

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"time"

	"go.uber.org/fx"

	"github.com/acme/payroll/internal/config"
	"github.com/acme/payroll/internal/httpapi"
	"github.com/acme/payroll/internal/ledger"
	"github.com/acme/payroll/internal/service"
	"github.com/acme/payroll/internal/store/pgxrepo"
	"github.com/acme/payroll/internal/store/sqlrepo"
	"github.com/acme/payroll/internal/store/uow"
	"github.com/acme/payroll/internal/webhooks"
)

var Infra = fx.Options(
	fx.Provide(
		config.FromEnv,
		newLogger,
		newSQLDB,
		newPgxPool,
		newGorm,
		fx.Annotate(uow.New, fx.As(fx.Self()), fx.As(new(service.UnitOfWork))),
	),
)

var Repositories = fx.Options(
	fx.Provide(
		fx.Annotate(sqlrepo.NewEmployeeRepo, fx.As(fx.Self()), fx.As(new(service.EmployeeRepository))),
		fx.Annotate(sqlrepo.NewCompanyRepo, fx.As(fx.Self()), fx.As(new(service.CompanyRepository))),
		fx.Annotate(sqlrepo.NewPayRunRepo, fx.As(fx.Self()), fx.As(new(service.PayRunRepository))),
		fx.Annotate(sqlrepo.NewOffCycleRepo, fx.As(new(service.OffCycleRepository))),
		fx.Annotate(sqlrepo.NewAuditLog, fx.As(new(service.AuditLog))),
		sqlrepo.NewWebhookRepo,
		sqlrepo.NewReversalRepo,
		fx.Annotate(pgxrepo.NewPayoutRepo, fx.As(fx.Self()), fx.As(new(service.PayoutRepository))),
		fx.Annotate(pgxrepo.NewExpenseRepo, fx.As(fx.Self()), fx.As(new(service.ExpenseRepository))),
		fx.Annotate(pgxrepo.NewReimbursementRepo, fx.As(fx.Self()), fx.As(new(service.ReimbursementRepository))),
		fx.Annotate(ledger.NewService, fx.As(fx.Self()), fx.As(new(service.Ledger))),
	),
)

var Providers = fx.Options(
	fx.Provide(
		fx.Annotate(newBankClient, fx.As(fx.Self()), fx.As(new(service.BankTransfers))),
		fx.Annotate(newMailClient, fx.As(fx.Self()), fx.As(new(service.Mailer))),
		fx.Annotate(newStripe, fx.As(fx.Self()), fx.As(new(service.StripeTransfers))),
	),
)

var Messaging = fx.Options(
	fx.Provide(
		newWatermillLogger,
		fx.Annotate(newPublisher, fx.As(new(service.EventPublisher))),
		fx.Annotate(newRiverClient, fx.As(fx.Self()), fx.As(new(service.JobInserter))),
	),
	fx.Invoke(runEventRouter, runTerminationConsumer),
)

var Services = fx.Options(
	fx.Provide(
		service.NewEmployeeService,
		service.NewPayrunService,
		service.NewExpenseService,
		service.NewPaymentsService,
	),
	fx.Decorate(service.WithLogging),
)

var HTTP = fx.Options(
	fx.Provide(
		httpapi.NewEmployeeHandler,
		httpapi.NewPayrunHandler,
		httpapi.NewExpenseHandler,
		httpapi.NewPaymentsHandler,
		newWebhookHandlers,
	),
	fx.Invoke(runHTTPServer),
)

type webhookHandlers struct {
	bank   *webhooks.BankWebhooks
	mail   *webhooks.MailWebhook
	stripe *webhooks.StripeWebhook
}

func newWebhookHandlers(cfg config.Config, log *slog.Logger, u *uow.UnitOfWork, hooks *sqlrepo.WebhookRepo,
	employees *sqlrepo.EmployeeRepo, reversals *sqlrepo.ReversalRepo, led *ledger.Service) webhookHandlers {
	return webhookHandlers{
		bank:   webhooks.NewBankWebhooks(cfg.BankWebhookSecret, hooks, u, led, log),
		mail:   webhooks.NewMailWebhook(cfg.MailAPIKey, hooks, employees, u, log),
		stripe: webhooks.NewStripeWebhook(cfg.StripeWebhookSecret, reversals, u, log),
	}
}

func runHTTPServer(lc fx.Lifecycle, cfg config.Config, log *slog.Logger,
	eh *httpapi.EmployeeHandler, ph *httpapi.PayrunHandler, xh *httpapi.ExpenseHandler, mh *httpapi.PaymentsHandler,
	wh webhookHandlers) {
	engine := httpapi.NewEngine(httpapi.Handlers{Employees: eh, Payruns: ph, Expenses: xh, Payments: mh}, log)

	mux := http.NewServeMux()
	mux.Handle("/webhooks/bank/", http.StripPrefix("/webhooks/bank", wh.bank.Routes()))
	mux.Handle("/webhooks/mail", wh.mail)
	mux.Handle("/webhooks/stripe", wh.stripe)
	mux.Handle("/", engine)

	srv := &http.Server{Addr: cfg.HTTPAddr, Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			ln, err := net.Listen("tcp", srv.Addr)
			if err != nil {
				return err
			}
			go func() {
				if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
					log.Error("http server", "err", err)
				}
			}()
			log.Info("listening", "addr", cfg.HTTPAddr)
			return nil
		},
		OnStop: srv.Shutdown,
	})
}
