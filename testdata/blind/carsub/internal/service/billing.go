package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/rs/xid"

	"github.com/drivewise/carsub/internal/domain"
	"github.com/drivewise/carsub/internal/platform/reqctx"
	"github.com/drivewise/carsub/internal/platform/retry"
	"github.com/drivewise/carsub/internal/providers/payments"
)

// Billing charges subscriptions: the monthly renewal run, one-off charges
// and refunds.
type Billing struct {
	subs      SubscriptionRepository
	customers CustomerRepository
	catalog   Catalog
	charges   ChargeRepository
	refunds   RefundRepository
	telemetry TelemetryRepository
	payments  PaymentGateway
	audit     AuditLog
	clock     Clock
	log       *slog.Logger

	// staleClaim is how long a pending renewal may sit before another run
	// takes it over.
	staleClaim time.Duration
}

func NewBilling(
	subs SubscriptionRepository,
	customers CustomerRepository,
	catalog Catalog,
	charges ChargeRepository,
	refunds RefundRepository,
	telemetry TelemetryRepository,
	payments PaymentGateway,
	audit AuditLog,
	clock Clock,
	log *slog.Logger,
) *Billing {
	return &Billing{
		subs: subs, customers: customers, catalog: catalog, charges: charges,
		refunds: refunds, telemetry: telemetry, payments: payments, audit: audit,
		clock: clock, log: log.With("component", "billing"),
		staleClaim: 30 * time.Minute,
	}
}

// RenewalReport summarises one renewal run.
type RenewalReport struct {
	Charged  int
	Declined int
	Skipped  int
	Failed   int
}

// RenewDue charges every subscription whose paid period ended before asOf.
func (b *Billing) RenewDue(ctx context.Context, asOf time.Time, batchSize int) (RenewalReport, error) {
	var (
		report RenewalReport
		cursor uuid.UUID
	)
	for {
		subs, err := b.subs.DueForRenewal(ctx, asOf, cursor, batchSize)
		if err != nil {
			return report, fmt.Errorf("list due subscriptions: %w", err)
		}
		if len(subs) == 0 {
			return report, nil
		}
		for i := range subs {
			sub := &subs[i]
			cursor = sub.ID
			outcome, err := b.renew(ctx, sub, asOf)
			if err != nil {
				if ctx.Err() != nil {
					return report, ctx.Err()
				}
				b.log.Error("renewal failed", "subscription_id", sub.ID, "err", err)
				report.Failed++
				continue
			}
			switch outcome {
			case renewCharged:
				report.Charged++
			case renewDeclined:
				report.Declined++
			default:
				report.Skipped++
			}
		}
	}
}

type renewOutcome int

const (
	renewSkipped renewOutcome = iota
	renewCharged
	renewDeclined
)

func (b *Billing) renew(ctx context.Context, sub *domain.Subscription, asOf time.Time) (renewOutcome, error) {
	plan, err := b.catalog.Plan(ctx, sub.PlanCode)
	if err != nil {
		return renewSkipped, err
	}
	period := sub.NextPeriodStart()
	if period.After(asOf) {
		return renewSkipped, nil
	}
	overage, err := b.overageCents(ctx, sub, plan, period)
	if err != nil {
		return renewSkipped, err
	}

	charge, err := b.charges.ClaimRenewal(ctx, &domain.Charge{
		ID:             uuid.New(),
		SubscriptionID: sub.ID,
		Kind:           domain.ChargeRenewal,
		AmountCents:    plan.MonthlyPriceCents + overage,
		Currency:       plan.Currency,
		Description:    fmt.Sprintf("%s - %s", plan.Name, period.Format("January 2006")),
		Status:         domain.ChargePending,
		BillingPeriod:  &period,
	}, b.staleClaim)
	if err != nil {
		return renewSkipped, fmt.Errorf("claim renewal: %w", err)
	}
	if charge == nil {
		return renewSkipped, nil
	}

	cust, err := b.customers.Get(ctx, sub.CustomerID)
	if err != nil {
		return renewSkipped, err
	}

	res, err := retry.DoValue(ctx, retry.ProviderCalls, b.log, "paywell.charge", func() (*payments.Charge, error) {
		return b.payments.Charge(ctx, payments.ChargeRequest{
			IdempotencyKey: uuid.NewString(),
			CustomerRef:    customerRef(cust),
			AmountCents:    charge.AmountCents,
			Currency:       charge.Currency,
			Description:    charge.Description,
			Metadata: map[string]string{
				"charge_id":       charge.ID.String(),
				"subscription_id": sub.ID.String(),
			},
		})
	})
	if errors.Is(err, payments.ErrDeclined) {
		providerID := ""
		if res != nil {
			providerID = res.ID
		}
		if err := b.charges.MarkResult(ctx, charge.ID, domain.ChargeFailed, providerID, "declined"); err != nil {
			return renewSkipped, err
		}
		return renewDeclined, nil
	}
	if err != nil {
		return renewSkipped, fmt.Errorf("charge renewal %s: %w", charge.ID, err)
	}
	if err := b.charges.MarkResult(ctx, charge.ID, domain.ChargeProcessing, res.ID, ""); err != nil {
		return renewSkipped, err
	}
	return renewCharged, nil
}

