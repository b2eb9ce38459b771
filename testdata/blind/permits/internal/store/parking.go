package store

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/civicworks/permits/internal/permits"
	"github.com/civicworks/permits/internal/shared/dbx"
)

// ParkingRepo persists residential parking permits.
type ParkingRepo interface {
	Get(ctx context.Context, q dbx.Querier, id string) (*permits.ParkingPermit, error)
	ExtendValidity(ctx context.Context, q dbx.Querier, id string, months int) (time.Time, error)
	ListExpiringBetween(ctx context.Context, q dbx.Querier, from, to time.Time, limit int) ([]permits.ParkingPermit, error)
}

// RenewalRepo persists parking permit renewals.
type RenewalRepo interface {
	CreateIfAbsent(ctx context.Context, q dbx.Querier, r *permits.ParkingRenewal) (*permits.ParkingRenewal, error)
	Get(ctx context.Context, q dbx.Querier, id string) (*permits.ParkingRenewal, error)
	AttachIntent(ctx context.Context, q dbx.Querier, id, intentID string) error
	MarkPaidByIntent(ctx context.Context, q dbx.Querier, intentID string) (*permits.ParkingRenewal, error)
	MarkApplied(ctx context.Context, q dbx.Querier, id string) error
}

// ReminderRepo persists yearly renewal reminders.
type ReminderRepo interface {
	Claim(ctx context.Context, q dbx.Querier, parkingPermitID string, cycle time.Time) (*permits.RenewalReminder, error)
	MarkSent(ctx context.Context, q dbx.Querier, id uuid.UUID, providerMessageID string) error
}

type parkingRepo struct{}

// NewParkingRepo returns the Postgres ParkingRepo.
func NewParkingRepo() ParkingRepo { return parkingRepo{} }

const parkingColumns = `id, resident_id, zone, plate, status, valid_until, renewal_count, annual_fee_cents`

func scanParking(row pgx.Row) (*permits.ParkingPermit, error) {
	var p permits.ParkingPermit
	if err := row.Scan(&p.ID, &p.ResidentID, &p.Zone, &p.Plate, &p.Status, &p.ValidUntil, &p.RenewalCount, &p.AnnualFeeCents); err != nil {
		return nil, dbx.NotFound(err)
	}
	return &p, nil
}

func (parkingRepo) Get(ctx context.Context, q dbx.Querier, id string) (*permits.ParkingPermit, error) {
	return scanParking(q.QueryRow(ctx, `SELECT `+parkingColumns+` FROM parking_permits WHERE id = $1`, id))
}

func (parkingRepo) ExtendValidity(ctx context.Context, q dbx.Querier, id string, months int) (time.Time, error) {
	var until time.Time
	err := q.QueryRow(ctx, `
		UPDATE parking_permits
		   SET valid_until = (valid_until + make_interval(months => $2))::date,
		       renewal_count = renewal_count + 1,
		       status = 'active',
		       updated_at = now()
		 WHERE id = $1
		RETURNING valid_until`, id, months).Scan(&until)
	if err != nil {
		return time.Time{}, fmt.Errorf("extend parking permit: %w", dbx.NotFound(err))
	}
	return until, nil
}

func (parkingRepo) ListExpiringBetween(ctx context.Context, q dbx.Querier, from, to time.Time, limit int) ([]permits.ParkingPermit, error) {
	rows, err := q.Query(ctx, `
		SELECT `+parkingColumns+` FROM parking_permits
		 WHERE status = 'active' AND valid_until BETWEEN $1::date AND $2::date
		 ORDER BY valid_until, id LIMIT $3`, from, to, limit)
	if err != nil {
		return nil, fmt.Errorf("list expiring parking permits: %w", err)
	}
	defer rows.Close()
	var out []permits.ParkingPermit
	for rows.Next() {
		p, err := scanParking(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *p)
	}
	return out, rows.Err()
}

type renewalRepo struct{}

// NewRenewalRepo returns the Postgres RenewalRepo.
func NewRenewalRepo() RenewalRepo { return renewalRepo{} }

const renewalColumns = `id, parking_permit_id, period_start, amount_cents, coalesce(payment_intent_id, ''), status,
	requested_by, paid_at, applied_at, created_at`

func scanRenewal(row pgx.Row) (*permits.ParkingRenewal, error) {
	var r permits.ParkingRenewal
	if err := row.Scan(&r.ID, &r.ParkingPermitID, &r.PeriodStart, &r.AmountCents, &r.PaymentIntentID, &r.Status,
		&r.RequestedBy, &r.PaidAt, &r.AppliedAt, &r.CreatedAt); err != nil {
		return nil, dbx.NotFound(err)
	}
	return &r, nil
}

