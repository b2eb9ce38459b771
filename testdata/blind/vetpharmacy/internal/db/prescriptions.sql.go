package db

import (
	"context"
	"time"
)

const getPrescription = `
SELECT id, clinic_id, external_ref, pet_id, owner_id, product_id, prescriber, dosage,
       quantity, refills_remaining, expires_on, reminder_sent_at
FROM prescriptions
WHERE id = $1
`

func (q *Queries) GetPrescription(ctx context.Context, id string) (Prescription, error) {
	row := q.db.QueryRow(ctx, getPrescription, id)
	var p Prescription
	err := row.Scan(&p.ID, &p.ClinicID, &p.ExternalRef, &p.PetID, &p.OwnerID, &p.ProductID,
		&p.Prescriber, &p.Dosage, &p.Quantity, &p.RefillsRemaining, &p.ExpiresOn, &p.ReminderSentAt)
	return p, err
}

const upsertPrescription = `
INSERT INTO prescriptions (id, clinic_id, external_ref, pet_id, owner_id, product_id,
                           prescriber, dosage, quantity, refills_remaining, expires_on)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
ON CONFLICT (clinic_id, external_ref) DO UPDATE
SET prescriber        = EXCLUDED.prescriber,
    dosage            = EXCLUDED.dosage,
    quantity          = EXCLUDED.quantity,
    refills_remaining = EXCLUDED.refills_remaining,
    expires_on        = EXCLUDED.expires_on,
    updated_at        = now()
RETURNING id
`

type UpsertPrescriptionParams struct {
	ID               string
	ClinicID         string
	ExternalRef      string
	PetID            string
	OwnerID          string
	ProductID        string
	Prescriber       string
	Dosage           string
	Quantity         int32
	RefillsRemaining int32
	ExpiresOn        time.Time
}

func (q *Queries) UpsertPrescription(ctx context.Context, arg UpsertPrescriptionParams) (string, error) {
	row := q.db.QueryRow(ctx, upsertPrescription, arg.ID, arg.ClinicID, arg.ExternalRef, arg.PetID,
		arg.OwnerID, arg.ProductID, arg.Prescriber, arg.Dosage, arg.Quantity, arg.RefillsRemaining, arg.ExpiresOn)
	var id string
	err := row.Scan(&id)
	return id, err
}

const decrementRefills = `
UPDATE prescriptions
SET refills_remaining = refills_remaining - 1, updated_at = now()
WHERE id = $1 AND refills_remaining > 0
`

func (q *Queries) DecrementRefills(ctx context.Context, id string) (int64, error) {
	tag, err := q.db.Exec(ctx, decrementRefills, id)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

const listReminderDue = `
SELECT p.id, p.owner_id, o.phone, o.full_name, pr.name, p.refills_remaining
FROM prescriptions p
JOIN owners o ON o.id = p.owner_id
JOIN products pr ON pr.id = p.product_id
WHERE p.refills_remaining <= 1
  AND p.reminder_sent_at IS NULL
  AND p.expires_on > current_date
  AND o.phone IS NOT NULL
ORDER BY p.id
LIMIT $1
`

type ReminderDueRow struct {
	PrescriptionID   string
	OwnerID          string
	Phone            string
	OwnerName        string
	ProductName      string
	RefillsRemaining int32
}

func (q *Queries) ListReminderDue(ctx context.Context, limit int32) ([]ReminderDueRow, error) {
	rows, err := q.db.Query(ctx, listReminderDue, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var items []ReminderDueRow
	for rows.Next() {
		var i ReminderDueRow
		if err := rows.Scan(&i.PrescriptionID, &i.OwnerID, &i.Phone, &i.OwnerName, &i.ProductName, &i.RefillsRemaining); err != nil {
			return nil, err
		}
		items = append(items, i)
	}
	return items, rows.Err()
}

const markRemindersSent = `
UPDATE prescriptions SET reminder_sent_at = now() WHERE id = ANY($1::text[])
`

func (q *Queries) MarkRemindersSent(ctx context.Context, ids []string) error {
	_, err := q.db.Exec(ctx, markRemindersSent, ids)
	return err
}

const claimInboundEvent = `
INSERT INTO inbound_events (source, event_id) VALUES ($1, $2)
ON CONFLICT (source, event_id) DO NOTHING
`

// ClaimInboundEvent reports whether this call was the first to see the event.
func (q *Queries) ClaimInboundEvent(ctx context.Context, source, eventID string) (bool, error) {
	tag, err := q.db.Exec(ctx, claimInboundEvent, source, eventID)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

const getClinicSecret = `SELECT webhook_secret FROM clinics WHERE id = $1`

func (q *Queries) GetClinicSecret(ctx context.Context, clinicID string) (string, error) {
	var s string
	err := q.db.QueryRow(ctx, getClinicSecret, clinicID).Scan(&s)
	return s, err
}
