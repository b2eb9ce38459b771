package store

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/fairwaylinks/teetimes/internal/domain"
	"github.com/fairwaylinks/teetimes/internal/platform/db"
)

// WaitlistStore persists waitlist entries.
type WaitlistStore interface {
	Create(ctx context.Context, e *domain.WaitlistEntry) error
	Get(ctx context.Context, id string) (*domain.WaitlistEntry, error)
	Update(ctx context.Context, id string, cols map[string]any) (int64, error)
	NextEligible(ctx context.Context, courseID string, startsAt time.Time, localClock string, maxPlayers int) (*domain.WaitlistEntry, error)
	ListForMember(ctx context.Context, memberID string) ([]domain.WaitlistEntry, error)
}

type waitlistStore struct {
	*db.Repository[domain.WaitlistEntry]
}

// NewWaitlistStore builds a WaitlistStore.
func NewWaitlistStore(g *gorm.DB) *waitlistStore {
	return &waitlistStore{db.NewRepository[domain.WaitlistEntry](g)}
}

// NextEligible returns the oldest waiting entry for the day whose window
// covers the slot and whose group fits. The row is locked and skipped by
// concurrent fillers.
func (s *waitlistStore) NextEligible(ctx context.Context, courseID string, startsAt time.Time, localClock string, maxPlayers int) (*domain.WaitlistEntry, error) {
	var e domain.WaitlistEntry
	day := startsAt.Format("2006-01-02")
	err := s.Conn(ctx).
		Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
		Where("course_id = ? AND play_date = ? AND status = ? AND players <= ? AND window_start <= ? AND window_end >= ?",
			courseID, day, domain.WaitlistWaiting, maxPlayers, localClock, localClock).
		Order("created_at").
		Take(&e).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, db.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return &e, nil
}

func (s *waitlistStore) ListForMember(ctx context.Context, memberID string) ([]domain.WaitlistEntry, error) {
	return s.Find(ctx, "play_date, created_at", "member_id = ? AND status IN ?", memberID,
		[]string{domain.WaitlistWaiting, domain.WaitlistOffered})
}

// OfferStore persists waitlist offers.
type OfferStore interface {
	Create(ctx context.Context, o *domain.WaitlistOffer) error
	Get(ctx context.Context, id string) (*domain.WaitlistOffer, error)
	UpdateWhere(ctx context.Context, cols map[string]any, query string, args ...any) (int64, error)
	OpenForTeeTime(ctx context.Context, teeTimeID string) (*domain.WaitlistOffer, error)
	ExpireDue(ctx context.Context, now time.Time, limit int) ([]domain.WaitlistOffer, error)
}

type offerStore struct {
	*db.Repository[domain.WaitlistOffer]
}

// NewOfferStore builds an OfferStore.
func NewOfferStore(g *gorm.DB) *offerStore {
	return &offerStore{db.NewRepository[domain.WaitlistOffer](g)}
}

func (s *offerStore) OpenForTeeTime(ctx context.Context, teeTimeID string) (*domain.WaitlistOffer, error) {
	return s.FindOne(ctx, "tee_time_id = ? AND status = ?", teeTimeID, domain.OfferOpen)
}

// ExpireDue flips overdue open offers to expired and returns them.
func (s *offerStore) ExpireDue(ctx context.Context, now time.Time, limit int) ([]domain.WaitlistOffer, error) {
	var out []domain.WaitlistOffer
	err := s.Conn(ctx).Raw(`
		UPDATE waitlist_offers SET status = ?
		WHERE id IN (
			SELECT id FROM waitlist_offers
			WHERE status = ? AND expires_at <= ?
			ORDER BY expires_at
			LIMIT ?
			FOR UPDATE SKIP LOCKED
		)
		RETURNING *`, domain.OfferExpired, domain.OfferOpen, now, limit).Scan(&out).Error
	return out, err
}
