package postgres

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/forkandfeast/catering/internal/core/domain"
)

type EventRepo struct{ db *DB }

func NewEventRepo(db *DB) *EventRepo { return &EventRepo{db: db} }

const eventCols = `id, quote_id, enquiry_id, customer_id, venue_id, event_date, guest_count, status,
	total_cents, paid_cents, refunded_cents, currency, created_at, cancelled_at`

func scanEvent(row pgx.Row) (domain.Event, error) {
	var (
		e      domain.Event
		status string
	)
	err := row.Scan(&e.ID, &e.QuoteID, &e.EnquiryID, &e.CustomerID, &e.VenueID, &e.EventDate, &e.GuestCount, &status,
		&e.TotalCents, &e.PaidCents, &e.RefundedCents, &e.Currency, &e.CreatedAt, &e.CancelledAt)
	e.Status = domain.EventStatus(status)
	return e, err
}

func (r *EventRepo) CreateForQuote(ctx context.Context, e domain.Event) (domain.Event, error) {
	q := r.db.q(ctx)
	_, err := q.Exec(ctx, `
		INSERT INTO events (id, quote_id, enquiry_id, customer_id, venue_id, event_date, guest_count,
		                    status, total_cents, currency, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
		ON CONFLICT (quote_id) DO NOTHING`,
		e.ID, e.QuoteID, e.EnquiryID, e.CustomerID, e.VenueID, e.EventDate, e.GuestCount,
		string(e.Status), e.TotalCents, e.Currency, e.CreatedAt)
	if err != nil {
		return domain.Event{}, mapErr(err)
	}
	stored, err := scanEvent(q.QueryRow(ctx, `SELECT `+eventCols+` FROM events WHERE quote_id = $1`, e.QuoteID))
	return stored, mapErr(err)
}

func (r *EventRepo) Get(ctx context.Context, id uuid.UUID) (domain.Event, error) {
	e, err := scanEvent(r.db.q(ctx).QueryRow(ctx, `SELECT `+eventCols+` FROM events WHERE id = $1`, id))
	return e, mapErr(err)
}

func (r *EventRepo) GetForUpdate(ctx context.Context, id uuid.UUID) (domain.Event, error) {
	e, err := scanEvent(r.db.q(ctx).QueryRow(ctx, `SELECT `+eventCols+` FROM events WHERE id = $1 FOR UPDATE`, id))
	return e, mapErr(err)
}

func (r *EventRepo) UpsertMenu(ctx context.Context, eventID uuid.UUID, sel []domain.MenuSelection) error {
	batch := &pgx.Batch{}
	for _, s := range sel {
		batch.Queue(`
			INSERT INTO menu_selections (event_id, course, dish_code, notes)
			VALUES ($1, $2, $3, $4)
			ON CONFLICT (event_id, course) DO UPDATE
			   SET dish_code = EXCLUDED.dish_code, notes = EXCLUDED.notes, updated_at = now()`,
			eventID, s.Course, s.DishCode, s.Notes)
	}
	var br pgx.BatchResults
	if tx, ok := TxFromContext(ctx); ok {
		br = tx.SendBatch(ctx, batch)
	} else {
		br = r.db.pool.SendBatch(ctx, batch)
	}
	defer br.Close()
	for range sel {
		if _, err := br.Exec(); err != nil {
			return mapErr(err)
		}
	}
	return nil
}

// ApplyHeadcountChange records the change and moves the event's headcount
// and total by the change's deltas.
func (r *EventRepo) ApplyHeadcountChange(ctx context.Context, ch domain.HeadcountChange) (domain.Event, error) {
	q := r.db.q(ctx)
	if _, err := q.Exec(ctx, `
		INSERT INTO headcount_changes (id, event_id, delta, delta_cents, reason, created_at)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		ch.ID, ch.EventID, ch.Delta, ch.DeltaCents, ch.Reason, ch.CreatedAt); err != nil {
		return domain.Event{}, mapErr(err)
	}
	e, err := scanEvent(q.QueryRow(ctx, `
		UPDATE events
		   SET guest_count = guest_count + $2,
		       total_cents = total_cents + $3
		 WHERE id = $1
		RETURNING `+eventCols, ch.EventID, ch.Delta, ch.DeltaCents))
	return e, mapErr(err)
}

func (r *EventRepo) AddPaid(ctx context.Context, id uuid.UUID, cents int64) (domain.Event, error) {
	e, err := scanEvent(r.db.q(ctx).QueryRow(ctx, `
		UPDATE events
		   SET paid_cents = paid_cents + $2,
		       status = CASE
		                  WHEN status = 'cancelled' THEN status
		                  WHEN paid_cents + $2 >= total_cents THEN 'paid'
		                  ELSE 'deposit_paid'
		                END
		 WHERE id = $1
		RETURNING `+eventCols, id, cents))
	return e, mapErr(err)
}

// RecomputeRefunded derives refunded_cents from the refunds table.
func (r *EventRepo) RecomputeRefunded(ctx context.Context, id uuid.UUID) error {
	_, err := r.db.q(ctx).Exec(ctx, `
		UPDATE events e
		   SET refunded_cents = COALESCE((
		         SELECT sum(amount_cents) FROM refunds
		          WHERE event_id = e.id AND status = 'succeeded'), 0)
		 WHERE e.id = $1`, id)
	return mapErr(err)
}

func (r *EventRepo) SetStatus(ctx context.Context, id uuid.UUID, status domain.EventStatus) error {
	_, err := r.db.q(ctx).Exec(ctx, `
		UPDATE events
		   SET status = $2,
		       cancelled_at = CASE WHEN $2 = 'cancelled' THEN COALESCE(cancelled_at, now()) ELSE cancelled_at END
		 WHERE id = $1`, id, string(status))
	return mapErr(err)
}

func (r *EventRepo) InsertCancellation(ctx context.Context, c domain.Cancellation) error {
	_, err := r.db.q(ctx).Exec(ctx, `
		INSERT INTO cancellations (event_id, reason, requested_by, refund_cents, created_at)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (event_id) DO NOTHING`,
		c.EventID, c.Reason, c.RequestedBy, c.RefundCents, c.CreatedAt)
	return mapErr(err)
}

func (r *EventRepo) ListOnDate(ctx context.Context, day time.Time) ([]domain.Event, error) {
	rows, err := r.db.q(ctx).Query(ctx, `
		SELECT `+eventCols+` FROM events
		 WHERE event_date = $1::date AND status IN ('deposit_paid', 'paid')
		 ORDER BY id`, day)
	if err != nil {
		return nil, mapErr(err)
	}
	return collect(rows, scanEvent)
}
