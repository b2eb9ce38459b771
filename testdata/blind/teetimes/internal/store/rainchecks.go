package store

import (
	"context"

	"gorm.io/gorm"

	"github.com/fairwaylinks/teetimes/internal/domain"
	"github.com/fairwaylinks/teetimes/internal/platform/db"
)

// ClosureStore persists course closures.
type ClosureStore interface {
	CreateIgnoreConflict(ctx context.Context, c *domain.CourseClosure, cols ...string) (bool, error)
	Get(ctx context.Context, id string) (*domain.CourseClosure, error)
	FindOne(ctx context.Context, query string, args ...any) (*domain.CourseClosure, error)
	Update(ctx context.Context, id string, cols map[string]any) (int64, error)
}

type closureStore struct {
	*db.Repository[domain.CourseClosure]
}

// NewClosureStore builds a ClosureStore.
func NewClosureStore(g *gorm.DB) *closureStore {
	return &closureStore{db.NewRepository[domain.CourseClosure](g)}
}

// RainCheckStore persists rain checks.
type RainCheckStore interface {
	Issue(ctx context.Context, rc *domain.RainCheck) error
	Get(ctx context.Context, id string) (*domain.RainCheck, error)
	UpdateWhere(ctx context.Context, cols map[string]any, query string, args ...any) (int64, error)
}

type rainCheckStore struct {
	*db.Repository[domain.RainCheck]
}

// NewRainCheckStore builds a RainCheckStore.
func NewRainCheckStore(g *gorm.DB) *rainCheckStore {
	return &rainCheckStore{db.NewRepository[domain.RainCheck](g)}
}

// Issue writes a new rain check.
func (s *rainCheckStore) Issue(ctx context.Context, rc *domain.RainCheck) error {
	return s.Conn(ctx).Exec(`
		INSERT INTO rain_checks (id, booking_id, member_id, closure_id, credit_cents, status, expires_at, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, now())`,
		rc.ID, rc.BookingID, rc.MemberID, rc.ClosureID, rc.CreditCents, rc.Status, rc.ExpiresAt).Error
}
