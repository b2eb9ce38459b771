// Package billing runs recurring membership charges, dunning and Stripe
// event reconciliation.
package billing

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stripe/stripe-go/v82"

	"github.com/pulsefit/memberships/internal/db"
	"github.com/pulsefit/memberships/internal/ids"
	"github.com/pulsefit/memberships/internal/providers/payments"
	"github.com/pulsefit/memberships/internal/txn"
)

const MaxDunningAttempts = 4

type Service struct {
	pool     *pgxpool.Pool
	tx       txn.Runner
	payments payments.Gateway
	log      *slog.Logger
}

func NewService(pool *pgxpool.Pool, tx txn.Runner, gw payments.Gateway, log *slog.Logger) *Service {
	return &Service{pool: pool, tx: tx, payments: gw, log: log.With("component", "billing")}
}

// Period formats the billing period a bill date belongs to.
func Period(t time.Time) string { return t.UTC().Format("2006-01") }

// ChargeMonthly bills one membership for one period. The billing run row is
// keyed by (membership, period) and the Stripe charge by the same pair.
func (s *Service) ChargeMonthly(ctx context.Context, membershipID uuid.UUID, period string) error {
	q := db.New(s.pool)
	ms, err := q.GetMembership(ctx, membershipID)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	if ms.Status != "active" || Period(ms.NextBillOn) != period {
		s.log.Info("skip monthly charge", "membership", ms.ID, "status", ms.Status, "period", period)
		return nil
	}
	plan, err := q.GetPlan(ctx, ms.PlanID)
	if err != nil {
		return err
	}
	if _, err := q.EnsureBillingRun(ctx, db.EnsureBillingRunParams{
		MembershipID: ms.ID, Period: period, AmountCents: plan.MonthlyPriceCents,
	}); err != nil {
		return err
	}
	run, err := q.GetBillingRun(ctx, db.GetBillingRunParams{MembershipID: ms.ID, Period: period})
	if err != nil {
		return err
	}
	if run.Status != "pending" {
		return nil
	}
	member, err := q.GetMember(ctx, ms.MemberID)
	if err != nil {
		return err
	}

	res, chargeErr := s.payments.Charge(ctx, payments.ChargeRequest{
		CustomerID:     member.StripeCustomerID,
		AmountCents:    run.AmountCents,
		Currency:       plan.Currency,
		Description:    fmt.Sprintf("PulseFit %s membership %s", plan.Name, period),
		IdempotencyKey: ids.Derived("membership", ms.ID.String(), period),
		Metadata:       map[string]string{"membership_id": ms.ID.String(), "period": period},
	})
	if chargeErr != nil && !errors.Is(chargeErr, payments.ErrDeclined) {
		return chargeErr
	}
	return s.recordOutcome(ctx, ms, period, res, chargeErr)
}

func (s *Service) recordOutcome(ctx context.Context, ms db.Membership, period string, res payments.ChargeResult, chargeErr error) error {
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		q := txn.Queries(ctx, s.pool)
		if chargeErr != nil {
			if err := q.MarkBillingRunFailed(ctx, db.MarkBillingRunFailedParams{
				MembershipID: ms.ID, Period: period, StripeIntentID: res.IntentID, LastError: res.FailureCode,
			}); err != nil {
				return err
			}
			_, err := q.MarkMembershipPastDue(ctx, ms.ID)
			return err
		}
		n, err := q.MarkBillingRunPaid(ctx, db.MarkBillingRunPaidParams{
			MembershipID: ms.ID, Period: period, StripeIntentID: res.IntentID,
		})
		if err != nil || n == 0 {
			return err
		}
		_, err = q.AdvanceNextBill(ctx, db.AdvanceNextBillParams{ID: ms.ID, FromDate: ms.NextBillOn})
		return err
	})
}