func (renewalRepo) CreateIfAbsent(ctx context.Context, q dbx.Querier, r *permits.ParkingRenewal) (*permits.ParkingRenewal, error) {
	out, err := scanRenewal(q.QueryRow(ctx, `
		INSERT INTO parking_renewals (id, parking_permit_id, period_start, amount_cents, requested_by)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT ON CONSTRAINT parking_renewals_period_key DO NOTHING
		RETURNING `+renewalColumns,
		r.ID, r.ParkingPermitID, r.PeriodStart, r.AmountCents, r.RequestedBy))
	if err == nil {
		return out, nil
	}
	if err != dbx.ErrNotFound {
		return nil, fmt.Errorf("create renewal: %w", err)
	}
	return scanRenewal(q.QueryRow(ctx, `
		SELECT `+renewalColumns+` FROM parking_renewals
		 WHERE parking_permit_id = $1 AND period_start = $2`, r.ParkingPermitID, r.PeriodStart))
}

func (renewalRepo) Get(ctx context.Context, q dbx.Querier, id string) (*permits.ParkingRenewal, error) {
	return scanRenewal(q.QueryRow(ctx, `SELECT `+renewalColumns+` FROM parking_renewals WHERE id = $1`, id))
}

func (renewalRepo) AttachIntent(ctx context.Context, q dbx.Querier, id, intentID string) error {
	_, err := q.Exec(ctx, `
		UPDATE parking_renewals SET payment_intent_id = $2
		 WHERE id = $1 AND (payment_intent_id IS NULL OR payment_intent_id = $2)`, id, intentID)
	if err != nil {
		return fmt.Errorf("attach renewal intent: %w", err)
	}
	return nil
}

func (renewalRepo) MarkPaidByIntent(ctx context.Context, q dbx.Querier, intentID string) (*permits.ParkingRenewal, error) {
	return scanRenewal(q.QueryRow(ctx, `
		UPDATE parking_renewals
		   SET status = CASE WHEN status = 'pending_payment' THEN 'paid' ELSE status END,
		       paid_at = coalesce(paid_at, now())
		 WHERE payment_intent_id = $1
		RETURNING `+renewalColumns, intentID))
}

func (renewalRepo) MarkApplied(ctx context.Context, q dbx.Querier, id string) error {
	_, err := q.Exec(ctx, `
		UPDATE parking_renewals SET status = 'applied', applied_at = now()
		 WHERE id = $1 AND status = 'paid'`, id)
	if err != nil {
		return fmt.Errorf("mark renewal applied: %w", err)
	}
	return nil
}

type reminderRepo struct{}

// NewReminderRepo returns the Postgres ReminderRepo.
func NewReminderRepo() ReminderRepo { return reminderRepo{} }

func (reminderRepo) Claim(ctx context.Context, q dbx.Querier, parkingPermitID string, cycle time.Time) (*permits.RenewalReminder, error) {
	var r permits.RenewalReminder
	err := q.QueryRow(ctx, `
		WITH ins AS (
			INSERT INTO renewal_reminders (id, parking_permit_id, cycle)
			VALUES ($1, $2, $3::date)
			ON CONFLICT ON CONSTRAINT renewal_reminders_cycle_key DO NOTHING
			RETURNING id, parking_permit_id, cycle, status, sent_at
		)
		SELECT id, parking_permit_id, cycle, status, sent_at FROM ins
		UNION ALL
		SELECT id, parking_permit_id, cycle, status, sent_at FROM renewal_reminders
		 WHERE parking_permit_id = $2 AND cycle = $3::date
		LIMIT 1`, uuid.New(), parkingPermitID, cycle).
		Scan(&r.ID, &r.ParkingPermitID, &r.Cycle, &r.Status, &r.SentAt)
	if err != nil {
		return nil, fmt.Errorf("claim reminder: %w", err)
	}
	return &r, nil
}

func (reminderRepo) MarkSent(ctx context.Context, q dbx.Querier, id uuid.UUID, providerMessageID string) error {
	_, err := q.Exec(ctx, `
		UPDATE renewal_reminders SET status = 'sent', provider_message_id = $2, sent_at = now()
		 WHERE id = $1`, id, providerMessageID)
	if err != nil {
		return fmt.Errorf("mark reminder sent: %w", err)
	}
	return nil
}
