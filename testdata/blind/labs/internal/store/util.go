package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"

	"github.com/lib/pq"

	"github.com/meridianlabs/labs/internal/platform/db"
)

func pqArray(v []string) driver.Valuer { return pq.Array(v) }

func noRows(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return db.ErrNotFound
	}
	return err
}

// Partners reads partner configuration.
type Partners struct{ db db.DBTX }

// NewPartners returns a Partners repository.
func NewPartners(conn db.DBTX) *Partners { return &Partners{db: conn} }

// WithTx binds the repository to tx.
func (r *Partners) WithTx(tx *sql.Tx) *Partners { return &Partners{db: tx} }

// Partner is an EHR integration partner.
type Partner struct {
	ID            string
	Name          string
	WebhookURL    string
	WebhookSecret string
}

// PartnerByKeyHash implements httpx.PartnerResolver.
func (r *Partners) PartnerByKeyHash(ctx context.Context, hash string) (string, error) {
	var id string
	err := r.db.QueryRowContext(ctx,
		`SELECT id FROM partners WHERE api_key_hash = $1 AND active`, hash).Scan(&id)
	return id, noRows(err)
}

// Get loads a partner.
func (r *Partners) Get(ctx context.Context, id string) (Partner, error) {
	var p Partner
	err := r.db.QueryRowContext(ctx,
		`SELECT id, name, webhook_url, webhook_secret FROM partners WHERE id = $1`, id).
		Scan(&p.ID, &p.Name, &p.WebhookURL, &p.WebhookSecret)
	return p, noRows(err)
}

// InboundEvent is an event received from an EHR partner.
type InboundEvent struct {
	PartnerID string
	EventID   string
	EventType string
	Payload   []byte
}

// InsertInboundEvent stores an inbound partner event.
func (r *Partners) InsertInboundEvent(ctx context.Context, e InboundEvent) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO inbound_events (partner_id, event_id, event_type, payload)
		VALUES ($1, $2, $3, $4)`, e.PartnerID, e.EventID, e.EventType, e.Payload)
	return err
}
