package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"github.com/meridianlabs/labs/internal/platform/db"
)

// Site is a patient service center or clinic where specimens are drawn.
type Site struct {
	ID           string
	Name         string
	AddressLine1 string
	City         string
	Region       string
	PostalCode   string
	ContactPhone string
	CourierZone  string
}

// Pickup is a courier pickup request.
type Pickup struct {
	ID               string
	SiteID           string
	RequestedBy      string
	IdempotencyKey   string
	WindowStart      time.Time
	WindowEnd        time.Time
	SpecimenCount    int
	Temperature      string
	Stat             bool
	Status           string
	CourierBookingID string
	TrackingURL      string
	CreatedAt        time.Time
}

// Logistics is the repository for sites, pickups and courier events.
type Logistics struct{ db db.DBTX }

// NewLogistics returns a Logistics repository.
func NewLogistics(conn db.DBTX) *Logistics { return &Logistics{db: conn} }

// WithTx binds the repository to tx.
func (r *Logistics) WithTx(tx *sql.Tx) *Logistics { return &Logistics{db: tx} }

// Site loads a collection site.
func (r *Logistics) Site(ctx context.Context, id string) (Site, error) {
	var s Site
	err := r.db.QueryRowContext(ctx, `
		SELECT id, name, address_line1, city, region, postal_code, contact_phone, courier_zone
		FROM collection_sites WHERE id = $1`, id).
		Scan(&s.ID, &s.Name, &s.AddressLine1, &s.City, &s.Region, &s.PostalCode, &s.ContactPhone, &s.CourierZone)
	return s, noRows(err)
}

const pickupColumns = `id, site_id, requested_by, idempotency_key, window_start, window_end, specimen_count,
	temperature, stat, status, coalesce(courier_booking_id, ''), coalesce(tracking_url, ''), created_at`

func scanPickup(row interface{ Scan(...any) error }) (Pickup, error) {
	var p Pickup
	err := row.Scan(&p.ID, &p.SiteID, &p.RequestedBy, &p.IdempotencyKey, &p.WindowStart, &p.WindowEnd,
		&p.SpecimenCount, &p.Temperature, &p.Stat, &p.Status, &p.CourierBookingID, &p.TrackingURL, &p.CreatedAt)
	return p, noRows(err)
}

// CreatePickup inserts p unless the requester already used the key. It
// reports whether the row is new; otherwise p is the existing request.
func (r *Logistics) CreatePickup(ctx context.Context, p *Pickup) (bool, error) {
	row := r.db.QueryRowContext(ctx, `
		INSERT INTO pickup_requests (id, site_id, requested_by, idempotency_key, window_start, window_end,
		                             specimen_count, temperature, stat)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
		ON CONFLICT (requested_by, idempotency_key) DO NOTHING
		RETURNING `+pickupColumns,
		p.ID, p.SiteID, p.RequestedBy, p.IdempotencyKey, p.WindowStart, p.WindowEnd, p.SpecimenCount, p.Temperature, p.Stat)
	created, err := scanPickup(row)
	if errors.Is(err, db.ErrNotFound) {
		existing, err := scanPickup(r.db.QueryRowContext(ctx,
			`SELECT `+pickupColumns+` FROM pickup_requests WHERE requested_by = $1 AND idempotency_key = $2`,
			p.RequestedBy, p.IdempotencyKey))
		if err != nil {
			return false, err
		}
		*p = existing
		return false, nil
	}
	if err != nil {
		return false, err
	}
	*p = created
	return true, nil
}

// Pickup loads a pickup request.
func (r *Logistics) Pickup(ctx context.Context, id string) (Pickup, error) {
	return scanPickup(r.db.QueryRowContext(ctx, `SELECT `+pickupColumns+` FROM pickup_requests WHERE id = $1`, id))
}

// MarkBooked stores the courier's booking on a requested pickup.
func (r *Logistics) MarkBooked(ctx context.Context, id, bookingID, trackingURL string) (bool, error) {
	res, err := r.db.ExecContext(ctx, `
		UPDATE pickup_requests SET status = 'booked', courier_booking_id = $2, tracking_url = $3, updated_at = now()
		WHERE id = $1 AND status = 'requested'`, id, bookingID, db.NullString(trackingURL))
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// InsertCourierEvent stores a courier status event once per provider event.
func (r *Logistics) InsertCourierEvent(ctx context.Context, eventID, bookingID, status string, at time.Time) (bool, error) {
	res, err := r.db.ExecContext(ctx, `
		INSERT INTO courier_events (provider_event_id, booking_id, status, occurred_at)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (provider_event_id) DO NOTHING`, eventID, bookingID, status, at)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// ApplyCourierStatus moves a pickup forward by booking ID. Older events
// never move a pickup backwards.
func (r *Logistics) ApplyCourierStatus(ctx context.Context, bookingID, status string) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE pickup_requests SET status = $2, updated_at = now()
		WHERE courier_booking_id = $1
		  AND array_position(ARRAY['requested','booked','en_route','picked_up','delivered'], status)
		    < array_position(ARRAY['requested','booked','en_route','picked_up','delivered'], $2)`,
		bookingID, status)
	return err
}

// PriorAuth is the latest prior-authorization state of an order.
type PriorAuth struct {
	OrderID   string
	PayerID   string
	PayerRef  string
	Status    string
	Detail    json.RawMessage
	CheckedAt time.Time
}

// UpsertPriorAuth stores the latest determination for an order.
func (r *Logistics) UpsertPriorAuth(ctx context.Context, pa PriorAuth) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO prior_auths (order_id, payer_id, payer_ref, status, detail, checked_at)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (order_id) DO UPDATE SET
			payer_ref  = coalesce(EXCLUDED.payer_ref, prior_auths.payer_ref),
			status     = EXCLUDED.status,
			detail     = EXCLUDED.detail,
			checked_at = EXCLUDED.checked_at
		WHERE prior_auths.decided_at IS NULL`,
		pa.OrderID, pa.PayerID, db.NullString(pa.PayerRef), pa.Status, []byte(pa.Detail), pa.CheckedAt)
	return err
}

// DecidePriorAuth records a payer's decision by payer reference. A
// decision older than the stored one is ignored.
func (r *Logistics) DecidePriorAuth(ctx context.Context, payerRef, status string, decidedAt time.Time) (string, error) {
	var orderID string
	err := r.db.QueryRowContext(ctx, `
		UPDATE prior_auths SET status = $2, decided_at = $3
		WHERE payer_ref = $1 AND (decided_at IS NULL OR decided_at < $3)
		RETURNING order_id`, payerRef, status, decidedAt).Scan(&orderID)
	return orderID, noRows(err)
}
