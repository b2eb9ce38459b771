package app

import (
	"log/slog"
	"time"

	"github.com/gigbridge/escrow/internal/config"
	"github.com/gigbridge/escrow/internal/ids"
	"github.com/gigbridge/escrow/internal/metrics"
	"github.com/gigbridge/escrow/internal/notify"
	"github.com/gigbridge/escrow/internal/provider/fxquotes"
	"github.com/gigbridge/escrow/internal/provider/mailer"
	"github.com/gigbridge/escrow/internal/provider/payments"
	"github.com/gigbridge/escrow/internal/provider/payouts"
	"github.com/gigbridge/escrow/internal/provider/taxforms"
	"github.com/gigbridge/escrow/internal/queue"
	"github.com/gigbridge/escrow/internal/service"
	"github.com/gigbridge/escrow/internal/store"
)

// Provider clients.

func newPaymentsClient(cfg config.Config, rec *metrics.Recorder) *payments.Client {
	return payments.New(cfg.Payments, rec)
}

func newPayoutsClient(cfg config.Config, rec *metrics.Recorder, log *slog.Logger) *payouts.Client {
	return payouts.New(cfg.Payouts, rec, log)
}

func newFXClient(cfg config.Config, rec *metrics.Recorder) *fxquotes.Client {
	return fxquotes.New(cfg.FX, rec)
}

func newTaxFormsClient(cfg config.Config, rec *metrics.Recorder) *taxforms.Client {
	return taxforms.New(cfg.TaxForms, rec)
}

func newNotifier(cfg config.Config, rec *metrics.Recorder) *notify.Notifier {
	return notify.New(mailer.New(cfg.Mailer, rec), cfg.AppBaseURL)
}

// Services. Each constructor builds the concrete service and returns it
// behind the metrics decorator.

func newMilestones(db *store.DB, q *queue.Client, pay *payments.Client, now func() time.Time, rec *metrics.Recorder, log *slog.Logger) service.Milestones {
	svc := service.NewMilestoneService(service.MilestoneDeps{
		DB:         db,
		Contracts:  store.Contracts{},
		Milestones: store.Milestones{},
		Escrow:     store.EscrowAccounts{},
		Funding:    store.FundingIntents{},
		Ledger:     store.Ledger{},
		Refunds:    store.Refunds{},
		Queue:      q,
		Payments:   pay,
		NewID:      ids.Prefixed("ms_", ids.XID),
		Now:        now,
		Log:        log,
	})
	return service.MeteredMilestones(svc, rec)
}

func newWork(cfg config.Config, db *store.DB, q *queue.Client, now func() time.Time, rec *metrics.Recorder, log *slog.Logger) service.Work {
	svc := service.NewWorkService(service.WorkDeps{
		DB:           db,
		Contracts:    store.Contracts{},
		Milestones:   store.Milestones{},
		Submissions:  store.Submissions{},
		Escrow:       store.EscrowAccounts{},
		Ledger:       store.Ledger{},
		Releases:     store.Releases{},
		Balances:     store.Balances{},
		Queue:        q,
		NewID:        ids.Prefixed("sub_", ids.XID),
		Now:          now,
		ReviewWindow: cfg.ReviewWindow,
		Log:          log,
	})
	return service.MeteredWork(svc, rec)
}

func newFees(db *store.DB, rec *metrics.Recorder, log *slog.Logger) service.Fees {
	svc := service.NewFeeService(db, store.Contracts{}, store.Releases{}, store.Fees{}, ids.Prefixed("fee_", ids.XID), log)
	return service.MeteredFees(svc, rec)
}

func newDisputes(db *store.DB, q *queue.Client, n *notify.Notifier, now func() time.Time, rec *metrics.Recorder, log *slog.Logger) service.Disputes {
	svc := service.NewDisputeService(service.DisputeDeps{
		DB:         db,
		Contracts:  store.Contracts{},
		Milestones: store.Milestones{},
		Escrow:     store.EscrowAccounts{},
		Disputes:   store.Disputes{},
		Ledger:     store.Ledger{},
		Balances:   store.Balances{},
		Refunds:    store.Refunds{},
		Funding:    store.FundingIntents{},
		Queue:      q,
		Notify:     n,
		NewID:      ids.Prefixed("dsp_", ids.XID),
		Now:        now,
		Log:        log,
	})
	return service.MeteredDisputes(svc, rec)
}

func newPayouts(db *store.DB, q *queue.Client, events *store.WebhookEvents, client *payouts.Client, now func() time.Time, rec *metrics.Recorder, log *slog.Logger) service.Payouts {
	svc := service.NewPayoutService(service.PayoutDeps{
		DB:       db,
		Banks:    store.BankAccounts{},
		Payouts:  store.Payouts{},
		Balances: store.Balances{},
		Tax:      store.TaxForms{},
		Events:   events,
		Queue:    q,
		Provider: client,
		NewID:    ids.Prefixed("po_", ids.XID),
		Now:      now,
		Log:      log,
	})
	return service.MeteredPayouts(svc, rec)
}

func newFX(db *store.DB, client *fxquotes.Client, now func() time.Time, rec *metrics.Recorder, log *slog.Logger) service.FX {
	svc := service.NewFXService(db, store.Milestones{}, store.FX{}, client, ids.Prefixed("fxq_", ids.XID), now, log)
	return service.MeteredFX(svc, rec)
}

func newTax(cfg config.Config, db *store.DB, q *queue.Client, client *taxforms.Client, now func() time.Time, rec *metrics.Recorder, log *slog.Logger) service.Tax {
	svc := service.NewTaxService(db, store.TaxForms{}, store.Payouts{}, q, client, ids.Prefixed("tax_", ids.XID), now, cfg.TaxFormRedirectURL, log)
	return service.MeteredTax(svc, rec)
}
