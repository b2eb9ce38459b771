// Package store implements the repositories on Postgres with sqlx. Every
// method resolves its connection with dbx.Conn, so it joins the caller's
// transaction when one is open.
package store

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/vowhall/venues/internal/domain"
	"github.com/vowhall/venues/internal/platform/dbx"
)

const bookingColumns = `id, venue_id, couple_id, event_date, status, guest_count, notes,
	venue_fee_cents, total_cents, paid_cents, deposit_cents, deposit_status,
	deposit_charge_id, currency, hold_expires_at, created_at, updated_at`

const (
	insertBookingSQL = `
INSERT INTO bookings (id, venue_id, couple_id, event_date, status, guest_count, notes,
	venue_fee_cents, total_cents, paid_cents, deposit_cents, deposit_status, currency,
	hold_expires_at, created_at, updated_at)
VALUES (:id, :venue_id, :couple_id, :event_date, :status, :guest_count, :notes,
	:venue_fee_cents, :total_cents, :paid_cents, :deposit_cents, :deposit_status, :currency,
	:hold_expires_at, :created_at, :updated_at)`

	getBookingSQL          = `SELECT ` + bookingColumns + ` FROM bookings WHERE id = $1`
	getBookingForUpdateSQL = `SELECT ` + bookingColumns + ` FROM bookings WHERE id = $1 FOR UPDATE`

	adjustBookingTotalSQL = `UPDATE bookings SET total_cents = total_cents + $2, updated_at = now() WHERE id = $1`

	addBookingPaidSQL = `UPDATE bookings SET paid_cents = paid_cents + $2, updated_at = now() WHERE id = $1`

	markDepositPaidSQL = `
UPDATE bookings
SET deposit_status = 'paid', deposit_charge_id = $2, paid_cents = paid_cents + deposit_cents, updated_at = now()
WHERE id = $1 AND deposit_status IN ('pending', 'failed')`

	markDepositFailedSQL = `
UPDATE bookings SET deposit_status = 'failed', updated_at = now()
WHERE id = $1 AND deposit_status = 'pending'`

	markDepositRefundedSQL = `
UPDATE bookings SET deposit_status = 'refunded', paid_cents = paid_cents - $2, updated_at = now()
WHERE id = $1`

	setBookingStatusSQL = `UPDATE bookings SET status = $2, updated_at = now() WHERE id = $1`

	confirmBookingSQL = `
UPDATE bookings SET status = 'confirmed', updated_at = now()
WHERE id = $1 AND status = 'held'`

	expireHoldSQL = `
UPDATE bookings SET status = 'expired', updated_at = now()
WHERE id = $1 AND status = 'held' AND deposit_status <> 'paid' AND hold_expires_at <= $2
RETURNING ` + bookingColumns

	listExpiredHoldsSQL = `
SELECT id FROM bookings
WHERE status = 'held' AND deposit_status <> 'paid' AND hold_expires_at <= $1
ORDER BY hold_expires_at
LIMIT $2`
)

type Bookings struct {
	db *sqlx.DB
}

func NewBookings(db *sqlx.DB) *Bookings { return &Bookings{db: db} }

func (r *Bookings) Create(ctx context.Context, b *domain.Booking) error {
	_, err := dbx.Conn(ctx, r.db).NamedExecContext(ctx, insertBookingSQL, b)
	return err
}

func (r *Bookings) Get(ctx context.Context, id uuid.UUID) (domain.Booking, error) {
	return dbx.Get[domain.Booking](ctx, dbx.Conn(ctx, r.db), getBookingSQL, id)
}

func (r *Bookings) GetForUpdate(ctx context.Context, id uuid.UUID) (domain.Booking, error) {
	return dbx.Get[domain.Booking](ctx, dbx.Conn(ctx, r.db), getBookingForUpdateSQL, id)
}

func (r *Bookings) AdjustTotal(ctx context.Context, id uuid.UUID, deltaCents int64) error {
	return dbx.ExecOne(ctx, dbx.Conn(ctx, r.db), adjustBookingTotalSQL, id, deltaCents)
}

func (r *Bookings) AddPaid(ctx context.Context, id uuid.UUID, amountCents int64) error {
	return dbx.ExecOne(ctx, dbx.Conn(ctx, r.db), addBookingPaidSQL, id, amountCents)
}

