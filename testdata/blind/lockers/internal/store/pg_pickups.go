package store

import (
	"context"
	"fmt"
	"time"

	"github.com/quayside/lockers/internal/domain"
)

type pickupRepo struct{ db DBTX }

// ClaimExtension inserts the extension for (parcel, request) or returns the
// one already stored for that pair.
func (r *pickupRepo) ClaimExtension(ctx context.Context, e domain.PickupExtension) (domain.PickupExtension, error) {
	_, err := r.db.Exec(ctx, `
		INSERT INTO pickup_extensions (id, parcel_id, request_id, days, fee_cents)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (parcel_id, request_id) DO NOTHING`,
		e.ID, e.ParcelID, e.RequestID, e.Days, e.FeeCents)
	if err != nil {
		return domain.PickupExtension{}, fmt.Errorf("insert extension: %w", err)
	}
	var out domain.PickupExtension
	err = r.db.QueryRow(ctx, `
		SELECT id, parcel_id, request_id, days, fee_cents, status, COALESCE(charge_id, '')
		FROM pickup_extensions WHERE parcel_id = $1 AND request_id = $2`, e.ParcelID, e.RequestID).
		Scan(&out.ID, &out.ParcelID, &out.RequestID, &out.Days, &out.FeeCents, &out.Status, &out.ChargeID)
	return out, notFound(err)
}

func (r *pickupRepo) MarkExtensionPaid(ctx context.Context, id, chargeID string) (bool, error) {
	tag, err := r.db.Exec(ctx, `
		UPDATE pickup_extensions SET status = 'paid', charge_id = $2
		WHERE id = $1 AND status = 'pending'`, id, chargeID)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *pickupRepo) ClaimSession(ctx context.Context, s domain.PickupSession) (domain.PickupSession, error) {
	_, err := r.db.Exec(ctx, `
		INSERT INTO pickup_sessions (id, parcel_id, command_id)
		VALUES ($1, $2, $3)
		ON CONFLICT (parcel_id) DO NOTHING`, s.ID, s.ParcelID, s.CommandID)
	if err != nil {
		return domain.PickupSession{}, fmt.Errorf("insert pickup session: %w", err)
	}
	var out domain.PickupSession
	err = r.db.QueryRow(ctx, `
		SELECT id::text, parcel_id, command_id FROM pickup_sessions WHERE parcel_id = $1`, s.ParcelID).
		Scan(&out.ID, &out.ParcelID, &out.CommandID)
	return out, notFound(err)
}

func (r *pickupRepo) MarkSessionOpened(ctx context.Context, id string, at time.Time) error {
	_, err := r.db.Exec(ctx, `UPDATE pickup_sessions SET opened_at = COALESCE(opened_at, $2) WHERE id = $1`, id, at)
	return err
}

func (r *pickupRepo) ClaimNotification(ctx context.Context, parcelID, template, bucket string) (bool, error) {
	tag, err := r.db.Exec(ctx, `
		INSERT INTO notifications (parcel_id, template, bucket) VALUES ($1, $2, $3)
		ON CONFLICT DO NOTHING`, parcelID, template, bucket)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

type returnRepo struct{ db DBTX }

func (r *returnRepo) InsertRequest(ctx context.Context, rr domain.ReturnRequest) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO return_requests (id, shipment_id, partner_id, reason, fee_cents, status)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		rr.ID, rr.ShipmentID, rr.PartnerID, rr.Reason, rr.FeeCents, rr.Status)
	return err
}

func (r *returnRepo) ClaimBooking(ctx context.Context, b domain.ReturnBooking) (domain.ReturnBooking, error) {
	_, err := r.db.Exec(ctx, `
		INSERT INTO return_bookings (id, parcel_id, requested_by)
		VALUES ($1, $2, $3)
		ON CONFLICT (parcel_id) DO NOTHING`, b.ID, b.ParcelID, b.RequestedBy)
	if err != nil {
		return domain.ReturnBooking{}, fmt.Errorf("insert return booking: %w", err)
	}
	var out domain.ReturnBooking
	err = r.db.QueryRow(ctx, `
		SELECT id, parcel_id, COALESCE(carrier_booking_id, ''), requested_by
		FROM return_bookings WHERE parcel_id = $1`, b.ParcelID).
		Scan(&out.ID, &out.ParcelID, &out.CarrierBookingID, &out.RequestedBy)
	return out, notFound(err)
}

func (r *returnRepo) SetCarrierBooking(ctx context.Context, id, carrierBookingID string) error {
	_, err := r.db.Exec(ctx, `UPDATE return_bookings SET carrier_booking_id = $2 WHERE id = $1`, id, carrierBookingID)
	return err
}
