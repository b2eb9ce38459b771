package store

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/fairwaylinks/teetimes/internal/domain"
	"github.com/fairwaylinks/teetimes/internal/platform/db"
)

// ContractorStore persists marketplace contractors.
type ContractorStore interface {
	Get(ctx context.Context, id string) (*domain.Contractor, error)
	UpsertByEmail(ctx context.Context, c *domain.Contractor) (*domain.Contractor, error)
}

type contractorStore struct {
	*db.Repository[domain.Contractor]
}

// NewContractorStore builds a ContractorStore.
func NewContractorStore(g *gorm.DB) *contractorStore {
	return &contractorStore{db.NewRepository[domain.Contractor](g)}
}

// UpsertByEmail creates the contractor or refreshes the profile fields of
// the one already registered under the same email, returning the stored row.
func (s *contractorStore) UpsertByEmail(ctx context.Context, c *domain.Contractor) (*domain.Contractor, error) {
	c.UpdatedAt = time.Now().UTC()
	err := s.Conn(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "email"}},
		DoUpdates: clause.AssignmentColumns([]string{"full_name", "phone", "hourly_rate_cents", "updated_at"}),
	}).Create(c).Error
	if err != nil {
		return nil, err
	}
	return s.FindOne(ctx, "email = ?", c.Email)
}

// SessionStore persists coaching and caddie sessions.
type SessionStore interface {
	Create(ctx context.Context, s *domain.CoachSession) error
	Get(ctx context.Context, id string) (*domain.CoachSession, error)
	Update(ctx context.Context, id string, cols map[string]any) (int64, error)
	UpdateWhere(ctx context.Context, cols map[string]any, query string, args ...any) (int64, error)
}

type sessionStore struct {
	*db.Repository[domain.CoachSession]
}

// NewSessionStore builds a SessionStore.
func NewSessionStore(g *gorm.DB) *sessionStore {
	return &sessionStore{db.NewRepository[domain.CoachSession](g)}
}

// PayoutStore persists contractor payouts.
type PayoutStore interface {
	CreateIgnoreConflict(ctx context.Context, p *domain.ContractorPayout, cols ...string) (bool, error)
	Get(ctx context.Context, id string) (*domain.ContractorPayout, error)
	FindOne(ctx context.Context, query string, args ...any) (*domain.ContractorPayout, error)
	Update(ctx context.Context, id string, cols map[string]any) (int64, error)
}

type payoutStore struct {
	*db.Repository[domain.ContractorPayout]
}

// NewPayoutStore builds a PayoutStore.
func NewPayoutStore(g *gorm.DB) *payoutStore {
	return &payoutStore{db.NewRepository[domain.ContractorPayout](g)}
}
