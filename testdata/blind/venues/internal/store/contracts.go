package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/vowhall/venues/internal/domain"
	"github.com/vowhall/venues/internal/platform/dbx"
)

const contractColumns = `id, booking_id, kind, envelope_id, status, summary, sent_at, signed_at, expires_at`

const (
	insertContractSQL = `
INSERT INTO contracts (id, booking_id, kind, envelope_id, status, summary, sent_at, expires_at)
VALUES (:id, :booking_id, :kind, :envelope_id, :status, :summary, :sent_at, :expires_at)`

	getContractSQL = `SELECT ` + contractColumns + ` FROM contracts WHERE id = $1`

	getLiveMainContractSQL = `
SELECT ` + contractColumns + ` FROM contracts
WHERE booking_id = $1 AND kind = 'main' AND status IN ('sent', 'signed')`

	getContractByEnvelopeSQL = `SELECT ` + contractColumns + ` FROM contracts WHERE envelope_id = $1`

	markContractSignedSQL = `
UPDATE contracts SET status = 'signed', signed_at = $2
WHERE id = $1 AND status = 'sent'`

	markContractExpiredSQL = `
UPDATE contracts SET status = 'expired'
WHERE id = $1 AND status = 'sent'`

	insertContractEventSQL = `
INSERT INTO contract_events (provider_event_id, envelope_id, event_type, occurred_at, received_at)
VALUES (:provider_event_id, :envelope_id, :event_type, :occurred_at, :received_at)`
)

type Contracts struct{ db *sqlx.DB }

func NewContracts(db *sqlx.DB) *Contracts { return &Contracts{db: db} }

func (r *Contracts) Insert(ctx context.Context, c domain.Contract) error {
	_, err := dbx.Conn(ctx, r.db).NamedExecContext(ctx, insertContractSQL, c)
	return err
}

func (r *Contracts) Get(ctx context.Context, id uuid.UUID) (domain.Contract, error) {
	return dbx.Get[domain.Contract](ctx, dbx.Conn(ctx, r.db), getContractSQL, id)
}

func (r *Contracts) LiveMain(ctx context.Context, bookingID uuid.UUID) (domain.Contract, error) {
	return dbx.Get[domain.Contract](ctx, dbx.Conn(ctx, r.db), getLiveMainContractSQL, bookingID)
}

func (r *Contracts) GetByEnvelope(ctx context.Context, envelopeID string) (domain.Contract, error) {
	return dbx.Get[domain.Contract](ctx, dbx.Conn(ctx, r.db), getContractByEnvelopeSQL, envelopeID)
}

func (r *Contracts) MarkSigned(ctx context.Context, id uuid.UUID, at time.Time) error {
	_, err := dbx.Exec(ctx, dbx.Conn(ctx, r.db), markContractSignedSQL, id, at)
	return err
}

// MarkExpired reports false when the contract was no longer awaiting signature.
func (r *Contracts) MarkExpired(ctx context.Context, id uuid.UUID) (bool, error) {
	n, err := dbx.Exec(ctx, dbx.Conn(ctx, r.db), markContractExpiredSQL, id)
	return n == 1, err
}

func (r *Contracts) InsertEvent(ctx context.Context, e domain.ContractEvent) error {
	_, err := dbx.Conn(ctx, r.db).NamedExecContext(ctx, insertContractEventSQL, e)
	return err
}
