package service

import (
	"context"
	"fmt"

	"github.com/example/topup/internal/domain"
	"github.com/example/topup/internal/store/sqlxstore"
)

type AutoRechargeStore interface {
	UpsertAutoRecharge(ctx context.Context, q sqlxstore.Queryer, s domain.AutoRecharge) (*domain.AutoRecharge, error)
}

type SettingsService struct {
	db    sqlxstore.Queryer
	store AutoRechargeStore
}

func NewSettingsService(db sqlxstore.Queryer, store AutoRechargeStore) *SettingsService {
	return &SettingsService{db: db, store: store}
}

func (s *SettingsService) PutAutoRecharge(ctx context.Context, in domain.AutoRecharge) (*domain.AutoRecharge, error) {
	if in.Enabled {
		if in.AmountCents < minTopUpCents || in.AmountCents > maxTopUpCents {
			return nil, fmt.Errorf("%w: amount out of range", domain.ErrValidation)
		}
		if in.ThresholdCents <= 0 {
			return nil, fmt.Errorf("%w: threshold must be positive", domain.ErrValidation)
		}
		if in.Operator == "" {
			return nil, fmt.Errorf("%w: operator is required", domain.ErrValidation)
		}
	}
	return s.store.UpsertAutoRecharge(ctx, s.db, in)
}
