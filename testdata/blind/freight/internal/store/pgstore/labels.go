package pgstore

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/acme/freight/internal/domain"
	"github.com/acme/freight/internal/platform/txm"
)

type Labels struct {
	pool *pgxpool.Pool
}

func NewLabels(pool *pgxpool.Pool) *Labels { return &Labels{pool: pool} }

// ClaimOperation records the intent to buy a label for (shipment, carrier).
// If one already exists the stored operation is returned unchanged, so its ID
// is stable across retries.
func (r *Labels) ClaimOperation(ctx context.Context, op domain.LabelOperation) (*domain.LabelOperation, error) {
	q := txm.Q(ctx, r.pool)
	if _, err := q.Exec(ctx, `
		INSERT INTO label_operations (id, shipment_id, carrier, status)
		VALUES ($1, $2, $3, 'pending')
		ON CONFLICT (shipment_id, carrier) DO NOTHING`, op.ID, op.ShipmentID, op.Carrier); err != nil {
		return nil, fmt.Errorf("claim label operation: %w", err)
	}
	var out domain.LabelOperation
	err := q.QueryRow(ctx, `
		SELECT id, shipment_id, carrier, status, coalesce(label_id, '')
		FROM label_operations WHERE shipment_id = $1 AND carrier = $2`, op.ShipmentID, op.Carrier).
		Scan(&out.ID, &out.ShipmentID, &out.Carrier, &out.Status, &out.LabelID)
	if err != nil {
		return nil, fmt.Errorf("load label operation: %w", err)
	}
	return &out, nil
}

func (r *Labels) CompleteOperation(ctx context.Context, opID, labelID string) error {
	_, err := txm.Q(ctx, r.pool).Exec(ctx, `
		UPDATE label_operations SET status = 'done', label_id = $2, updated_at = now()
		WHERE id = $1`, opID, labelID)
	return err
}

// InsertLabel stores a purchased label; the tracking number is unique.
func (r *Labels) InsertLabel(ctx context.Context, l *domain.Label) error {
	_, err := txm.Q(ctx, r.pool).Exec(ctx, `
		INSERT INTO labels (id, shipment_id, carrier, tracking_number, label_url, cost_cents, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (tracking_number) DO NOTHING`,
		l.ID, l.ShipmentID, l.Carrier, l.TrackingNumber, l.LabelURL, l.CostCents, l.CreatedAt)
	if err != nil {
		return fmt.Errorf("insert label: %w", err)
	}
	return nil
}

const labelColumns = `id, shipment_id, carrier, tracking_number, label_url, cost_cents, created_at`

func scanLabel(row pgx.Row) (*domain.Label, error) {
	var l domain.Label
	err := row.Scan(&l.ID, &l.ShipmentID, &l.Carrier, &l.TrackingNumber, &l.LabelURL, &l.CostCents, &l.CreatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, domain.ErrNotFound
	}
	return &l, err
}

func (r *Labels) GetLabel(ctx context.Context, id string) (*domain.Label, error) {
	return scanLabel(txm.Q(ctx, r.pool).QueryRow(ctx, `SELECT `+labelColumns+` FROM labels WHERE id = $1`, id))
}

// LabelForShipment returns the most recent label bought for the shipment.
func (r *Labels) LabelForShipment(ctx context.Context, shipmentID string) (*domain.Label, error) {
	return scanLabel(txm.Q(ctx, r.pool).QueryRow(ctx,
		`SELECT `+labelColumns+` FROM labels WHERE shipment_id = $1 ORDER BY created_at DESC LIMIT 1`, shipmentID))
}

func (r *Labels) GetLabelByTracking(ctx context.Context, trackingNumber string) (*domain.Label, error) {
	return scanLabel(txm.Q(ctx, r.pool).QueryRow(ctx,
		`SELECT `+labelColumns+` FROM labels WHERE tracking_number = $1`, trackingNumber))
}

// InsertReturnLabel stores at most one return label per shipment.
func (r *Labels) InsertReturnLabel(ctx context.Context, rl *domain.ReturnLabel) error {
	_, err := txm.Q(ctx, r.pool).Exec(ctx, `
		INSERT INTO return_labels (id, shipment_id, tracking_number, label_url)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (shipment_id) DO NOTHING`, rl.ID, rl.ShipmentID, rl.TrackingNumber, rl.LabelURL)
	return err
}

func (r *Labels) GetReturnLabel(ctx context.Context, shipmentID string) (*domain.ReturnLabel, error) {
	var rl domain.ReturnLabel
	err := txm.Q(ctx, r.pool).QueryRow(ctx, `
		SELECT id, shipment_id, tracking_number, label_url FROM return_labels WHERE shipment_id = $1`,
		shipmentID).Scan(&rl.ID, &rl.ShipmentID, &rl.TrackingNumber, &rl.LabelURL)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, domain.ErrNotFound
	}
	return &rl, err
}

func (r *Labels) InsertPickup(ctx context.Context, p *domain.Pickup) error {
	_, err := txm.Q(ctx, r.pool).Exec(ctx, `
		INSERT INTO pickups (id, shipment_id, carrier, confirmation, window_start, window_end)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		p.ID, p.ShipmentID, p.Carrier, p.Confirmation, p.WindowStart, p.WindowEnd)
	return err
}

func (r *Labels) InsertCustomsFiling(ctx context.Context, f *domain.CustomsFiling) error {
	_, err := txm.Q(ctx, r.pool).Exec(ctx, `
		INSERT INTO customs_filings (id, shipment_id, carrier, filing_number, hs_codes, declared_cents)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		f.ID, f.ShipmentID, f.Carrier, f.FilingNumber, f.HSCodes, f.DeclaredCents)
	return err
}