// MarkDepositPaid records the deposit charge. It reports false when the
// deposit was already recorded as paid.
func (r *Bookings) MarkDepositPaid(ctx context.Context, id uuid.UUID, chargeID string) (bool, error) {
	n, err := dbx.Exec(ctx, dbx.Conn(ctx, r.db), markDepositPaidSQL, id, chargeID)
	return n == 1, err
}

func (r *Bookings) MarkDepositFailed(ctx context.Context, id uuid.UUID) error {
	_, err := dbx.Exec(ctx, dbx.Conn(ctx, r.db), markDepositFailedSQL, id)
	return err
}

func (r *Bookings) MarkDepositRefunded(ctx context.Context, id uuid.UUID, amountCents int64) error {
	return dbx.ExecOne(ctx, dbx.Conn(ctx, r.db), markDepositRefundedSQL, id, amountCents)
}

func (r *Bookings) SetStatus(ctx context.Context, id uuid.UUID, status domain.BookingStatus) error {
	return dbx.ExecOne(ctx, dbx.Conn(ctx, r.db), setBookingStatusSQL, id, status)
}

// Confirm moves a held booking to confirmed; confirming twice is a no-op.
func (r *Bookings) Confirm(ctx context.Context, id uuid.UUID) error {
	_, err := dbx.Exec(ctx, dbx.Conn(ctx, r.db), confirmBookingSQL, id)
	return err
}

// ExpireHold expires a held booking whose deposit never arrived. It
// reports false when the booking is no longer an expirable hold.
func (r *Bookings) ExpireHold(ctx context.Context, id uuid.UUID, now time.Time) (domain.Booking, bool, error) {
	b, err := dbx.Get[domain.Booking](ctx, dbx.Conn(ctx, r.db), expireHoldSQL, id, now)
	if errors.Is(err, domain.ErrNotFound) {
		return domain.Booking{}, false, nil
	}
	if err != nil {
		return domain.Booking{}, false, err
	}
	return b, true, nil
}

func (r *Bookings) ListExpiredHolds(ctx context.Context, now time.Time, limit int) ([]uuid.UUID, error) {
	return dbx.Select[uuid.UUID](ctx, dbx.Conn(ctx, r.db), listExpiredHoldsSQL, now, limit)
}

const (
	getVenueSQL = `
SELECT id, name, timezone, venue_fee_cents, deposit_cents, currency, created_at
FROM venues WHERE id = $1`

	// The couple is keyed by email; a repeat sign-up refreshes the names and
	// payment method but keeps the id bookings already point at.
	upsertCoupleSQL = `
INSERT INTO couples (id, primary_name, partner_name, email, phone, card_customer_id, card_payment_method, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, now(), now())
ON CONFLICT (lower(email)) DO UPDATE
SET primary_name = EXCLUDED.primary_name,
    partner_name = EXCLUDED.partner_name,
    phone = EXCLUDED.phone,
    card_customer_id = COALESCE(EXCLUDED.card_customer_id, couples.card_customer_id),
    card_payment_method = COALESCE(EXCLUDED.card_payment_method, couples.card_payment_method),
    updated_at = now()
RETURNING id, created_at, updated_at`

	getCoupleSQL = `
SELECT id, primary_name, partner_name, email, phone, card_customer_id, card_payment_method, created_at, updated_at
FROM couples WHERE id = $1`
)

type Venues struct{ db *sqlx.DB }

func NewVenues(db *sqlx.DB) *Venues { return &Venues{db: db} }

func (r *Venues) Get(ctx context.Context, id uuid.UUID) (domain.Venue, error) {
	return dbx.Get[domain.Venue](ctx, dbx.Conn(ctx, r.db), getVenueSQL, id)
}

type Couples struct{ db *sqlx.DB }

func NewCouples(db *sqlx.DB) *Couples { return &Couples{db: db} }

// Upsert inserts the couple or refreshes the existing row with the same
// email; c.ID is set to the stored id either way.
func (r *Couples) Upsert(ctx context.Context, c *domain.Couple) error {
	row := dbx.Conn(ctx, r.db).QueryRowxContext(ctx, upsertCoupleSQL,
		c.ID, c.PrimaryName, c.PartnerName, strings.TrimSpace(c.Email), c.Phone, c.CardCustomerID, c.CardPaymentMethod)
	return row.Scan(&c.ID, &c.CreatedAt, &c.UpdatedAt)
}

func (r *Couples) Get(ctx context.Context, id uuid.UUID) (domain.Couple, error) {
	return dbx.Get[domain.Couple](ctx, dbx.Conn(ctx, r.db), getCoupleSQL, id)
}
