package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/gearloop/rentals/internal/domain"
)

// ListingRepo stores listings and their availability holds.
type ListingRepo interface {
	Insert(ctx context.Context, l domain.Listing) error
	Get(ctx context.Context, id string) (domain.Listing, error)
	ActivateForOwner(ctx context.Context, ownerID string) (int64, error)
}

type listingRepo struct{ q sqlx.ExtContext }

func (r *listingRepo) Insert(ctx context.Context, l domain.Listing) error {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO listings (id, owner_id, title, description, category, daily_rate_cents,
		                      deposit_cents, currency, status, created_at)
		VALUES (:id, :owner_id, :title, :description, :category, :daily_rate_cents,
		        :deposit_cents, :currency, :status, :created_at)`, l)
	if err != nil {
		return fmt.Errorf("insert listing: %w", err)
	}
	return nil
}

func (r *listingRepo) Get(ctx context.Context, id string) (domain.Listing, error) {
	return getOne[domain.Listing](ctx, r.q, `SELECT * FROM listings WHERE id = ?`, id)
}

func (r *listingRepo) ActivateForOwner(ctx context.Context, ownerID string) (int64, error) {
	res, err := r.q.ExecContext(ctx,
		`UPDATE listings SET status = ? WHERE owner_id = ? AND status = ?`,
		domain.ListingActive, ownerID, domain.ListingPendingKYC)
	if err != nil {
		return 0, err
	}
	return affected(res)
}

// HoldRepo manages per-day availability holds.
type HoldRepo interface {
	Insert(ctx context.Context, h domain.Hold) error
	ForBooking(ctx context.Context, bookingID string) ([]domain.Hold, error)
	ReleaseForBooking(ctx context.Context, bookingID string) (int64, error)
	DeleteExpired(ctx context.Context, now time.Time) (int64, error)
	Extend(ctx context.Context, bookingID string, until time.Time) error
}

type holdRepo struct{ q sqlx.ExtContext }

func (r *holdRepo) Insert(ctx context.Context, h domain.Hold) error {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO availability_holds (id, listing_id, day, booking_id, expires_at, created_at)
		VALUES (:id, :listing_id, :day, :booking_id, :expires_at, :created_at)`, h)
	return err
}

func (r *holdRepo) ForBooking(ctx context.Context, bookingID string) ([]domain.Hold, error) {
	var out []domain.Hold
	err := sqlx.SelectContext(ctx, r.q, &out,
		`SELECT * FROM availability_holds WHERE booking_id = ? ORDER BY day`, bookingID)
	return out, err
}

func (r *holdRepo) ReleaseForBooking(ctx context.Context, bookingID string) (int64, error) {
	res, err := r.q.ExecContext(ctx, `DELETE FROM availability_holds WHERE booking_id = ?`, bookingID)
	if err != nil {
		return 0, err
	}
	return affected(res)
}

// DeleteExpired removes holds whose booking never got confirmed in time.
func (r *holdRepo) DeleteExpired(ctx context.Context, now time.Time) (int64, error) {
	res, err := r.q.ExecContext(ctx, `
		DELETE h FROM availability_holds h
		JOIN bookings b ON b.id = h.booking_id
		WHERE h.expires_at < ? AND b.status = ?`, now, domain.BookingRequested)
	if err != nil {
		return 0, err
	}
	return affected(res)
}

// Extend pushes the expiry of a booking's holds, used once it is confirmed.
func (r *holdRepo) Extend(ctx context.Context, bookingID string, until time.Time) error {
	_, err := r.q.ExecContext(ctx,
		`UPDATE availability_holds SET expires_at = ? WHERE booking_id = ?`, until, bookingID)
	return err
}
