package store

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/tidewater-yc/clubhouse/internal/domain"
)

// ErrSoldOut is returned when a night has no free guest berth of the class.
var ErrSoldOut = fmt.Errorf("store: no guest berth available")

type GuestRepo struct{}

func (GuestRepo) Insert(ctx context.Context, db bun.IDB, b *domain.GuestBooking) error {
	_, err := db.NewInsert().Model(b).Exec(ctx)
	return err
}

func (GuestRepo) Get(ctx context.Context, db bun.IDB, id string) (*domain.GuestBooking, error) {
	return selectOne[domain.GuestBooking](ctx, db, "guest booking", "id = ?", id)
}

func (GuestRepo) GetForUpdate(ctx context.Context, tx bun.Tx, id string) (*domain.GuestBooking, error) {
	b := new(domain.GuestBooking)
	if err := tx.NewSelect().Model(b).Where("id = ?", id).For("UPDATE").Scan(ctx); err != nil {
		return nil, notFound(err, "guest booking")
	}
	return b, nil
}

func (GuestRepo) GetByPaymentIntent(ctx context.Context, db bun.IDB, piID string) (*domain.GuestBooking, error) {
	return selectOne[domain.GuestBooking](ctx, db, "guest booking", "payment_intent_id = ?", piID)
}

// Nights returns the inventory rows for [arrive, depart).
func (GuestRepo) Nights(ctx context.Context, db bun.IDB, class string, arrive, depart time.Time) ([]domain.GuestInventoryNight, error) {
	var out []domain.GuestInventoryNight
	err := db.NewSelect().Model(&out).
		Where("berth_class = ?", class).
		Where("night >= ? AND night < ?", arrive, depart).
		OrderExpr("night ASC").
		Scan(ctx)
	return out, err
}

// Reserve takes one berth of the class for each night in [arrive, depart).
func (GuestRepo) Reserve(ctx context.Context, db bun.IDB, class string, arrive, depart time.Time) error {
	for night := arrive; night.Before(depart); night = night.AddDate(0, 0, 1) {
		res, err := db.NewUpdate().Model((*domain.GuestInventoryNight)(nil)).
			Set("booked = booked + 1").
			Where("night = ?", night).
			Where("berth_class = ?", class).
			Where("booked < capacity").
			Exec(ctx)
		if err != nil {
			return err
		}
		n, err := affected(res)
		if err != nil {
			return err
		}
		if n == 0 {
			return fmt.Errorf("%s on %s: %w", class, night.Format(time.DateOnly), ErrSoldOut)
		}
	}
	return nil
}

// Release gives back the nights taken by Reserve.
func (GuestRepo) Release(ctx context.Context, db bun.IDB, class string, arrive, depart time.Time) error {
	_, err := db.NewUpdate().Model((*domain.GuestInventoryNight)(nil)).
		Set("booked = GREATEST(booked - 1, 0)").
		Where("berth_class = ?", class).
		Where("night >= ? AND night < ?", arrive, depart).
		Exec(ctx)
	return err
}

// AttachPaymentIntent sets the deposit intent if none is set.
func (GuestRepo) AttachPaymentIntent(ctx context.Context, db bun.IDB, id, piID string) error {
	_, err := db.NewUpdate().Model((*domain.GuestBooking)(nil)).
		Set("payment_intent_id = ?", piID).
		Where("id = ?", id).
		Where("payment_intent_id IS NULL").
		Exec(ctx)
	return err
}

// Transition moves a booking between statuses, reporting whether it matched.
func (GuestRepo) Transition(ctx context.Context, db bun.IDB, id, to string, from ...string) (bool, error) {
	res, err := db.NewUpdate().Model((*domain.GuestBooking)(nil)).
		Set("status = ?", to).
		Where("id = ?", id).
		Where("status IN (?)", bun.In(from)).
		Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

func (GuestRepo) InsertRefundIfAbsent(ctx context.Context, db bun.IDB, r *domain.GuestBookingRefund) error {
	_, err := db.NewInsert().Model(r).On("CONFLICT (booking_id) DO NOTHING").Exec(ctx)
	return err
}

func (GuestRepo) GetRefund(ctx context.Context, db bun.IDB, bookingID string) (*domain.GuestBookingRefund, error) {
	return selectOne[domain.GuestBookingRefund](ctx, db, "guest refund", "booking_id = ?", bookingID)
}

func (GuestRepo) CompleteRefund(ctx context.Context, db bun.IDB, bookingID, stripeRefundID string, at time.Time) error {
	_, err := db.NewUpdate().Model((*domain.GuestBookingRefund)(nil)).
		Set("stripe_refund_id = ?", stripeRefundID).
		Set("status = 'refunded'").
		Set("completed_at = ?", at).
		Where("booking_id = ?", bookingID).
		Exec(ctx)
	return err
}

type NotificationRepo struct{}

// LogAttempt appends one send attempt. Rows are never updated.
func (NotificationRepo) LogAttempt(ctx context.Context, db bun.IDB, a *domain.NotificationAttempt) error {
	_, err := db.NewInsert().Model(a).Exec(ctx)
	return err
}

// Delivered reports whether a notification for the subject/template has an
// attempt recorded as sent.
func (NotificationRepo) Delivered(ctx context.Context, db bun.IDB, subjectType, subjectID, template string) (bool, error) {
	return db.NewSelect().Model((*domain.NotificationAttempt)(nil)).
		Where("subject_type = ? AND subject_id = ? AND template = ?", subjectType, subjectID, template).
		Where("outcome = 'sent'").
		Exists(ctx)
}
