// Package payouts builds weekly payout runs and pays couriers through Stripe
// Connect: weekly transfers, instant cash-outs, advances and reversals.
package payouts

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/spokechain/courierpay/internal/config"
	"github.com/spokechain/courierpay/internal/couriers"
	"github.com/spokechain/courierpay/internal/db"
	"github.com/spokechain/courierpay/internal/notify"
	"github.com/spokechain/courierpay/internal/pkg/apperr"
	"github.com/spokechain/courierpay/internal/pkg/batch"
	"github.com/spokechain/courierpay/internal/platform/postgres"
	"github.com/spokechain/courierpay/internal/providers/stripeconnect"
)

// Service is the payouts API.
type Service interface {
	OpenRun(ctx context.Context, periodStart time.Time, actor string) (db.PayoutRun, error)
	BuildRun(ctx context.Context, runID uuid.UUID) (RunSummary, error)
	ExecuteRun(ctx context.Context, runID uuid.UUID) (ExecuteSummary, error)
	RequestCashout(ctx context.Context, courierID uuid.UUID, in CashoutRequest) (db.Cashout, error)
	ReversePayout(ctx context.Context, payoutID uuid.UUID, in ReversalRequest) (db.PayoutReversal, error)
	RequestAdvance(ctx context.Context, courierID uuid.UUID, amountCents int64) (db.Advance, error)
	HandleTransferReversed(ctx context.Context, transferID string, amountReversed int64) error
}

// RunSummary describes a built run.
type RunSummary struct {
	Run        db.PayoutRun `json:"run"`
	Payouts    int          `json:"payouts"`
	TotalCents int64        `json:"total_cents"`
}

// ExecuteSummary reports the outcome of executing a run.
type ExecuteSummary struct {
	RunID   uuid.UUID            `json:"run_id"`
	Paid    []uuid.UUID          `json:"paid"`
	Skipped []uuid.UUID          `json:"skipped"`
	Failed  map[uuid.UUID]string `json:"failed"`
}

type service struct {
	q         *db.Queries
	tx        postgres.Transactor
	couriers  couriers.Directory
	transfers stripeconnect.Client
	outbox    *notify.Outbox
	cfg       config.Config
	log       *slog.Logger
	newID     func() uuid.UUID
	newKey    func() string
	now       func() time.Time
}

// NewService builds the payouts service.
func NewService(q *db.Queries, tx postgres.Transactor, dir couriers.Directory, transfers stripeconnect.Client,
	outbox *notify.Outbox, cfg config.Config, log *slog.Logger) Service {
	return &service{
		q:         q,
		tx:        tx,
		couriers:  dir,
		transfers: transfers,
		outbox:    outbox,
		cfg:       cfg,
		log:       log.With("svc", "payouts"),
		newID:     uuid.New,
		newKey:    uuid.NewString,
		now:       time.Now,
	}
}

// OpenRun opens the run for the week starting periodStart (a Monday). There
// is one run per week; opening it again returns the existing run.
func (s *service) OpenRun(ctx context.Context, periodStart time.Time, actor string) (db.PayoutRun, error) {
	start := time.Date(periodStart.Year(), periodStart.Month(), periodStart.Day(), 0, 0, 0, 0, time.UTC)
	if start.Weekday() != time.Monday {
		return db.PayoutRun{}, apperr.Invalid("period_start must be a Monday")
	}
	if !start.AddDate(0, 0, 7).Before(s.now()) {
		return db.PayoutRun{}, apperr.Invalid("the week starting %s has not ended", start.Format(time.DateOnly))
	}
	if _, err := s.q.InsertPayoutRun(ctx, db.InsertPayoutRunParams{
		ID:          s.newID(),
		PeriodStart: start,
		PeriodEnd:   start.AddDate(0, 0, 7),
		CreatedBy:   actor,
	}); err != nil {
		return db.PayoutRun{}, err
	}
	return s.q.GetPayoutRunByPeriod(ctx, start)
}

