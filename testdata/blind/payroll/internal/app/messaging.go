package app

import (
	"context"
	"database/sql"
	"log/slog"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"github.com/acme/payroll/internal/config"
	"github.com/acme/payroll/internal/consumers"
	"github.com/acme/payroll/internal/events"
	"github.com/acme/payroll/internal/jobs"
	"github.com/acme/payroll/internal/ledger"
	"github.com/acme/payroll/internal/natsconsumer"
	"github.com/acme/payroll/internal/providers/bank"
	"github.com/acme/payroll/internal/providers/mail"
	"github.com/acme/payroll/internal/providers/stripeconnect"
	"github.com/acme/payroll/internal/store/pgxrepo"
	"github.com/acme/payroll/internal/store/sqlrepo"
	"github.com/acme/payroll/internal/store/uow"
)

func newWatermillLogger(log *slog.Logger) watermill.LoggerAdapter {
	return events.NewLogger(log.With("component", "watermill"))
}

func newPublisher(db *sql.DB, logger watermill.LoggerAdapter) (events.Publisher, error) {
	return events.NewSQLPublisher(db, logger)
}

func newRiverClient(lc fx.Lifecycle, pool *pgxpool.Pool, log *slog.Logger,
	payouts *pgxrepo.PayoutRepo, payruns *sqlrepo.PayRunRepo, employees *sqlrepo.EmployeeRepo,
	companies *sqlrepo.CompanyRepo, reimb *pgxrepo.ReimbursementRepo, claims *pgxrepo.ExpenseRepo,
	bankClient *bank.Client, stripeClient *stripeconnect.Transfers, mailClient *mail.Client,
) (*jobs.Client, error) {
	rlog := log.With("component", "river")
	client, err := jobs.NewClient(pool, rlog,
		jobs.NewPayoutBatchWorker(payouts, payruns, employees, companies, bankClient, rlog),
		jobs.NewReimbursementTransferWorker(reimb, claims, employees, stripeClient, rlog),
		jobs.NewPayslipEmailWorker(payruns, employees, companies, mailClient, rlog),
	)
	if err != nil {
		return nil, err
	}
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error { return client.Start(context.Background()) },
		OnStop:  func(ctx context.Context) error { return client.Stop(ctx) },
	})
	return client, nil
}

func runEventRouter(lc fx.Lifecycle, db *sql.DB, logger watermill.LoggerAdapter, log *slog.Logger,
	payruns *sqlrepo.PayRunRepo, reimb *pgxrepo.ReimbursementRepo, client *jobs.Client, led *ledger.Service,
) error {
	sub, err := events.NewSQLSubscriber(db, "payroll-api", logger)
	if err != nil {
		return err
	}
	router, err := events.NewRouter(logger)
	if err != nil {
		return err
	}
	reg := events.NewRegistry()
	consumers.New(payruns, reimb, client, led, log.With("component", "consumers")).Register(reg)
	reg.Mount(router, sub)

	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			go func() {
				if err := router.Run(context.Background()); err != nil {
					log.Error("event router stopped", "err", err)
				}
			}()
			<-router.Running()
			return nil
		},
		OnStop: func(context.Context) error { return router.Close() },
	})
	return nil
}

func runTerminationConsumer(lc fx.Lifecycle, cfg config.Config, log *slog.Logger, u *uow.UnitOfWork,
	payruns *sqlrepo.PayRunRepo, companies *sqlrepo.CompanyRepo) {
	var consumer *natsconsumer.TerminationConsumer
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			nc, js, err := natsconsumer.Connect(cfg.NATSURL)
			if err != nil {
				return err
			}
			consumer = natsconsumer.NewTerminationConsumer(js, u, payruns, companies, log)
			lc.Append(fx.StopHook(nc.Drain))
			return consumer.Start(ctx)
		},
		OnStop: func(context.Context) error {
			if consumer != nil {
				consumer.Stop()
			}
			return nil
		},
	})
}
