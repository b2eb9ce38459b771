package store

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/fairwaylinks/teetimes/internal/domain"
	"github.com/fairwaylinks/teetimes/internal/platform/db"
)

// BookingStore persists bookings.
type BookingStore interface {
	Create(ctx context.Context, b *domain.Booking) error
	CreateIgnoreConflict(ctx context.Context, b *domain.Booking, cols ...string) (bool, error)
	Get(ctx context.Context, id string) (*domain.Booking, error)
	GetForUpdate(ctx context.Context, id string) (*domain.Booking, error)
	Update(ctx context.Context, id string, cols map[string]any) (int64, error)
	UpdateWhere(ctx context.Context, cols map[string]any, query string, args ...any) (int64, error)
	ForCourseDay(ctx context.Context, courseID string, day time.Time, statuses ...domain.BookingStatus) ([]domain.Booking, error)
	ApplyCredit(ctx context.Context, id string, cents int64) error
}

type bookingStore struct {
	*db.Repository[domain.Booking]
}

// NewBookingStore builds a BookingStore.
func NewBookingStore(g *gorm.DB) *bookingStore {
	return &bookingStore{db.NewRepository[domain.Booking](g)}
}

func (s *bookingStore) ForCourseDay(ctx context.Context, courseID string, day time.Time, statuses ...domain.BookingStatus) ([]domain.Booking, error) {
	start := time.Date(day.Year(), day.Month(), day.Day(), 0, 0, 0, 0, day.Location())
	var out []domain.Booking
	err := s.Conn(ctx).
		Joins("JOIN tee_times tt ON tt.id = bookings.tee_time_id").
		Where("bookings.course_id = ? AND tt.starts_at >= ? AND tt.starts_at < ? AND bookings.status IN ?",
			courseID, start, start.AddDate(0, 0, 1), statuses).
		Order("tt.starts_at, bookings.created_at").
		Find(&out).Error
	return out, err
}

// ApplyCredit records credit against the booking and lowers what is due,
// never below zero.
func (s *bookingStore) ApplyCredit(ctx context.Context, id string, cents int64) error {
	return s.Conn(ctx).Model(&domain.Booking{}).Where("id = ?", id).Updates(map[string]any{
		"credit_cents":     gorm.Expr("credit_cents + ?", cents),
		"amount_due_cents": gorm.Expr("GREATEST(amount_due_cents - ?, 0)", cents),
		"updated_at":       time.Now().UTC(),
	}).Error
}

// CreditStore persists booking credits.
type CreditStore interface {
	Create(ctx context.Context, c *domain.BookingCredit) error
	CreateIgnoreConflict(ctx context.Context, c *domain.BookingCredit, cols ...string) (bool, error)
	FindBySource(ctx context.Context, sourceType, sourceID, bookingID string) (*domain.BookingCredit, error)
}

type creditStore struct {
	*db.Repository[domain.BookingCredit]
}

// NewCreditStore builds a CreditStore.
func NewCreditStore(g *gorm.DB) *creditStore {
	return &creditStore{db.NewRepository[domain.BookingCredit](g)}
}

func (s *creditStore) FindBySource(ctx context.Context, sourceType, sourceID, bookingID string) (*domain.BookingCredit, error) {
	return s.FindOne(ctx, "source_type = ? AND source_id = ? AND booking_id = ?", sourceType, sourceID, bookingID)
}

// MemberStore reads members.
type MemberStore interface {
	Get(ctx context.Context, id string) (*domain.Member, error)
}

type memberStore struct {
	*db.Repository[domain.Member]
}

// NewMemberStore builds a MemberStore.
func NewMemberStore(g *gorm.DB) *memberStore {
	return &memberStore{db.NewRepository[domain.Member](g)}
}
