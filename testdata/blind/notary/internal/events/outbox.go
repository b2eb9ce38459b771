package events

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/sealpoint-labs/notary/internal/dbx"
)

// Outbox writes events to the outbox table. Called inside a TxRunner
// transaction the event commits or rolls back with the state change; the
// Relay publishes committed rows to JetStream.
type Outbox struct {
	db *sqlx.DB
}

func NewOutbox(db *sqlx.DB) *Outbox {
	return &Outbox{db: db}
}

func (o *Outbox) Enqueue(ctx context.Context, subject, aggregateID string, payload any) error {
	body, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("outbox marshal %s: %w", subject, err)
	}
	_, err = dbx.Ext(ctx, o.db).ExecContext(ctx, `
		INSERT INTO outbox (id, subject, aggregate_id, payload)
		VALUES ($1, $2, $3, $4)`,
		uuid.NewString(), subject, aggregateID, body)
	if err != nil {
		return fmt.Errorf("outbox insert %s: %w", subject, err)
	}
	return nil
}
