// Package billing runs monthly premium collection and applies payment-side
// events (Stripe webhooks, disputes, renewals, refunds).
package billing

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"github.com/stripe/stripe-go/v82"

	"github.com/pawsure/premiums/internal/db"
	"github.com/pawsure/premiums/internal/ids"
	"github.com/pawsure/premiums/internal/jobs"
	"github.com/pawsure/premiums/internal/provider/messaging"
	"github.com/pawsure/premiums/internal/provider/payments"
	"github.com/pawsure/premiums/internal/repo"
	"github.com/pawsure/premiums/internal/service/notify"
)

type Service interface {
	TriggerRun(ctx context.Context, period string) error
	RunPremiums(ctx context.Context, period string) (int, error)
	CollectPremium(ctx context.Context, scheduleID string) error
	ApplyStripeEvent(ctx context.Context, evt stripe.Event) error
	ApplyRenewal(ctx context.Context, evt RenewalEvent) error
	ApplyChargeback(ctx context.Context, evt DisputeEvent) error
	ProcessRefund(ctx context.Context, refundID string) error
}

// RenewalEvent is published by the policy-admin system on policies.renewed.
type RenewalEvent struct {
	PolicyID            string    `json:"policy_id"`
	RenewalStart        time.Time `json:"renewal_start"`
	MonthlyPremiumCents int64     `json:"monthly_premium_cents"`
	Currency            string    `json:"currency"`
}

// DisputeEvent is published by the payments gateway service on
// payments.chargebacks.
type DisputeEvent struct {
	DisputeID       string `json:"dispute_id"`
	PaymentIntentID string `json:"payment_intent_id"`
	PolicyID        string `json:"policy_id"`
	AmountCents     int64  `json:"amount_cents"`
	Currency        string `json:"currency"`
	Status          string `json:"status"` // opened, won, lost
	Reason          string `json:"reason"`
}

type Deps struct {
	Store    *db.Store
	Refunds  repo.RefundRepository
	Payments payments.Gateway
	Jobs     jobs.Enqueuer
	Notify   notify.Queuer
	Log      *slog.Logger
}

type service struct {
	Deps
	batchSize int
}

func NewService(d Deps) Service {
	return &service{Deps: d, batchSize: 500}
}

// TriggerRun enqueues a collection run for period. PremiumRunArgs is unique
// by args, so triggering the same period twice enqueues one job.
func (s *service) TriggerRun(ctx context.Context, period string) error {
	if _, err := ParsePeriod(period); err != nil {
		return fmt.Errorf("bad period %q: %w", period, err)
	}
	return s.Jobs.Enqueue(ctx, jobs.PremiumRunArgs{Period: period}, nil)
}

// RunPremiums fans out one CollectPremium job per due schedule in period.
func (s *service) RunPremiums(ctx context.Context, period string) (int, error) {
	start, err := ParsePeriod(period)
	if err != nil {
		return 0, river.JobCancel(err)
	}
	runID := "run-" + period
	if _, err := s.Store.InsertPremiumRun(ctx, runID, period); err != nil {
		return 0, err
	}
	asOf := start.AddDate(0, 1, -1)
	total := 0
	for {
		due, err := s.Store.ListDueSchedules(ctx, asOf, s.batchSize)
		if err != nil {
			return total, err
		}
		if len(due) == 0 {
			break
		}
		params := make([]river.InsertManyParams, 0, len(due))
		for _, sch := range due {
			params = append(params, river.InsertManyParams{Args: jobs.CollectPremiumArgs{ScheduleID: sch.ID, PolicyID: sch.PolicyID}})
		}
		n, err := s.Jobs.EnqueueMany(ctx, params)
		if err != nil {
			return total, err
		}
		total += n
		for _, sch := range due {
			if err := s.Store.SetScheduleStatus(ctx, sch.ID, "collecting"); err != nil {
				return total, err
			}
		}
		if len(due) < s.batchSize {
			break
		}
	}
	return total, s.Store.FinishPremiumRun(ctx, runID, total)
}

