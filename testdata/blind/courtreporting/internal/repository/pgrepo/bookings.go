package pgrepo

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/stenoline-legal/depobook/internal/domain"
)

type Firms struct{ base }

func NewFirms(db *bun.DB) *Firms { return &Firms{base{db}} }

func (r *Firms) Get(ctx context.Context, id string) (*domain.Firm, error) {
	f := new(domain.Firm)
	err := r.conn(ctx).NewSelect().Model(f).Where("id = ?", id).Scan(ctx)
	return f, notFound(err)
}

func (r *Firms) ListAttorneys(ctx context.Context, firmID string) ([]domain.Attorney, error) {
	var out []domain.Attorney
	err := r.conn(ctx).NewSelect().Model(&out).Where("firm_id = ?", firmID).Order("name").Scan(ctx)
	return out, err
}

type Bookings struct{ base }

func NewBookings(db *bun.DB) *Bookings { return &Bookings{base{db}} }

func (r *Bookings) Insert(ctx context.Context, b *domain.Booking) error {
	_, err := r.conn(ctx).NewInsert().Model(b).Returning("created_at, updated_at").Exec(ctx)
	return err
}

func (r *Bookings) Get(ctx context.Context, id string) (*domain.Booking, error) {
	b := new(domain.Booking)
	err := r.conn(ctx).NewSelect().Model(b).Where("id = ?", id).Scan(ctx)
	return b, notFound(err)
}

func (r *Bookings) GetForFirm(ctx context.Context, firmID, id string) (*domain.Booking, error) {
	b := new(domain.Booking)
	err := r.conn(ctx).NewSelect().Model(b).
		Where("id = ?", id).
		Where("firm_id = ?", firmID).
		Scan(ctx)
	return b, notFound(err)
}

func (r *Bookings) FindByPortalMatter(ctx context.Context, matterID string) (*domain.Booking, error) {
	b := new(domain.Booking)
	err := r.conn(ctx).NewSelect().Model(b).Where("portal_matter_id = ?", matterID).Scan(ctx)
	return b, notFound(err)
}

func (r *Bookings) SetRush(ctx context.Context, id string, turnaroundDays int) error {
	_, err := r.conn(ctx).NewUpdate().Model((*domain.Booking)(nil)).
		Set("rush = true").
		Set("rush_turnaround_days = ?", turnaroundDays).
		Set("updated_at = now()").
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (r *Bookings) UpdateStatus(ctx context.Context, id string, status domain.BookingStatus) error {
	res, err := r.conn(ctx).NewUpdate().Model((*domain.Booking)(nil)).
		Set("status = ?", status).
		Set("updated_at = now()").
		Where("id = ?", id).
		Exec(ctx)
	if err != nil {
		return err
	}
	if ok, err := affected(res); err != nil || !ok {
		if err == nil {
			err = domain.ErrNotFound
		}
		return err
	}
	return nil
}

func (r *Bookings) SetPortalMatter(ctx context.Context, id, matterID string) (bool, error) {
	res, err := r.conn(ctx).NewUpdate().Model((*domain.Booking)(nil)).
		Set("portal_matter_id = ?", matterID).
		Set("updated_at = now()").
		Where("id = ?", id).
		Where("portal_matter_id IS NULL").
		Exec(ctx)
	if err != nil {
		return false, err
	}
	return affected(res)
}

func (r *Bookings) ClaimConfirmation(ctx context.Context, id string, at time.Time) (bool, error) {
	res, err := r.conn(ctx).NewUpdate().Model((*domain.Booking)(nil)).
		Set("confirmation_sent_at = ?", at).
		Where("id = ?", id).
		Where("confirmation_sent_at IS NULL").
		Exec(ctx)
	if err != nil {
		return false, err
	}
	return affected(res)
}

type IdempotencyKeys struct{ base }

func NewIdempotencyKeys(db *bun.DB) *IdempotencyKeys { return &IdempotencyKeys{base{db}} }

func (r *IdempotencyKeys) Claim(ctx context.Context, k *domain.IdempotencyKey) (bool, *domain.IdempotencyKey, error) {
	db := r.conn(ctx)
	res, err := db.NewInsert().Model(k).
		On("CONFLICT (firm_id, key) DO NOTHING").
		Exec(ctx)
	if err != nil {
		return false, nil, err
	}
	if ok, err := affected(res); err != nil || ok {
		return ok, nil, err
	}
	stored := new(domain.IdempotencyKey)
	err = db.NewSelect().Model(stored).
		Where("firm_id = ?", k.FirmID).
		Where("key = ?", k.Key).
		Scan(ctx)
	return false, stored, err
}

func (r *IdempotencyKeys) Attach(ctx context.Context, firmID, key, bookingID string) error {
	_, err := r.conn(ctx).NewUpdate().Model((*domain.IdempotencyKey)(nil)).
		Set("booking_id = ?", bookingID).
		Where("firm_id = ?", firmID).
		Where("key = ?", key).
		Exec(ctx)
	return err
}

type Charges struct{ base }

func NewCharges(db *bun.DB) *Charges { return &Charges{base{db}} }

func (r *Charges) Add(ctx context.Context, c *domain.BookingCharge) error {
	_, err := r.conn(ctx).NewInsert().Model(c).Exec(ctx)
	return err
}

func (r *Charges) ListForBooking(ctx context.Context, bookingID string) ([]domain.BookingCharge, error) {
	var out []domain.BookingCharge
	err := r.conn(ctx).NewSelect().Model(&out).
		Where("booking_id = ?", bookingID).
		Order("created_at").
		Scan(ctx)
	return out, err
}

func (r *Charges) AddCopyOrder(ctx context.Context, o *domain.CopyOrder) error {
	_, err := r.conn(ctx).NewInsert().Model(o).Returning("created_at").Exec(ctx)
	return err
}
