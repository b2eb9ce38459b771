package repository

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/haulright/movers/internal/domain"
)

type BookingFilter struct {
	CustomerID *uuid.UUID
	Status     *domain.BookingStatus
	From, To   *time.Time
}

type BookingRepository interface {
	WithTx(tx *gorm.DB) BookingRepository
	Create(ctx context.Context, b *domain.Booking) error
	Get(ctx context.Context, id uuid.UUID) (*domain.Booking, error)
	GetForUpdate(ctx context.Context, id uuid.UUID) (*domain.Booking, error)
	SetStatus(ctx context.Context, id uuid.UUID, status domain.BookingStatus) error
	SetMoveDate(ctx context.Context, id uuid.UUID, date time.Time) error
	MarkConfirmationSent(ctx context.Context, id uuid.UUID, at time.Time) error
	AddChange(ctx context.Context, c *domain.BookingChange) error
	ChangeFees(ctx context.Context, bookingID uuid.UUID) (int64, error)
	List(ctx context.Context, f BookingFilter, p Page) (PageResult[domain.Booking], error)
}

type bookingRepo struct{ db *gorm.DB }

func NewBookingRepository(db *gorm.DB) BookingRepository { return &bookingRepo{db: db} }

func (r *bookingRepo) WithTx(tx *gorm.DB) BookingRepository { return &bookingRepo{db: tx} }

func (r *bookingRepo) Create(ctx context.Context, b *domain.Booking) error {
	return r.db.WithContext(ctx).Create(b).Error
}

func (r *bookingRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Booking, error) {
	return first[domain.Booking](ctx, r.db, "id = ?", id)
}

func (r *bookingRepo) GetForUpdate(ctx context.Context, id uuid.UUID) (*domain.Booking, error) {
	return lockFirst[domain.Booking](ctx, r.db, "id = ?", id)
}

func (r *bookingRepo) SetStatus(ctx context.Context, id uuid.UUID, status domain.BookingStatus) error {
	return r.db.WithContext(ctx).Model(&domain.Booking{}).Where("id = ?", id).
		Updates(map[string]any{"status": status, "updated_at": time.Now().UTC()}).Error
}

func (r *bookingRepo) SetMoveDate(ctx context.Context, id uuid.UUID, date time.Time) error {
	return r.db.WithContext(ctx).Model(&domain.Booking{}).Where("id = ?", id).
		Updates(map[string]any{"move_date": date, "updated_at": time.Now().UTC()}).Error
}

func (r *bookingRepo) MarkConfirmationSent(ctx context.Context, id uuid.UUID, at time.Time) error {
	return r.db.WithContext(ctx).Model(&domain.Booking{}).Where("id = ?", id).
		Update("confirmation_sent_at", at).Error
}

func (r *bookingRepo) AddChange(ctx context.Context, c *domain.BookingChange) error {
	return r.db.WithContext(ctx).Create(c).Error
}

func (r *bookingRepo) ChangeFees(ctx context.Context, bookingID uuid.UUID) (int64, error) {
	var total int64
	err := r.db.WithContext(ctx).Model(&domain.BookingChange{}).
		Where("booking_id = ?", bookingID).
		Select("COALESCE(SUM(fee_cents), 0)").Scan(&total).Error
	return total, err
}

func (r *bookingRepo) List(ctx context.Context, f BookingFilter, p Page) (PageResult[domain.Booking], error) {
	q := r.db
	if f.CustomerID != nil {
		q = q.Where("customer_id = ?", *f.CustomerID)
	}
	if f.Status != nil {
		q = q.Where("status = ?", *f.Status)
	}
	if f.From != nil {
		q = q.Where("move_date >= ?", *f.From)
	}
	if f.To != nil {
		q = q.Where("move_date < ?", *f.To)
	}
	return Paginate[domain.Booking](ctx, q, p, "move_date ASC")
}