// CollectPremium charges the card on file for one schedule.
func (s *service) CollectPremium(ctx context.Context, scheduleID string) error {
	sch, err := s.Store.GetSchedule(ctx, scheduleID)
	if err != nil {
		return err
	}
	if sch.Status == "paid" || sch.Status == "void" {
		return nil
	}
	pol, err := s.Store.GetPolicy(ctx, sch.PolicyID)
	if err != nil {
		return err
	}
	ph, err := s.Store.GetPolicyholder(ctx, pol.PolicyholderID)
	if err != nil {
		return err
	}
	opKey := ids.OperationKey("premium")
	res, err := s.Payments.ChargeCard(ctx, payments.ChargeRequest{
		CustomerID:      ph.StripeCustomerID.String,
		PaymentMethodID: pol.PaymentMethodID,
		AmountCents:     sch.AmountCents,
		Currency:        sch.Currency,
		Description:     fmt.Sprintf("Premium %s %s", pol.ID, sch.PeriodStart.Format("Jan 2006")),
		PolicyID:        pol.ID,
	}, payments.WithIdempotencyKey(opKey), payments.WithMetadata("schedule_id", sch.ID))
	if err != nil {
		return err
	}
	return s.Store.ExecTx(ctx, func(q *db.Queries) error {
		if res.Succeeded() {
			if err := q.SetScheduleStatus(ctx, sch.ID, "paid"); err != nil {
				return err
			}
			return q.InsertLedgerEntry(ctx, db.LedgerEntry{
				ID:          ids.Derive("ledger", "schedule", sch.ID),
				PolicyID:    pol.ID,
				Account:     "premiums",
				AmountCents: sch.AmountCents,
				Currency:    sch.Currency,
				ExternalRef: db.NullString(res.PaymentIntentID),
				Memo:        "monthly premium " + PeriodKey(sch.PeriodStart),
			})
		}
		if err := q.SetScheduleStatus(ctx, sch.ID, "failed"); err != nil {
			return err
		}
		if err := q.AddArrears(ctx, pol.ID, sch.AmountCents); err != nil {
			return err
		}
		return s.Notify.QueueTx(ctx, q, notify.Request{
			DedupKey:       "premium-failed:" + sch.ID,
			PolicyholderID: ph.ID,
			Channel:        messaging.SMS,
			Template:       "premium_failed",
			Params:         map[string]string{"policy_id": pol.ID, "reason": res.DeclineCode},
		})
	})
}

