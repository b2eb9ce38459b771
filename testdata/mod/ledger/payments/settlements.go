package payments

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"github.com/hibiken/asynq"
)

// Settlements consumes the processor's settlement events, delivered as
// asynq tasks (at least once).
type Settlements struct {
	DB *sql.DB
}

// Register registers the handlers on an asynq mux.
func (s *Settlements) Register(mux *asynq.ServeMux) {
	mux.HandleFunc("payment:settled", s.HandleSettled)
	mux.HandleFunc("payment:settled:v2", s.HandleSettledOnce)
}

type settledEvent struct {
	EventID     string `json:"event_id"`
	PaymentID   int64  `json:"payment_id"`
	AmountCents int64  `json:"amount_cents"`
}

// HandleSettled is the inbox pattern done apart from the work: it checks
// processed_events on the handle, settles in a transaction, and records
// the event after the commit. A crash between the commit and the record
// settles twice on redelivery, and two deliveries that race both pass
// the check.
func (s *Settlements) HandleSettled(ctx context.Context, t *asynq.Task) error {
	var ev settledEvent
	if err := json.Unmarshal(t.Payload(), &ev); err != nil {
		return fmt.Errorf("decode settlement: %v: %w", err, asynq.SkipRetry)
	}
	var seen int
	if err := s.DB.QueryRowContext(ctx, "SELECT count(*) FROM processed_events WHERE event_id = $1", ev.EventID).Scan(&seen); err != nil { // finding: IDEM004
		return err
	}
	if seen > 0 {
		return nil
	}
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "INSERT INTO settlements (payment_id, amount_cents) VALUES ($1, $2)", ev.PaymentID, ev.AmountCents); err != nil { // finding: IDEM006
		return err
	}
	if _, err := tx.ExecContext(ctx, "UPDATE payments SET status = 'settled' WHERE id = $1", ev.PaymentID); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	_, err = s.DB.ExecContext(ctx, "INSERT INTO processed_events (event_id) VALUES ($1) ON CONFLICT DO NOTHING", ev.EventID) // finding: IDEM004
	return err
}

// HandleSettledOnce records the event in the settlement's transaction,
// first, and settles only when the record is new.
func (s *Settlements) HandleSettledOnce(ctx context.Context, t *asynq.Task) error {
	var ev settledEvent
	if err := json.Unmarshal(t.Payload(), &ev); err != nil {
		return fmt.Errorf("decode settlement: %v: %w", err, asynq.SkipRetry)
	}
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, "INSERT INTO processed_events (event_id) VALUES ($1) ON CONFLICT DO NOTHING", ev.EventID) // safe: the inbox row commits with the settlement, and rows affected decides
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return err // delivered before
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO settlements (payment_id, amount_cents) VALUES ($1, $2)", ev.PaymentID, ev.AmountCents); err != nil { // safe: on the inbox guard's first-time branch
		return err
	}
	if _, err := tx.ExecContext(ctx, "UPDATE payments SET status = 'settled' WHERE id = $1", ev.PaymentID); err != nil {
		return err
	}
	return tx.Commit()
}
