package transfers

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/hemolink-systems/bloodbank/internal/domain"
	"github.com/hemolink-systems/bloodbank/internal/platform/database"
)

// Shipment is the carrier leg of a transfer.
type Shipment struct {
	Number        string    `db:"shipment_number"`
	TransferID    uuid.UUID `db:"transfer_id"`
	Carrier       string    `db:"carrier"`
	PartnerAckRef string    `db:"partner_ack_ref"`
	ShippedAt     time.Time `db:"shipped_at"`
}

// Partner is a partner blood service.
type Partner struct {
	Code       string `db:"code"`
	Name       string `db:"name"`
	Country    string `db:"country"`
	APIBaseURL string `db:"api_base_url"`
}

// CallLogEntry records one outbound call to a partner.
type CallLogEntry struct {
	ID          uuid.UUID  `db:"id"`
	PartnerCode string     `db:"partner_code"`
	Operation   string     `db:"operation"`
	TransferID  *uuid.UUID `db:"transfer_id"`
	AttemptAt   time.Time  `db:"attempt_at"`
	HTTPStatus  *int       `db:"http_status"`
	Error       *string    `db:"error"`
}

type Repository interface {
	ClaimRequest(ctx context.Context, tx *sqlx.Tx, t domain.Transfer) (domain.Transfer, bool, error)
	Get(ctx context.Context, id uuid.UUID) (domain.Transfer, error)
	Partner(ctx context.Context, code string) (Partner, error)
	AdvanceStatus(ctx context.Context, q database.Ext, id uuid.UUID, from, to string) (bool, error)
	InsertItems(ctx context.Context, q database.Ext, transferID uuid.UUID, componentIDs []uuid.UUID) error
	UnitNumbers(ctx context.Context, transferID uuid.UUID) ([]string, error)
	SetAckRef(ctx context.Context, tx *sqlx.Tx, id uuid.UUID, ackRef string) error
	InsertShipment(ctx context.Context, tx *sqlx.Tx, s Shipment) error
	LogCall(ctx context.Context, e CallLogEntry) error
}

type pgRepository struct{ db *sqlx.DB }

func NewRepository(db *sqlx.DB) Repository { return &pgRepository{db: db} }

const transferColumns = `id, partner_code, partner_request_ref, kind, blood_group, quantity, status, partner_ack_ref`

// ClaimRequest inserts the transfer for a partner request. If the partner
// already sent this request, the existing row is returned with created=false.
func (r *pgRepository) ClaimRequest(ctx context.Context, tx *sqlx.Tx, t domain.Transfer) (domain.Transfer, bool, error) {
	var out domain.Transfer
	rows, err := sqlx.NamedQueryContext(ctx, tx, `
		INSERT INTO transfers (id, partner_code, partner_request_ref, kind, blood_group, quantity, status)
		VALUES (:id, :partner_code, :partner_request_ref, :kind, :blood_group, :quantity, 'requested')
		ON CONFLICT ON CONSTRAINT transfers_partner_request_key DO NOTHING
		RETURNING `+transferColumns, t)
	if err != nil {
		return out, false, err
	}
	created := rows.Next()
	if created {
		err = rows.StructScan(&out)
	}
	rows.Close()
	if err != nil {
		return out, false, err
	}
	if created {
		return out, true, nil
	}
	err = tx.GetContext(ctx, &out, `SELECT `+transferColumns+` FROM transfers
		 WHERE partner_code = $1 AND partner_request_ref = $2`, t.PartnerCode, t.PartnerRequestRef)
	return out, false, err
}

func (r *pgRepository) Get(ctx context.Context, id uuid.UUID) (domain.Transfer, error) {
	var t domain.Transfer
	err := r.db.GetContext(ctx, &t, `SELECT `+transferColumns+` FROM transfers WHERE id = $1`, id)
	if database.IsNoRows(err) {
		return t, fmt.Errorf("transfer %s: %w", id, domain.ErrNotFound)
	}
	return t, err
}

func (r *pgRepository) Partner(ctx context.Context, code string) (Partner, error) {
	var p Partner
	err := r.db.GetContext(ctx, &p, `SELECT code, name, country, api_base_url FROM partner_services WHERE code = $1`, code)
	if database.IsNoRows(err) {
		return p, fmt.Errorf("partner %s: %w", code, domain.ErrNotFound)
	}
	return p, err
}

func (r *pgRepository) AdvanceStatus(ctx context.Context, q database.Ext, id uuid.UUID, from, to string) (bool, error) {
	res, err := q.ExecContext(ctx, `
		UPDATE transfers SET status = $3, updated_at = now()
		 WHERE id = $1 AND status = $2`, id, from, to)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (r *pgRepository) InsertItems(ctx context.Context, q database.Ext, transferID uuid.UUID, componentIDs []uuid.UUID) error {
	for _, cid := range componentIDs {
		if _, err := q.ExecContext(ctx, `
			INSERT INTO transfer_items (transfer_id, component_id) VALUES ($1, $2)
			ON CONFLICT DO NOTHING`, transferID, cid); err != nil {
			return err
		}
	}
	return nil
}

func (r *pgRepository) UnitNumbers(ctx context.Context, transferID uuid.UUID) ([]string, error) {
	var out []string
	err := r.db.SelectContext(ctx, &out, `
		SELECT c.unit_number FROM transfer_items ti
		  JOIN components c ON c.id = ti.component_id
		 WHERE ti.transfer_id = $1 ORDER BY c.unit_number`, transferID)
	return out, err
}

func (r *pgRepository) SetAckRef(ctx context.Context, tx *sqlx.Tx, id uuid.UUID, ackRef string) error {
	_, err := tx.ExecContext(ctx, `
		UPDATE transfers SET partner_ack_ref = $2, status = 'submitted', updated_at = now()
		 WHERE id = $1 AND status = 'reserved'`, id, ackRef)
	return err
}

func (r *pgRepository) InsertShipment(ctx context.Context, tx *sqlx.Tx, s Shipment) error {
	_, err := tx.NamedExecContext(ctx, `
		INSERT INTO transfer_shipments (shipment_number, transfer_id, carrier, partner_ack_ref, shipped_at)
		VALUES (:shipment_number, :transfer_id, :carrier, :partner_ack_ref, :shipped_at)`, s)
	return err
}

func (r *pgRepository) LogCall(ctx context.Context, e CallLogEntry) error {
	_, err := r.db.NamedExecContext(ctx, `
		INSERT INTO partner_call_log (id, partner_code, operation, transfer_id, attempt_at, http_status, error)
		VALUES (:id, :partner_code, :operation, :transfer_id, :attempt_at, :http_status, :error)`, e)
	return err
}
