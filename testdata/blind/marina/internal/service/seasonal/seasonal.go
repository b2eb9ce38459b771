// Package seasonal manages seasonal berth contracts and their installment
// plans.
package seasonal

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/segmentio/ksuid"
	"go.uber.org/zap"

	"github.com/harbourline/marina/internal/domain"
	"github.com/harbourline/marina/internal/providers/stripepay"
	"github.com/harbourline/marina/internal/service/billing"
	"github.com/harbourline/marina/internal/storage"
)

type Service struct {
	store   storage.Store
	billing *billing.Service
	log     *zap.Logger
	newID   func() string
	now     func() time.Time
}

func NewService(store storage.Store, b *billing.Service, log *zap.Logger) *Service {
	return &Service{
		store:   store,
		billing: b,
		log:     log.Named("seasonal"),
		newID:   func() string { return "sc_" + ksuid.New().String() },
		now:     time.Now,
	}
}

type CreateInput struct {
	Pier         string
	VesselID     string
	BoaterID     string
	Season       int
	StartsOn     time.Time
	EndsOn       time.Time
	TotalCents   int64
	Installments int
	CreatedBy    string
}

func (in CreateInput) validate() error {
	switch {
	case in.Pier == "" || in.VesselID == "" || in.BoaterID == "":
		return domain.Invalid("pier, vessel_id and boater_id are required")
	case !in.EndsOn.After(in.StartsOn):
		return domain.Invalid("ends_on must be after starts_on")
	case in.TotalCents <= 0:
		return domain.Invalid("total_cents must be positive")
	case in.Installments < 1 || in.Installments > 12:
		return domain.Invalid("installments must be between 1 and 12")
	}
	return nil
}

// Create records a seasonal contract and its installment schedule: the first
// installment is due on signing, the rest monthly after it.
func (s *Service) Create(ctx context.Context, in CreateInput) (*domain.SeasonalContract, []domain.Installment, error) {
	if err := in.validate(); err != nil {
		return nil, nil, err
	}
	c := &domain.SeasonalContract{
		ID:         s.newID(),
		Pier:       in.Pier,
		VesselID:   in.VesselID,
		BoaterID:   in.BoaterID,
		Season:     in.Season,
		StartsOn:   in.StartsOn,
		EndsOn:     in.EndsOn,
		TotalCents: in.TotalCents,
		Status:     "active",
		CreatedBy:  in.CreatedBy,
	}
	plan := schedule(c.ID, in.TotalCents, in.Installments, s.now())

	err := s.store.Do(ctx, func(ctx context.Context, tx *storage.Tx) error {
		if err := tx.Contracts.Insert(ctx, c); err != nil {
			return fmt.Errorf("insert contract: %w", err)
		}
		for i := range plan {
			if err := tx.Contracts.InsertInstallment(ctx, &plan[i]); err != nil {
				return fmt.Errorf("insert installment %d: %w", plan[i].Seq, err)
			}
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	return c, plan, nil
}

func schedule(contractID string, total int64, n int, signed time.Time) []domain.Installment {
	each := total / int64(n)
	first := signed.Truncate(24 * time.Hour)
	out := make([]domain.Installment, n)
	for i := range out {
		amount := each
		if i == n-1 {
			amount = total - each*int64(n-1)
		}
		out[i] = domain.Installment{
			ID:          uuid.NewString(),
			ContractID:  contractID,
			Seq:         i + 1,
			DueOn:       first.AddDate(0, i, 0),
			AmountCents: amount,
			Status:      "scheduled",
		}
	}
	return out
}

// ChargeDue collects one due installment from the boater's saved card.
// A declined card leaves the installment for the next sweep.
func (s *Service) ChargeDue(ctx context.Context, d storage.DueInstallment) error {
	repos := s.store.Repos()
	boater, err := repos.Boaters.Get(ctx, d.BoaterID)
	if err != nil {
		return err
	}
	p, err := s.billing.Intent(ctx, repos, domain.Payment{
		OpKey:         "installment:" + d.ID,
		Purpose:       domain.PurposeInstallment,
		BoaterID:      d.BoaterID,
		InstallmentID: d.ID,
		AmountCents:   d.AmountCents,
	})
	if err != nil {
		return err
	}

	// Stripe replays the stored decline for a reused key, so each sweep
	// attempt gets its own key.
	attemptKey := fmt.Sprintf("%s/%d", p.OpKey, s.now().UnixNano())
	desc := fmt.Sprintf("Seasonal berth %d, pier %s: installment %d", d.Season, d.Pier, d.Seq)
	p, err = s.billing.Collect(ctx, p, boater, desc, stripepay.WithIdempotencyKey(attemptKey))
	if errors.Is(err, billing.ErrDeclined) {
		s.log.Info("installment declined", zap.String("installment_id", d.ID), zap.Error(err))
		return repos.Contracts.MarkInstallmentFailed(ctx, d.ID)
	}
	if err != nil {
		return err
	}
	if _, err := repos.Contracts.MarkInstallmentPaid(ctx, d.ID, p.ID); err != nil {
		return fmt.Errorf("mark installment %s paid: %w", d.ID, err)
	}
	return nil
}

// Due lists installments due on or before asOf.
func (s *Service) Due(ctx context.Context, asOf time.Time, limit int) ([]storage.DueInstallment, error) {
	return s.store.Repos().Contracts.DueInstallments(ctx, asOf, limit)
}
