package premiums

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/keystonebail/bondline/internal/ledger"
	"github.com/keystonebail/bondline/internal/platform/apperr"
	"github.com/keystonebail/bondline/internal/platform/database"
	"github.com/keystonebail/bondline/internal/providers/stripepay"
)

// Plan finances part of a premium over monthly installments charged to a
// saved card.
type Plan struct {
	ID                    uuid.UUID     `db:"id" json:"id"`
	ApplicationID         uuid.UUID     `db:"application_id" json:"application_id"`
	StripeCustomerID      string        `db:"stripe_customer_id" json:"-"`
	StripePaymentMethodID string        `db:"stripe_payment_method_id" json:"-"`
	FinancedCents         int64         `db:"financed_cents" json:"financed_cents"`
	Installments          int           `db:"installments" json:"installments"`
	Schedule              []Installment `db:"-" json:"schedule"`
}

// Installment is one scheduled charge of a plan.
type Installment struct {
	PlanID      uuid.UUID `db:"plan_id" json:"-"`
	Seq         int       `db:"seq" json:"seq"`
	DueOn       time.Time `db:"due_on" json:"due_on"`
	AmountCents int64     `db:"amount_cents" json:"amount_cents"`
	Status      string    `db:"status" json:"status"`
}

// DueInstallment is an installment joined with what is needed to charge it.
type DueInstallment struct {
	Installment
	ApplicationID         uuid.UUID `db:"application_id"`
	StripeCustomerID      string    `db:"stripe_customer_id"`
	StripePaymentMethodID string    `db:"stripe_payment_method_id"`
}

// PlanRepository persists plans and their installments.
type PlanRepository interface {
	InsertPlan(ctx context.Context, db sqlx.ExtContext, p *Plan) error
	InsertInstallments(ctx context.Context, db sqlx.ExtContext, items []Installment) error
	ListDue(ctx context.Context, db sqlx.ExtContext, asOf time.Time, limit int) ([]DueInstallment, error)
	MarkCharged(ctx context.Context, db sqlx.ExtContext, planID uuid.UUID, seq int, intentID string, at time.Time) error
	MarkChargeFailed(ctx context.Context, db sqlx.ExtContext, planID uuid.UUID, seq int, reason string) error
}

// PlanInput is an agent's request to finance a premium.
type PlanInput struct {
	ApplicationID         uuid.UUID
	StripeCustomerID      string
	StripePaymentMethodID string
	FinancedCents         int64
	Installments          int
	FirstDueOn            time.Time
}

// CreatePlan sets up an installment plan and books the receivable.
func (s *Service) CreatePlan(ctx context.Context, in PlanInput) (*Plan, error) {
	if in.Installments < 2 || in.Installments > 12 {
		return nil, apperr.Invalid("installments must be between 2 and 12")
	}
	if in.FinancedCents <= 0 {
		return nil, apperr.Invalid("financed amount must be positive")
	}
	due, err := s.payments.PremiumDue(ctx, s.db, in.ApplicationID)
	if err != nil {
		return nil, err
	}
	if in.FinancedCents > due.PremiumCents-due.PaidCents {
		return nil, apperr.Invalid("financed amount exceeds the unpaid premium")
	}

	plan := &Plan{
		ID:                    uuid.New(),
		ApplicationID:         in.ApplicationID,
		StripeCustomerID:      in.StripeCustomerID,
		StripePaymentMethodID: in.StripePaymentMethodID,
		FinancedCents:         in.FinancedCents,
		Installments:          in.Installments,
	}
	for i, amt := range splitCents(in.FinancedCents, in.Installments) {
		plan.Schedule = append(plan.Schedule, Installment{
			PlanID:      plan.ID,
			Seq:         i + 1,
			DueOn:       in.FirstDueOn.AddDate(0, i, 0),
			AmountCents: amt,
			Status:      "scheduled",
		})
	}

	err = database.WithTx(ctx, s.db, func(tx *sqlx.Tx) error {
		if err := s.plans.InsertPlan(ctx, tx, plan); err != nil {
			return err
		}
		if err := s.plans.InsertInstallments(ctx, tx, plan.Schedule); err != nil {
			return err
		}
		return s.ledger.Post(ctx, tx, ledger.Entry{
			ApplicationID: ledger.Ref(plan.ApplicationID),
			Kind:          ledger.PremiumReceivable,
			AmountCents:   plan.FinancedCents,
			Reference:     "plan:" + plan.ID.String(),
			BusinessDate:  s.now(),
		})
	})
	if err != nil {
		return nil, fmt.Errorf("create plan: %w", err)
	}
	return plan, nil
}

// ChargeSummary reports what one run of the installment job did.
type ChargeSummary struct {
	Charged int
	Failed  int
}

// ChargeDueInstallments charges every scheduled installment due on or before
// asOf to the card saved on its plan.
func (s *Service) ChargeDueInstallments(ctx context.Context, asOf time.Time) (ChargeSummary, error) {
	var sum ChargeSummary
	due, err := s.plans.ListDue(ctx, s.db, asOf, 500)
	if err != nil {
		return sum, err
	}
	for _, inst := range due {
		charge, err := s.charger.Charge(ctx, stripepay.ChargeInput{
			AmountCents:     inst.AmountCents,
			CustomerID:      inst.StripeCustomerID,
			PaymentMethodID: inst.StripePaymentMethodID,
			OffSession:      true,
			Description:     fmt.Sprintf("Bail bond premium installment %d", inst.Seq),
			Metadata: map[string]string{
				"purpose":        "installment",
				"application_id": inst.ApplicationID.String(),
				"plan_id":        inst.PlanID.String(),
				"seq":            fmt.Sprint(inst.Seq),
			},
		})
		if err != nil {
			if errors.Is(err, stripepay.ErrCardDeclined) {
				sum.Failed++
				if mErr := s.plans.MarkChargeFailed(ctx, s.db, inst.PlanID, inst.Seq, err.Error()); mErr != nil {
					return sum, mErr
				}
				continue
			}
			return sum, fmt.Errorf("charge installment %s/%d: %w", inst.PlanID, inst.Seq, err)
		}
		if err := s.plans.MarkCharged(ctx, s.db, inst.PlanID, inst.Seq, charge.PaymentIntentID, s.now()); err != nil {
			return sum, err
		}
		sum.Charged++
	}
	slog.InfoContext(ctx, "installments charged", "charged", sum.Charged, "failed", sum.Failed)
	return sum, nil
}

// splitCents divides total into n parts that differ by at most a cent, the
// larger parts first.
func splitCents(total int64, n int) []int64 {
	parts := make([]int64, n)
	base, rem := total/int64(n), total%int64(n)
	for i := range parts {
		parts[i] = base
		if int64(i) < rem {
			parts[i]++
		}
	}
	return parts
}
