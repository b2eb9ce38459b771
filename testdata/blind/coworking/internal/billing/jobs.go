package billing

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"
	"github.com/stripe/stripe-go/v82"

	"github.com/deskhive/coworking/internal/db"
	"github.com/deskhive/coworking/internal/idgen"
	"github.com/deskhive/coworking/internal/providers/payments"
	"github.com/deskhive/coworking/internal/store"
	"github.com/deskhive/coworking/internal/tasks"
)

// Jobs holds the billing background task handlers.
type Jobs struct {
	store    store.Store
	payments payments.Gateway
	enqueuer tasks.Enqueuer
	attempts attemptLog
	currency string
	lateFee  int64
	log      *slog.Logger
}

// JobsConfig configures Jobs.
type JobsConfig struct {
	Currency     string
	LateFeeCents int64
}

// NewJobs builds the billing task handlers.
func NewJobs(s store.Store, pg payments.Gateway, enq tasks.Enqueuer, cfg JobsConfig, log *slog.Logger) *Jobs {
	return &Jobs{
		store:    s,
		payments: pg,
		enqueuer: enq,
		attempts: attemptLog{q: s},
		currency: cfg.Currency,
		lateFee:  cfg.LateFeeCents,
		log:      log,
	}
}

// Registrations lists the task types served by this package.
func (j *Jobs) Registrations() []tasks.Registration {
	return []tasks.Registration{
		{Type: tasks.TypeMonthlyClose, Handler: tasks.Handle(j.MonthlyClose)},
		{Type: tasks.TypeInvoiceSend, Handler: tasks.Handle(j.SendInvoice)},
		{Type: tasks.TypeUsageRollup, Handler: tasks.Handle(j.RollupUsage)},
		{Type: tasks.TypeLateFee, Handler: tasks.Handle(j.ChargeLateFee)},
	}
}

// resolvePeriod defaults an empty period to the previous calendar month.
func resolvePeriod(p string) (string, time.Time, time.Time, error) {
	if p == "" {
		p = tasks.Period(time.Now().UTC().AddDate(0, -1, 0))
	}
	from, err := time.Parse("2006-01", p)
	if err != nil {
		return "", time.Time{}, time.Time{}, fmt.Errorf("bad period %q: %v: %w", p, err, asynq.SkipRetry)
	}
	return p, from, from.AddDate(0, 1, 0), nil
}

// MonthlyClose fans out one invoice task per member. Task IDs are derived
// from (member, period) so re-running the close never queues an invoice
// twice.
func (j *Jobs) MonthlyClose(ctx context.Context, p tasks.PeriodPayload) error {
	period, _, _, err := resolvePeriod(p.Period)
	if err != nil {
		return err
	}
	ids, err := j.store.ListMemberIDs(ctx)
	if err != nil {
		return err
	}
	for _, id := range ids {
		t, err := tasks.New(tasks.TypeInvoiceSend, tasks.InvoiceSendPayload{MemberID: id, Period: period},
			asynq.TaskID(idgen.Derived("invoice", id.String(), period)),
			asynq.Queue(tasks.QueueDefault),
			asynq.MaxRetry(8),
		)
		if err != nil {
			return err
		}
		if err := j.enqueuer.Enqueue(ctx, t); err != nil {
			return fmt.Errorf("enqueue invoice for %s: %w", id, err)
		}
	}
	j.log.InfoContext(ctx, "monthly close fanned out", "period", period, "members", len(ids))
	return nil
}