// BuildRun computes every courier's payout for the run's week and attaches
// the underlying earnings, tips, credits and deductions to it, all in one
// transaction. Building an already-built run returns its summary.
func (s *service) BuildRun(ctx context.Context, runID uuid.UUID) (RunSummary, error) {
	return postgres.InTx(ctx, s.tx, func(q *db.Queries) (RunSummary, error) {
		run, err := q.LockPayoutRun(ctx, runID)
		if postgres.IsNoRows(err) {
			return RunSummary{}, apperr.NotFound("run %s not found", runID)
		}
		if err != nil {
			return RunSummary{}, err
		}
		if run.Status != "open" {
			return summarize(ctx, q, run)
		}
		roster, err := q.ListPayableCouriers(ctx)
		if err != nil {
			return RunSummary{}, err
		}
		for _, c := range roster {
			if err := s.buildCourierPayout(ctx, q, run, c); err != nil {
				return RunSummary{}, fmt.Errorf("payouts: build %s for %s: %w", run.ID, c.ID, err)
			}
		}
		if err := q.SetPayoutRunStatus(ctx, db.SetPayoutRunStatusParams{ID: run.ID, Status: "built"}); err != nil {
			return RunSummary{}, err
		}
		run.Status = "built"
		return summarize(ctx, q, run)
	})
}

func (s *service) buildCourierPayout(ctx context.Context, q *db.Queries, run db.PayoutRun, c db.Courier) error {
	cutoff := run.PeriodEnd
	sums, err := q.SumUnpaidForCourier(ctx, db.SumUnpaidForCourierParams{CourierID: c.ID, Cutoff: cutoff})
	if err != nil {
		return err
	}
	credits, err := q.SumOpenCredits(ctx, c.ID)
	if err != nil {
		return err
	}
	gross := sums.DeliveryCents + sums.AdjustmentCents + sums.BonusCents
	tips := sums.TipCents + sums.PoolCents
	if gross+tips+credits <= 0 {
		return nil
	}
	charges, err := q.SumUnappliedCharges(ctx, c.ID)
	if err != nil {
		return err
	}
	advances, err := q.SumOutstandingAdvances(ctx, c.ID)
	if err != nil {
		return err
	}
	premium, plan, err := weeklyPremium(ctx, q, c.ID)
	if err != nil {
		return err
	}
	deductions := charges + advances + premium
	net := gross + tips + credits - deductions
	if net < 0 {
		// Never take a courier below zero; what is left of the advance stays
		// outstanding for the next run.
		net = 0
	}

	payoutID := s.newID()
	n, err := q.InsertPayout(ctx, db.InsertPayoutParams{
		ID:              payoutID,
		RunID:           run.ID,
		CourierID:       c.ID,
		GrossCents:      gross,
		TipsCents:       tips,
		CreditsCents:    credits,
		DeductionsCents: deductions,
		NetCents:        net,
		Currency:        s.cfg.Currency,
	})
	if err != nil || n == 0 {
		return err
	}
	pid := postgres.NullUUID(payoutID)
	attach := []func() (int64, error){
		func() (int64, error) {
			return q.AttachUnpaidDeliveries(ctx, db.AttachUnpaidDeliveriesParams{PayoutID: pid, CourierID: c.ID, Cutoff: cutoff})
		},
		func() (int64, error) {
			return q.AttachUnpaidAdjustments(ctx, db.AttachUnpaidAdjustmentsParams{PayoutID: pid, CourierID: c.ID, Cutoff: cutoff})
		},
		func() (int64, error) {
			return q.AttachUnpaidBonuses(ctx, db.AttachUnpaidBonusesParams{PayoutID: pid, CourierID: c.ID, Cutoff: cutoff})
		},
		func() (int64, error) {
			return q.AttachUnpaidTips(ctx, db.AttachUnpaidTipsParams{PayoutID: pid, CourierID: c.ID, Cutoff: cutoff})
		},
		func() (int64, error) {
			return q.AttachUnpaidPoolShares(ctx, db.AttachUnpaidPoolSharesParams{PayoutID: pid, CourierID: c.ID, Cutoff: cutoff})
		},
		func() (int64, error) {
			return q.ApplyOpenCredits(ctx, db.ApplyOpenCreditsParams{PayoutID: pid, CourierID: c.ID})
		},
		func() (int64, error) {
			return q.AttachUnappliedCharges(ctx, db.AttachUnappliedChargesParams{PayoutID: pid, CourierID: c.ID})
		},
		func() (int64, error) {
			return q.RecoverAdvances(ctx, db.RecoverAdvancesParams{PayoutID: pid, CourierID: c.ID})
		},
	}
	for _, f := range attach {
		if _, err := f(); err != nil {
			return err
		}
	}
	if premium > 0 {
		if _, err := q.InsertPremiumWithholding(ctx, db.InsertPremiumWithholdingParams{
			PayoutID:    payoutID,
			CourierID:   c.ID,
			PlanCode:    plan,
			AmountCents: premium,
			WithheldOn:  run.PeriodEnd,
		}); err != nil {
			return err
		}
	}
	return nil
}

