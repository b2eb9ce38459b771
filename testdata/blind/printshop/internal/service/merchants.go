package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"time"

	"github.com/inkloop/printshop/internal/model"
	"github.com/inkloop/printshop/internal/repository"
)

type Merchants struct {
	merchants repository.MerchantRepository
}

func NewMerchants(merchants repository.MerchantRepository) *Merchants {
	return &Merchants{merchants: merchants}
}

func HashAPIKey(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:])
}

func (s *Merchants) Authenticate(ctx context.Context, apiKey string) (*model.Merchant, error) {
	if apiKey == "" {
		return nil, ErrForbidden
	}
	m, err := s.merchants.GetByAPIKeyHash(ctx, HashAPIKey(apiKey))
	if errors.Is(err, repository.ErrNotFound) {
		return nil, ErrForbidden
	}
	return m, err
}

// Uninstall deactivates the merchant. Repeating it keeps the first
// uninstall time.
func (s *Merchants) Uninstall(ctx context.Context, shopDomain string, at time.Time) error {
	m, err := s.merchants.GetByDomain(ctx, shopDomain)
	if errors.Is(err, repository.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	return s.merchants.MarkUninstalled(ctx, m.ID, at)
}