// SendInvoice bills a member's unbilled meeting-room usage for the period.
func (j *Jobs) SendInvoice(ctx context.Context, p tasks.InvoiceSendPayload) error {
	member, err := j.store.GetMember(ctx, p.MemberID)
	if err != nil {
		return err
	}
	if !member.StripeCustomerID.Valid {
		return nil
	}
	usage, err := j.store.ListUnbilledUsage(ctx, db.ListUnbilledUsageParams{MemberID: member.ID, Period: p.Period})
	if err != nil {
		return err
	}
	if len(usage) == 0 {
		return nil
	}

	var total int64
	for _, u := range usage {
		if _, err := j.payments.AddInvoiceItem(ctx, payments.InvoiceItemInput{
			CustomerID:  member.StripeCustomerID.String,
			AmountCents: u.AmountCents,
			Currency:    j.currency,
			Description: fmt.Sprintf("Meeting room, %d min", u.Minutes),
		}, payments.WithIdempotencyKey(idgen.Derived("usage", u.ID.String()))); err != nil {
			return err
		}
		total += u.AmountCents
	}

	inv, err := j.payments.CreateInvoice(ctx, member.StripeCustomerID.String, "Meeting room usage "+p.Period,
		payments.WithIdempotencyKey(stripe.NewIdempotencyKey()),
		payments.WithMetadata("period", p.Period),
	)
	if err != nil {
		return err
	}

	return j.store.ExecTx(ctx, func(q *db.Queries) error {
		if err := q.MarkUsageBilled(ctx, db.MarkUsageBilledParams{MemberID: member.ID, Period: p.Period}); err != nil {
			return err
		}
		return q.InsertInvoice(ctx, db.InsertInvoiceParams{
			ID:              idgen.NewID(),
			MemberID:        member.ID,
			Period:          p.Period,
			StripeInvoiceID: inv.ID,
			AmountCents:     total,
			Status:          "open",
		})
	})
}

// RollupUsage writes one usage summary per active member for the period,
// feeding the account managers' dashboards.
func (j *Jobs) RollupUsage(ctx context.Context, p tasks.PeriodPayload) error {
	period, from, to, err := resolvePeriod(p.Period)
	if err != nil {
		return err
	}
	ids, err := j.store.ListMemberIDs(ctx)
	if err != nil {
		return err
	}
	written := 0
	for _, id := range ids {
		desk, err := j.store.CountDeskDays(ctx, db.CountDeskDaysParams{MemberID: id, FromDate: from, ToDate: to})
		if err != nil {
			return err
		}
		mins, err := j.store.SumRoomMinutes(ctx, db.SumRoomMinutesParams{MemberID: id, FromTs: from, ToTs: to})
		if err != nil {
			return err
		}
		if desk == 0 && mins == 0 {
			continue
		}
		if err := j.store.InsertUsageSummary(ctx, db.InsertUsageSummaryParams{
			MemberID:    id,
			Period:      period,
			DeskDays:    int32(desk),
			RoomMinutes: mins,
		}); err != nil {
			return fmt.Errorf("usage summary for %s: %w", id, err)
		}
		written++
	}
	j.log.InfoContext(ctx, "usage rollup complete", "period", period, "summaries", written)
	return nil
}

// ChargeLateFee charges the late-payment fee after Stripe reports a failed
// invoice payment.
func (j *Jobs) ChargeLateFee(ctx context.Context, p tasks.LateFeePayload) error {
	member, err := j.store.GetMember(ctx, p.MemberID)
	if err != nil {
		return err
	}
	if !member.StripeCustomerID.Valid {
		return fmt.Errorf("member %s has no customer: %w", member.ID, asynq.SkipRetry)
	}

	pi, err := j.payments.Charge(ctx, payments.ChargeInput{
		CustomerID:  member.StripeCustomerID.String,
		AmountCents: j.lateFee,
		Currency:    j.currency,
		Description: "Late payment fee for invoice " + p.StripeInvoiceID,
	}, payments.WithMetadata("stripe_invoice_id", p.StripeInvoiceID))
	ref := ""
	if pi != nil {
		ref = pi.ID
	}
	j.attempts.record(ctx, "late_fee", p.StripeInvoiceID, ref, err)
	if err != nil {
		if payments.IsCardError(err) {
			return fmt.Errorf("late fee declined: %v: %w", err, asynq.SkipRetry)
		}
		return err
	}

	return j.store.InsertMemberFee(ctx, db.InsertMemberFeeParams{
		ID:          idgen.NewID(),
		MemberID:    member.ID,
		Reason:      "late_payment:" + p.StripeInvoiceID,
		AmountCents: j.lateFee,
	})
}
