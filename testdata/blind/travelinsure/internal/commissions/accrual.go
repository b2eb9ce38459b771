// Package commissions accrues partner commission on paid policies and
// produces the monthly commission statements.
package commissions

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/uptrace/bun"

	"github.com/skyguard-travel/policyhub/internal/models"
	"github.com/skyguard-travel/policyhub/internal/platform/repository"
	"github.com/skyguard-travel/policyhub/internal/tasks"
)

// Accruer handles commission:accrue.
type Accruer interface {
	HandleAccrue(ctx context.Context, t *asynq.Task) error
}

// RateFunc returns the commission rate in basis points for a partner and
// product.
type RateFunc func(p *models.Partner, productCode string) int

// DefaultRate uses the partner's contracted rate, with the airline uplift on
// the PREMIUM product.
func DefaultRate(p *models.Partner, productCode string) int {
	if p.Kind == models.PartnerAirline && productCode == "PREMIUM" {
		return p.CommissionBps + 250
	}
	return p.CommissionBps
}

type accruer struct {
	db       *bun.DB
	policies *repository.Repository[models.Policy]
	partners *repository.Repository[models.Partner]
	rate     RateFunc
	log      *slog.Logger
}

// NewAccruer returns the commission:accrue handler.
func NewAccruer(db *bun.DB, rate RateFunc, log *slog.Logger) Accruer {
	if rate == nil {
		rate = DefaultRate
	}
	return &accruer{
		db:       db,
		policies: repository.New[models.Policy](db),
		partners: repository.New[models.Partner](db),
		rate:     rate,
		log:      log,
	}
}

// Commission rounds half up.
func Commission(premiumMinor int64, bps int) int64 {
	return (premiumMinor*int64(bps) + 5000) / 10000
}

func (a *accruer) HandleAccrue(ctx context.Context, t *asynq.Task) error {
	payload, err := tasks.Decode[tasks.PolicyPayload](t)
	if err != nil {
		return err
	}
	pol, err := a.policies.Get(ctx, payload.PolicyID)
	if err != nil {
		return err
	}
	partner, err := a.partners.Get(ctx, pol.PartnerID)
	if err != nil {
		return err
	}

	bps := a.rate(partner, pol.ProductCode)
	accrual := &models.CommissionAccrual{
		ID:              uuid.New(),
		PolicyID:        pol.ID,
		PartnerID:       partner.ID,
		PolicyNumber:    pol.PolicyNumber,
		PremiumMinor:    pol.PremiumMinor,
		RateBps:         bps,
		CommissionMinor: Commission(pol.PremiumMinor, bps),
		Currency:        pol.Currency,
		AccruedAt:       time.Now().UTC(),
	}

	return a.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(accrual).Exec(ctx); err != nil {
			return fmt.Errorf("insert accrual for %s: %w", pol.PolicyNumber, err)
		}
		_, err := tx.NewUpdate().Model((*models.Partner)(nil)).
			Set("accrued_minor = accrued_minor + ?", accrual.CommissionMinor).
			Where("id = ?", partner.ID).
			Exec(ctx)
		return err
	})
}