// overageCents bills kilometres driven beyond the plan allowance in the
// period that just ended.
func (b *Billing) overageCents(ctx context.Context, sub *domain.Subscription, plan *domain.Plan, periodStart time.Time) (int64, error) {
	from := periodStart.AddDate(0, -1, 0)
	if from.Before(sub.StartDate) {
		return 0, nil
	}
	km, err := b.telemetry.DistanceBetween(ctx, sub.ID, from, periodStart)
	if err != nil {
		return 0, fmt.Errorf("distance driven: %w", err)
	}
	if extra := km - plan.IncludedKm; extra > 0 {
		return int64(extra) * plan.OverageCentsPerKm, nil
	}
	return 0, nil
}

// ChargeAdHoc bills a one-off amount (fuel, tolls, cleaning). Callers must
// send an idempotency key; repeats of the same key return the first charge.
func (b *Billing) ChargeAdHoc(ctx context.Context, subID uuid.UUID, amountCents int64, description string) (*domain.Charge, error) {
	key := reqctx.IdempotencyKey(ctx)
	if key == "" {
		return nil, domain.ErrIdempotencyKeyRequired
	}
	if amountCents <= 0 || description == "" {
		return nil, fmt.Errorf("amount and description: %w", domain.ErrInvalidArgument)
	}
	sub, err := b.subs.Get(ctx, subID)
	if err != nil {
		return nil, err
	}
	plan, err := b.catalog.Plan(ctx, sub.PlanCode)
	if err != nil {
		return nil, err
	}

	chargeKey := "adhoc:" + sub.ID.String() + ":" + key
	charge, err := b.charges.InsertIfAbsent(ctx, &domain.Charge{
		ID:             uuid.New(),
		SubscriptionID: sub.ID,
		Kind:           domain.ChargeAdHoc,
		AmountCents:    amountCents,
		Currency:       plan.Currency,
		Description:    description,
		Status:         domain.ChargePending,
		IdempotencyKey: &chargeKey,
	})
	if err != nil {
		return nil, fmt.Errorf("record charge: %w", err)
	}
	if charge.Status != domain.ChargePending {
		return charge, nil
	}
	cust, err := b.customers.Get(ctx, sub.CustomerID)
	if err != nil {
		return nil, err
	}
	return collect(ctx, b.payments, b.charges, cust, charge)
}

// Refund returns money on a succeeded charge. Operators trigger it from the
// admin API.
func (b *Billing) Refund(ctx context.Context, chargeID uuid.UUID, amountCents int64, reason string) (*domain.Refund, error) {
	charge, err := b.charges.Get(ctx, chargeID)
	if err != nil {
		return nil, err
	}
	if charge.Status != domain.ChargeSucceeded || charge.ProviderChargeID == nil {
		return nil, fmt.Errorf("charge %s is %s: %w", chargeID, charge.Status, domain.ErrInvalidState)
	}
	if amountCents <= 0 || amountCents > charge.AmountCents {
		return nil, fmt.Errorf("refund amount: %w", domain.ErrInvalidArgument)
	}
	if err := b.audit.Record(ctx, "charge.refund", chargeID.String(), map[string]any{
		"amount_cents": amountCents, "reason": reason,
	}); err != nil {
		return nil, fmt.Errorf("audit: %w", err)
	}

	res, err := b.payments.Refund(ctx, payments.RefundRequest{
		IdempotencyKey: "rf_" + xid.New().String(),
		ChargeID:       *charge.ProviderChargeID,
		AmountCents:    amountCents,
		Reason:         reason,
	})
	if err != nil {
		return nil, fmt.Errorf("refund charge %s: %w", chargeID, err)
	}

	refund := &domain.Refund{
		ID:               uuid.New(),
		ChargeID:         charge.ID,
		ProviderRefundID: res.ID,
		AmountCents:      amountCents,
		Reason:           reason,
		Status:           domain.RefundRequested,
		RequestedBy:      reqctx.Actor(ctx),
	}
	if err := b.refunds.Create(ctx, refund); err != nil {
		return nil, fmt.Errorf("record refund %s: %w", res.ID, err)
	}
	return refund, nil
}

// collect sends a stored charge to Paywell. The charge's own idempotency
// key goes on the request, so calling collect again for the same row
// returns the provider's original result.
func collect(ctx context.Context, pg PaymentGateway, charges ChargeRepository, cust *domain.Customer, charge *domain.Charge) (*domain.Charge, error) {
	res, err := pg.Charge(ctx, payments.ChargeRequest{
		IdempotencyKey: *charge.IdempotencyKey,
		CustomerRef:    customerRef(cust),
		AmountCents:    charge.AmountCents,
		Currency:       charge.Currency,
		Description:    charge.Description,
		Metadata:       map[string]string{"charge_id": charge.ID.String()},
	})
	switch {
	case errors.Is(err, payments.ErrDeclined):
		providerID := ""
		if res != nil {
			providerID = res.ID
		}
		if err := charges.MarkResult(ctx, charge.ID, domain.ChargeFailed, providerID, "declined"); err != nil {
			return nil, err
		}
		charge.Status = domain.ChargeFailed
		return charge, domain.ErrPaymentDeclined
	case err != nil:
		return nil, fmt.Errorf("collect charge %s: %w", charge.ID, err)
	}
	if err := charges.MarkResult(ctx, charge.ID, domain.ChargeProcessing, res.ID, ""); err != nil {
		return nil, err
	}
	charge.Status = domain.ChargeProcessing
	charge.ProviderChargeID = &res.ID
	return charge, nil
}

func customerRef(c *domain.Customer) string {
	if c.PaymentCustomerRef != nil {
		return *c.PaymentCustomerRef
	}
	return "cus_" + c.ID.String()
}