func weeklyPremium(ctx context.Context, q *db.Queries, courierID uuid.UUID) (int64, string, error) {
	e, err := q.GetEnrollmentByCourier(ctx, courierID)
	if postgres.IsNoRows(err) {
		return 0, "", nil
	}
	if err != nil {
		return 0, "", err
	}
	if e.Status != "active" {
		return 0, "", nil
	}
	return e.WeeklyPremiumCents, e.PlanCode, nil
}

func summarize(ctx context.Context, q *db.Queries, run db.PayoutRun) (RunSummary, error) {
	ps, err := q.ListRunPayouts(ctx, run.ID)
	if err != nil {
		return RunSummary{}, err
	}
	sum := RunSummary{Run: run, Payouts: len(ps)}
	for _, p := range ps {
		sum.TotalCents += p.NetCents
	}
	return sum, nil
}

// ExecuteRun transfers each pending payout of a built run. Every transfer
// carries an idempotency key derived from the payout id, so executing the
// run again after a partial failure re-sends only what is unpaid and Stripe
// returns the original transfer for anything that had gone through.
func (s *service) ExecuteRun(ctx context.Context, runID uuid.UUID) (ExecuteSummary, error) {
	run, err := s.q.GetPayoutRun(ctx, runID)
	if postgres.IsNoRows(err) {
		return ExecuteSummary{}, apperr.NotFound("run %s not found", runID)
	}
	if err != nil {
		return ExecuteSummary{}, err
	}
	switch run.Status {
	case "built", "executing":
	case "completed":
		return ExecuteSummary{RunID: run.ID}, nil
	default:
		return ExecuteSummary{}, apperr.Conflict("run %s is %s; build it first", run.ID, run.Status)
	}
	if err := s.q.SetPayoutRunStatus(ctx, db.SetPayoutRunStatusParams{ID: run.ID, Status: "executing"}); err != nil {
		return ExecuteSummary{}, err
	}
	payouts, err := s.q.ListRunPayouts(ctx, run.ID)
	if err != nil {
		return ExecuteSummary{}, err
	}
	rep := batch.NewReport[uuid.UUID]()
	for _, p := range payouts {
		if p.Status != "pending" && p.Status != "transferring" {
			continue
		}
		paid, err := s.payOne(ctx, run, p)
		switch {
		case err != nil:
			rep.Fail(p.ID, err)
		case paid:
			rep.Ok(p.ID)
		default:
			rep.Skip(p.ID)
		}
	}
	out := ExecuteSummary{RunID: run.ID, Paid: rep.Succeeded, Skipped: rep.Skipped, Failed: map[uuid.UUID]string{}}
	for id, err := range rep.Failed {
		out.Failed[id] = err.Error()
	}
	if len(rep.Failed) == 0 {
		if err := s.q.SetPayoutRunStatus(ctx, db.SetPayoutRunStatusParams{ID: run.ID, Status: "completed"}); err != nil {
			return out, err
		}
	}
	return out, nil
}

func (s *service) payOne(ctx context.Context, run db.PayoutRun, p db.Payout) (bool, error) {
	c, err := s.couriers.Get(ctx, p.CourierID)
	if err != nil {
		return false, err
	}
	if p.NetCents <= 0 || !c.StripeAccountID.Valid || !c.PayoutsEnabled {
		return false, s.q.MarkPayoutSkipped(ctx, p.ID)
	}
	if _, err := s.q.MarkPayoutTransferring(ctx, p.ID); err != nil {
		return false, err
	}
	tr, err := s.transfers.Transfer(ctx, stripeconnect.TransferInput{
		Destination:   c.StripeAccountID.String,
		AmountCents:   p.NetCents,
		Currency:      p.Currency,
		Description:   fmt.Sprintf("Weekly payout %s", run.PeriodStart.Format(time.DateOnly)),
		TransferGroup: "run_" + run.ID.String(),
		Metadata: map[string]string{
			"payout_id":  p.ID.String(),
			"courier_id": c.ID.String(),
		},
		IdempotencyKey: "payout:" + p.ID.String(),
	})
	if err != nil {
		if stripeconnect.IsPermanent(err) {
			if mErr := s.q.MarkPayoutFailed(ctx, p.ID); mErr != nil {
				return false, mErr
			}
		}
		return false, err
	}
	if err := s.q.MarkPayoutPaid(ctx, db.MarkPayoutPaidParams{
		ID:               p.ID,
		StripeTransferID: postgres.Text(tr.ID),
		PaidAt:           postgres.Timestamptz(s.now()),
	}); err != nil {
		return false, err
	}
	return true, nil
}
