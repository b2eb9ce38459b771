package repository

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/haulright/movers/internal/domain"
	"github.com/haulright/movers/internal/platform/database"
)

// ErrSlotTaken is returned when a crew member is already booked that day.
var ErrSlotTaken = errors.New("repository: crew member already booked on that date")

type RosterLine struct {
	CrewMemberID int64
	FullName     string
	Phone        string
	BookingID    uuid.UUID
	Origin       string
	Role         string
}

type CrewRepository interface {
	WithTx(tx *gorm.DB) CrewRepository
	GetMember(ctx context.Context, id int64) (*domain.CrewMember, error)
	Assign(ctx context.Context, a *domain.CrewAssignment) (bool, error)
	ForBooking(ctx context.Context, bookingID uuid.UUID) ([]domain.CrewAssignment, error)
	ReserveSlot(ctx context.Context, s *domain.CrewSlot) error
	ReleaseSlots(ctx context.Context, bookingID uuid.UUID) error
	Roster(ctx context.Context, day time.Time) ([]RosterLine, error)
}

type crewRepo struct{ db *gorm.DB }

func NewCrewRepository(db *gorm.DB) CrewRepository { return &crewRepo{db: db} }

func (r *crewRepo) WithTx(tx *gorm.DB) CrewRepository { return &crewRepo{db: tx} }

func (r *crewRepo) GetMember(ctx context.Context, id int64) (*domain.CrewMember, error) {
	return first[domain.CrewMember](ctx, r.db, "id = ? AND active", id)
}

func (r *crewRepo) Assign(ctx context.Context, a *domain.CrewAssignment) (bool, error) {
	if a.AssignedAt.IsZero() {
		a.AssignedAt = time.Now().UTC()
	}
	return insertIgnore(ctx, r.db, a, "booking_id", "crew_member_id")
}

func (r *crewRepo) ForBooking(ctx context.Context, bookingID uuid.UUID) ([]domain.CrewAssignment, error) {
	var out []domain.CrewAssignment
	err := r.db.WithContext(ctx).Where("booking_id = ?", bookingID).Order("crew_member_id").Find(&out).Error
	return out, err
}

func (r *crewRepo) ReserveSlot(ctx context.Context, s *domain.CrewSlot) error {
	err := r.db.WithContext(ctx).Create(s).Error
	if database.IsUniqueViolation(err) {
		return ErrSlotTaken
	}
	return err
}

func (r *crewRepo) ReleaseSlots(ctx context.Context, bookingID uuid.UUID) error {
	return r.db.WithContext(ctx).Where("booking_id = ?", bookingID).Delete(&domain.CrewSlot{}).Error
}

func (r *crewRepo) Roster(ctx context.Context, day time.Time) ([]RosterLine, error) {
	var out []RosterLine
	err := r.db.WithContext(ctx).
		Table("crew_slots s").
		Select("m.id AS crew_member_id, m.full_name, m.phone, b.id AS booking_id, b.origin_address AS origin, a.role").
		Joins("JOIN crew_members m ON m.id = s.crew_member_id").
		Joins("JOIN bookings b ON b.id = s.booking_id").
		Joins("JOIN crew_assignments a ON a.booking_id = s.booking_id AND a.crew_member_id = s.crew_member_id").
		Where("s.slot_date = ? AND b.status IN ?", day.Format("2006-01-02"),
			[]domain.BookingStatus{domain.BookingConfirmed, domain.BookingInProgress}).
		Order("m.id").
		Scan(&out).Error
	return out, err
}
