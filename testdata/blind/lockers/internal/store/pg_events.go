package store

import (
	"context"
	"time"

	"github.com/quayside/lockers/internal/domain"
)

type eventRepo struct{ db DBTX }

func (r *eventRepo) InsertDoorAudit(ctx context.Context, a DoorAudit) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO door_audit (event_id, locker_id, compartment_id, event_type, occurred_at, payload)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		a.EventID, a.LockerID, a.CompartmentID, a.EventType, a.OccurredAt, []byte(a.Payload))
	return err
}

func (r *eventRepo) InsertIncident(ctx context.Context, i domain.Incident) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO incidents (id, locker_id, compartment_id, kind, source_event, severity, occurred_at)
		VALUES ($1, $2, NULLIF($3, ''), $4, $5, $6, $7)`,
		i.ID, i.LockerID, i.CompartmentID, i.Kind, i.SourceEvent, i.Severity, i.OccurredAt)
	return err
}

func (r *eventRepo) OpenTicket(ctx context.Context, t domain.MaintenanceTicket) (bool, error) {
	tag, err := r.db.Exec(ctx, `
		INSERT INTO maintenance_tickets (id, compartment_id, fault_code, detail)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (compartment_id, fault_code) WHERE status = 'open' DO NOTHING`,
		t.ID, t.CompartmentID, t.FaultCode, t.Detail)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *eventRepo) UpsertHeartbeat(ctx context.Context, lockerID, firmware string, seen time.Time, temperature *float64) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO locker_heartbeats (locker_id, firmware, last_seen, temperature)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (locker_id) DO UPDATE
		SET firmware = EXCLUDED.firmware,
		    last_seen = GREATEST(locker_heartbeats.last_seen, EXCLUDED.last_seen),
		    temperature = EXCLUDED.temperature`, lockerID, firmware, seen, temperature)
	return err
}

type webhookRepo struct{ db DBTX }

func (r *webhookRepo) Delivered(ctx context.Context, eventID string) (bool, error) {
	var ok bool
	err := r.db.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM webhook_deliveries WHERE event_id = $1)`, eventID).Scan(&ok)
	return ok, err
}

func (r *webhookRepo) RecordDelivery(ctx context.Context, eventID, partnerID, eventType string, statusCode int) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO webhook_deliveries (event_id, partner_id, event_type, status_code)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (event_id) DO NOTHING`, eventID, partnerID, eventType, statusCode)
	return err
}

func (r *webhookRepo) InsertReturnNotice(ctx context.Context, shipmentID, partnerID, reason string) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO return_notices (shipment_id, partner_id, reason)
		VALUES ($1, $2, $3)`, shipmentID, partnerID, reason)
	return err
}

func (r *webhookRepo) MarkReturnNoticeDelivered(ctx context.Context, shipmentID string, at time.Time) error {
	_, err := r.db.Exec(ctx, `UPDATE return_notices SET delivered_at = $2 WHERE shipment_id = $1`, shipmentID, at)
	return err
}
