package recurring

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"
	"go.uber.org/zap"

	"github.com/kindredgive/donations/internal/domain"
	"github.com/kindredgive/donations/internal/platform/idgen"
	"github.com/kindredgive/donations/internal/providers/processor"
)

// ChargeInstallment takes the monthly payment for planID in period. The
// processor call is keyed on (plan, period) so a repeated charge is answered
// from the processor's idempotency cache rather than charged again.
func (s *service) ChargeInstallment(ctx context.Context, planID, period string) error {
	plan, err := s.plans.GetPlan(ctx, planID)
	if err != nil {
		return fmt.Errorf("load plan %s: %w", planID, err)
	}
	if plan.Status != domain.PlanActive || plan.StoredPaymentToken == nil {
		s.log.Info("skipping installment for inactive plan", zap.String("plan_id", planID))
		return nil
	}

	key := idgen.Derive("plan", plan.ID, period)
	res, err := s.processor.Authorise(ctx, processor.PaymentRequest{
		Amount:    processor.Amount{Value: plan.AmountPence, Currency: plan.Currency},
		Reference: key,
		PaymentMethod: processor.PaymentMethod{
			Type:                  "scheme",
			StoredPaymentMethodID: *plan.StoredPaymentToken,
		},
		ShopperReference:         plan.ShopperReference,
		ShopperInteraction:       "ContAuth",
		RecurringProcessingModel: "Subscription",
	}, processor.WithIdempotencyKey(key))
	if err != nil {
		return fmt.Errorf("charge installment %s: %w", key, err)
	}

	donation := &domain.Donation{
		ID:              idgen.UUID(),
		DonorID:         plan.DonorID,
		CharityID:       plan.CharityID,
		RecurringPlanID: &plan.ID,
		AmountPence:     plan.AmountPence,
		Currency:        plan.Currency,
		Status:          domain.DonationAuthorised,
		PSPReference:    &res.PSPReference,
		GiftAidEligible: plan.GiftAid,
	}
	inst := &domain.Installment{
		PlanID:       plan.ID,
		Period:       period,
		DonationID:   donation.ID,
		PSPReference: &res.PSPReference,
		Status:       "authorised",
	}
	if !res.Authorised() {
		donation.Status = domain.DonationFailed
		donation.FailureReason = &res.RefusalReason
		inst.Status = "refused"
	}

	return s.tx.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := s.donations.WithTx(tx).Insert(ctx, donation); err != nil {
			return err
		}
		if err := s.plans.WithTx(tx).InsertInstallment(ctx, inst); err != nil {
			return fmt.Errorf("record installment %s: %w", key, err)
		}
		return s.plans.WithTx(tx).AdvanceNextCharge(ctx, plan.ID, nextAfterPeriod(period, plan.DayOfMonth))
	})
}

func nextAfterPeriod(period string, day int) time.Time {
	t, err := time.Parse("2006-01", period)
	if err != nil {
		return time.Now().UTC().AddDate(0, 1, 0)
	}
	return NextChargeDate(t.AddDate(0, 1, 0).Add(-time.Hour), day)
}