// RetryFailedCharge re-attempts a declined monthly charge. Each attempt is a
// new PaymentIntent: replaying the original request would only return the
// original decline.
func (s *Service) RetryFailedCharge(ctx context.Context, membershipID uuid.UUID, period string, attempt int) error {
	q := db.New(s.pool)
	run, err := q.GetBillingRun(ctx, db.GetBillingRunParams{MembershipID: membershipID, Period: period})
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	if run.Status == "paid" || int(run.Attempts) > attempt {
		return nil
	}
	ms, err := q.GetMembership(ctx, membershipID)
	if err != nil {
		return err
	}
	if ms.Status == "canceled" {
		return nil
	}
	member, err := q.GetMember(ctx, ms.MemberID)
	if err != nil {
		return err
	}
	plan, err := q.GetPlan(ctx, ms.PlanID)
	if err != nil {
		return err
	}

	res, chargeErr := s.payments.Charge(ctx, payments.ChargeRequest{
		CustomerID:     member.StripeCustomerID,
		AmountCents:    run.AmountCents,
		Currency:       plan.Currency,
		Description:    fmt.Sprintf("PulseFit %s membership %s (retry %d)", plan.Name, period, attempt),
		IdempotencyKey: "dunning-" + uuid.NewString(),
		Metadata: map[string]string{
			"membership_id": ms.ID.String(),
			"period":        period,
			"attempt":       fmt.Sprint(attempt),
		},
	})
	if chargeErr != nil && !errors.Is(chargeErr, payments.ErrDeclined) {
		return chargeErr
	}
	if chargeErr != nil {
		s.log.Info("dunning attempt declined", "membership", ms.ID, "period", period, "attempt", attempt, "code", res.FailureCode)
	}
	return s.recordOutcome(ctx, ms, period, res, chargeErr)
}

// ApplyStripeEvent reconciles an asynchronous Stripe event. The event ID is
// recorded in the same transaction as its effect.
func (s *Service) ApplyStripeEvent(ctx context.Context, ev stripe.Event) error {
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		q := txn.Queries(ctx, s.pool)
		n, err := q.InsertStripeEvent(ctx, db.InsertStripeEventParams{EventID: ev.ID, EventType: string(ev.Type)})
		if err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
		switch ev.Type {
		case stripe.EventTypePaymentIntentSucceeded:
			var pi stripe.PaymentIntent
			if err := json.Unmarshal(ev.Data.Raw, &pi); err != nil {
				return err
			}
			intent, err := q.UpdatePaymentIntentByStripeID(ctx, db.UpdatePaymentIntentByStripeIDParams{
				StripeIntentID: pi.ID, Status: "succeeded",
			})
			if errors.Is(err, pgx.ErrNoRows) {
				return nil
			}
			if err != nil {
				return err
			}
			if intent.Purpose == "signup" {
				msID, err := uuid.Parse(intent.ReferenceID)
				if err != nil {
					return err
				}
				_, err = q.ActivateMembership(ctx, msID)
				return err
			}
		case stripe.EventTypePaymentIntentPaymentFailed:
			var pi stripe.PaymentIntent
			if err := json.Unmarshal(ev.Data.Raw, &pi); err != nil {
				return err
			}
			code := ""
			if pi.LastPaymentError != nil {
				code = string(pi.LastPaymentError.Code)
			}
			_, err := q.UpdatePaymentIntentByStripeID(ctx, db.UpdatePaymentIntentByStripeIDParams{
				StripeIntentID: pi.ID, Status: "failed", FailureCode: code,
			})
			if errors.Is(err, pgx.ErrNoRows) {
				return nil
			}
			return err
		default:
			s.log.Debug("ignored stripe event", "type", ev.Type, "id", ev.ID)
		}
		return nil
	})
}

// DueMemberships lists memberships whose next bill date has arrived.
func (s *Service) DueMemberships(ctx context.Context, today time.Time, limit int32) ([]db.Membership, error) {
	return db.New(s.pool).ListDueMemberships(ctx, db.ListDueMembershipsParams{Today: today, Limit: limit})
}

// FailedRuns lists declined billing runs eligible for another attempt.
func (s *Service) FailedRuns(ctx context.Context, olderThan time.Time) ([]db.BillingRun, error) {
	return db.New(s.pool).ListFailedBillingRuns(ctx, db.ListFailedBillingRunsParams{
		MaxAttempts: MaxDunningAttempts, UpdatedBefore: olderThan,
	})
}