// ApplyStripeEvent applies a verified Stripe webhook event exactly once.
func (s *service) ApplyStripeEvent(ctx context.Context, evt stripe.Event) error {
	return s.Store.ExecTx(ctx, func(q *db.Queries) error {
		fresh, err := q.InsertStripeEvent(ctx, evt.ID, string(evt.Type))
		if err != nil || !fresh {
			return err
		}
		switch evt.Type {
		case stripe.EventTypePaymentIntentSucceeded, stripe.EventTypePaymentIntentPaymentFailed:
		default:
			return nil
		}
		var pi stripe.PaymentIntent
		if err := json.Unmarshal(evt.Data.Raw, &pi); err != nil {
			return fmt.Errorf("decode payment intent: %w", err)
		}
		status, code := "succeeded", (*string)(nil)
		if evt.Type == stripe.EventTypePaymentIntentPaymentFailed {
			status = "failed"
			if pi.LastPaymentError != nil {
				c := string(pi.LastPaymentError.Code)
				code = &c
			}
		}
		charge, err := q.MarkChargeByPaymentIntent(ctx, pi.ID, status, code)
		if errors.Is(err, db.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		if status != "failed" {
			return nil
		}
		pol, err := q.GetPolicy(ctx, charge.PolicyID)
		if err != nil {
			return err
		}
		return s.Notify.QueueTx(ctx, q, notify.Request{
			DedupKey:       "payment-failed:" + pi.ID,
			PolicyholderID: pol.PolicyholderID,
			Channel:        messaging.Email,
			Template:       "payment_failed",
			Params:         map[string]string{"policy_id": pol.ID},
		})
	})
}

// ApplyRenewal lays out the premium schedule for a renewed policy year.
func (s *service) ApplyRenewal(ctx context.Context, evt RenewalEvent) error {
	return s.Store.ExecTx(ctx, func(q *db.Queries) error {
		pol, err := q.GetPolicyForUpdate(ctx, evt.PolicyID)
		if err != nil {
			return err
		}
		if pol.Status == db.PolicyCancelled {
			return nil
		}
		for _, sch := range MonthlySchedule(pol.ID, evt.RenewalStart, 12, evt.MonthlyPremiumCents, evt.Currency) {
			if err := q.InsertPremiumSchedule(ctx, sch); err != nil {
				return fmt.Errorf("insert schedule %s: %w", sch.PeriodStart.Format(time.DateOnly), err)
			}
		}
		if err := q.SetRenewsOn(ctx, pol.ID, evt.RenewalStart.AddDate(1, 0, 0)); err != nil {
			return err
		}
		return s.Notify.QueueTx(ctx, q, notify.Request{
			DedupKey:       fmt.Sprintf("renewal:%s:%s", pol.ID, evt.RenewalStart.Format(time.DateOnly)),
			PolicyholderID: pol.PolicyholderID,
			Channel:        messaging.Email,
			Template:       "policy_renewed",
			Params:         map[string]string{"policy_id": pol.ID},
		})
	})
}

// ApplyChargeback books a card dispute against the policy.
func (s *service) ApplyChargeback(ctx context.Context, evt DisputeEvent) error {
	if evt.Status == "won" {
		return nil
	}
	return s.Store.ExecTx(ctx, func(q *db.Queries) error {
		pol, err := q.GetPolicy(ctx, evt.PolicyID)
		if err != nil {
			return err
		}
		entry := db.LedgerEntry{
			ID:          ids.UUID(),
			PolicyID:    pol.ID,
			Account:     "disputes",
			AmountCents: -evt.AmountCents,
			Currency:    evt.Currency,
			ExternalRef: db.NullString(evt.DisputeID),
			Memo:        "chargeback " + evt.Reason,
		}
		if err := q.InsertLedgerEntry(ctx, entry); err != nil {
			return err
		}
		if err := q.AddArrears(ctx, pol.ID, evt.AmountCents); err != nil {
			return err
		}
		if evt.Status == "lost" && pol.Status == db.PolicyActive {
			if err := q.SetPolicyStatus(ctx, pol.ID, db.PolicyLapsed); err != nil {
				return err
			}
		}
		return s.Notify.QueueTx(ctx, q, notify.Request{
			DedupKey:       "dispute:" + evt.DisputeID + ":" + evt.Status,
			PolicyholderID: pol.PolicyholderID,
			Channel:        messaging.Email,
			Template:       "payment_disputed",
			Params:         map[string]string{"policy_id": pol.ID},
		})
	})
}

// ProcessRefund pays out a pending cancellation refund.
func (s *service) ProcessRefund(ctx context.Context, refundID string) error {
	rf, err := s.Refunds.Get(ctx, refundID)
	if err != nil {
		return err
	}
	if rf.Status != "pending" {
		return nil
	}
	res, err := s.Payments.Refund(ctx, rf.PaymentIntentID, rf.AmountCents, payments.WithMetadata("refund_id", rf.ID))
	if err != nil {
		return err
	}
	return s.Store.ExecTx(ctx, func(q *db.Queries) error {
		first, err := q.CompleteRefund(ctx, rf.ID, "succeeded", res.RefundID)
		if err != nil || !first {
			return err
		}
		pol, err := q.GetPolicy(ctx, rf.PolicyID)
		if err != nil {
			return err
		}
		if err := q.InsertLedgerEntry(ctx, db.LedgerEntry{
			ID:          ids.Derive("ledger", "refund", rf.ID),
			PolicyID:    rf.PolicyID,
			Account:     "refunds",
			AmountCents: -rf.AmountCents,
			Currency:    rf.Currency,
			ExternalRef: db.NullString(res.RefundID),
			Memo:        "cancellation refund",
		}); err != nil {
			return err
		}
		return s.Notify.QueueTx(ctx, q, notify.Request{
			DedupKey:       "refund-issued:" + rf.ID,
			PolicyholderID: pol.PolicyholderID,
			Channel:        messaging.Email,
			Template:       "refund_issued",
			Params:         map[string]string{"amount": fmt.Sprintf("%.2f", float64(rf.AmountCents)/100)},
		})
	})
}
