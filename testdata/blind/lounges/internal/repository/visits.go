package repository

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"github.com/aerolounge/loungepass/internal/domain"
)

type VisitRepo struct {
	db *sqlx.DB
}

func NewVisitRepo(db *sqlx.DB) *VisitRepo { return &VisitRepo{db: db} }

// NewVisit is everything written when a guest is admitted at the door.
type NewVisit struct {
	Visit      domain.Visit
	UseDayPass *uuid.UUID
	Redemption *domain.CardRedemption
	// Event builds the outbox row for the stored visit.
	Event func(v domain.Visit) (domain.OutboxEvent, error)
}

// Record stores a visit keyed by the scanner's scan ID. A repeated scan ID
// returns the stored visit and writes nothing else.
func (r *VisitRepo) Record(ctx context.Context, nv NewVisit) (domain.Visit, bool, error) {
	type result struct {
		visit   domain.Visit
		created bool
	}
	res, err := withTx(ctx, r.db, func(tx *sqlx.Tx) (result, error) {
		v := nv.Visit
		stored, created, err := insertOrGet[domain.Visit](ctx, tx,
			`INSERT INTO visits (id, lounge_id, scan_id, member_id, entitlement_type, entitlement_ref,
			                     airline_code, guest_count, entered_at)
			 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
			 ON CONFLICT ON CONSTRAINT visits_scan_id DO NOTHING
			 RETURNING *`,
			[]any{v.ID, v.LoungeID, v.ScanID, v.MemberID, v.EntitlementType, v.EntitlementRef,
				v.AirlineCode, v.GuestCount, v.EnteredAt},
			`SELECT * FROM visits WHERE scan_id = $1`, v.ScanID)
		if err != nil || !created {
			return result{stored, false}, err
		}
		if nv.UseDayPass != nil {
			n, err := execAffected(ctx, tx,
				`UPDATE day_passes SET status = 'used', updated_at = now() WHERE id = $1 AND status = 'active'`, *nv.UseDayPass)
			if err != nil {
				return result{}, err
			}
			if n == 0 {
				return result{}, domain.ErrNotEntitled
			}
		}
		if rd := nv.Redemption; rd != nil {
			if _, err := tx.ExecContext(ctx,
				`INSERT INTO card_redemptions (id, visit_id, card_id, network_redemption_id, remaining_visits)
				 VALUES ($1, $2, $3, $4, $5)`,
				rd.ID, stored.ID, rd.CardID, rd.NetworkRedemptionID, rd.RemainingVisits); err != nil {
				return result{}, err
			}
		}
		if nv.Event != nil {
			ev, err := nv.Event(stored)
			if err != nil {
				return result{}, err
			}
			if err := insertOutbox(ctx, tx, ev); err != nil {
				return result{}, err
			}
		}
		return result{stored, true}, nil
	})
	return res.visit, res.created, err
}

// LogAttempt appends a door decision to the access log.
func (r *VisitRepo) LogAttempt(ctx context.Context, a domain.AccessAttempt) error {
	_, err := r.db.NamedExecContext(ctx,
		`INSERT INTO access_attempts (id, lounge_id, scan_id, device_id, outcome, reason, created_at)
		 VALUES (:id, :lounge_id, :scan_id, :device_id, :outcome, :reason, :created_at)`, a)
	return err
}

func (r *VisitRepo) Get(ctx context.Context, id uuid.UUID) (domain.Visit, error) {
	return getOne[domain.Visit](ctx, r.db, `SELECT * FROM visits WHERE id = $1`, id)
}

func (r *VisitRepo) GetByScanID(ctx context.Context, scanID string) (domain.Visit, error) {
	return getOne[domain.Visit](ctx, r.db, `SELECT * FROM visits WHERE scan_id = $1`, scanID)
}

// Close records the exit time once and queues the completion event in the
// same transaction. closed is false when the visit was already closed.
func (r *VisitRepo) Close(ctx context.Context, id uuid.UUID, at time.Time, event func(v domain.Visit) (domain.OutboxEvent, error)) (v domain.Visit, closed bool, err error) {
	type result struct {
		v      domain.Visit
		closed bool
	}
	res, err := withTx(ctx, r.db, func(tx *sqlx.Tx) (result, error) {
		v, err := getOne[domain.Visit](ctx, tx,
			`UPDATE visits SET exited_at = $2 WHERE id = $1 AND exited_at IS NULL RETURNING *`, id, at)
		if isNotFound(err) {
			existing, err := getOne[domain.Visit](ctx, tx, `SELECT * FROM visits WHERE id = $1`, id)
			return result{existing, false}, err
		}
		if err != nil {
			return result{}, err
		}
		ev, err := event(v)
		if err != nil {
			return result{}, err
		}
		if err := insertOutbox(ctx, tx, ev); err != nil {
			return result{}, err
		}
		return result{v, true}, nil
	})
	return res.v, res.closed, err
}

// ListBillable returns the airline's visits in [from, to) not yet on an invoice.
func (r *VisitRepo) ListBillable(ctx context.Context, airline string, from, to time.Time) ([]domain.BillableVisit, error) {
	return selectMany[domain.BillableVisit](ctx, r.db,
		`SELECT v.id AS visit_id, l.code AS lounge_code, v.entered_at, v.guest_count, v.entitlement_ref
		   FROM visits v JOIN lounges l ON l.id = v.lounge_id
		  WHERE v.airline_code = $1 AND v.entered_at >= $2 AND v.entered_at < $3
		    AND v.invoiced_invoice_id IS NULL
		  ORDER BY v.entered_at`, airline, from, to)
}

// MarkInvoiced stamps visits with the invoice that bills them.
func (r *VisitRepo) MarkInvoiced(ctx context.Context, invoiceID uuid.UUID, visitIDs []uuid.UUID) error {
	ids := make(pq.StringArray, len(visitIDs))
	for i, id := range visitIDs {
		ids[i] = id.String()
	}
	_, err := r.db.ExecContext(ctx,
		`UPDATE visits SET invoiced_invoice_id = $1
		  WHERE id = ANY($2::uuid[]) AND invoiced_invoice_id IS NULL`, invoiceID, ids)
	return err
}

// ListRange returns visits entered in [from, to), optionally for one lounge.
func (r *VisitRepo) ListRange(ctx context.Context, loungeID *uuid.UUID, from, to time.Time, afterID uuid.UUID, limit int) ([]domain.Visit, error) {
	return selectMany[domain.Visit](ctx, r.db,
		`SELECT * FROM visits
		  WHERE entered_at >= $1 AND entered_at < $2
		    AND ($3::uuid IS NULL OR lounge_id = $3)
		    AND id > $4
		  ORDER BY id
		  LIMIT $5`, from, to, loungeID, afterID, limit)
}

type OutboxRepo struct {
	db *sqlx.DB
}

func NewOutboxRepo(db *sqlx.DB) *OutboxRepo { return &OutboxRepo{db: db} }

func insertOutbox(ctx context.Context, tx *sqlx.Tx, e domain.OutboxEvent) error {
	_, err := tx.ExecContext(ctx,
		`INSERT INTO outbox_events (id, topic, partition_key, event_type, payload)
		 VALUES ($1, $2, $3, $4, $5)`, e.ID, e.Topic, e.PartitionKey, e.EventType, []byte(e.Payload))
	return err
}

func (r *OutboxRepo) ListUnpublished(ctx context.Context, limit int) ([]domain.OutboxEvent, error) {
	return selectMany[domain.OutboxEvent](ctx, r.db,
		`SELECT * FROM outbox_events WHERE published_at IS NULL ORDER BY created_at LIMIT $1`, limit)
}

func (r *OutboxRepo) MarkPublished(ctx context.Context, ids []uuid.UUID, at time.Time) error {
	arr := make(pq.StringArray, len(ids))
	for i, id := range ids {
		arr[i] = id.String()
	}
	_, err := r.db.ExecContext(ctx,
		`UPDATE outbox_events SET published_at = $2 WHERE id = ANY($1::uuid[]) AND published_at IS NULL`, arr, at)
	return err
}
