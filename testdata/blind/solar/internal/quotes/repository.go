package quotes

import (
	"context"
	"time"

	"github.com/sunrail/installs/internal/platform/database"
)

// Repository is the Postgres Store.
type Repository struct {
	db database.DBTX
	tx database.TxManager
}

// NewRepository builds a Repository.
func NewRepository(db database.DBTX, tx database.TxManager) *Repository {
	return &Repository{db: db, tx: tx}
}

const quoteColumns = `id, customer_id, site_address, jurisdiction, utility_code, system_kw,
	panel_count, panel_sku, inverter_sku, battery_kwh, price_cents, deposit_cents,
	status, sales_rep, expires_at, created_at`

// Insert stores a new quote.
func (r *Repository) Insert(ctx context.Context, q Quote) error {
	_, err := database.Executor(ctx, r.db).ExecContext(ctx, `
		INSERT INTO quotes (`+quoteColumns+`)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
		q.ID, q.CustomerID, q.SiteAddress, q.Jurisdiction, q.UtilityCode, q.SystemKW,
		q.PanelCount, q.PanelSKU, q.InverterSKU, q.BatteryKWh, q.PriceCents, q.DepositCents,
		q.Status, q.SalesRep, q.ExpiresAt, q.CreatedAt)
	return err
}

// Get loads a quote by ID.
func (r *Repository) Get(ctx context.Context, id string) (Quote, error) {
	var q Quote
	err := database.Executor(ctx, r.db).QueryRowContext(ctx,
		`SELECT `+quoteColumns+` FROM quotes WHERE id = $1`, id).Scan(
		&q.ID, &q.CustomerID, &q.SiteAddress, &q.Jurisdiction, &q.UtilityCode, &q.SystemKW,
		&q.PanelCount, &q.PanelSKU, &q.InverterSKU, &q.BatteryKWh, &q.PriceCents, &q.DepositCents,
		&q.Status, &q.SalesRep, &q.ExpiresAt, &q.CreatedAt)
	return q, database.NotFound(err)
}

// GetForUpdate loads and row-locks a quote; call inside WithinTx.
func (r *Repository) GetForUpdate(ctx context.Context, id string) (Quote, error) {
	var q Quote
	err := database.Executor(ctx, r.db).QueryRowContext(ctx,
		`SELECT `+quoteColumns+` FROM quotes WHERE id = $1 FOR UPDATE`, id).Scan(
		&q.ID, &q.CustomerID, &q.SiteAddress, &q.Jurisdiction, &q.UtilityCode, &q.SystemKW,
		&q.PanelCount, &q.PanelSKU, &q.InverterSKU, &q.BatteryKWh, &q.PriceCents, &q.DepositCents,
		&q.Status, &q.SalesRep, &q.ExpiresAt, &q.CreatedAt)
	return q, database.NotFound(err)
}

// MarkAccepted flips a quote to accepted.
func (r *Repository) MarkAccepted(ctx context.Context, id string) error {
	_, err := database.Executor(ctx, r.db).ExecContext(ctx,
		`UPDATE quotes SET status = 'accepted' WHERE id = $1 AND status IN ('sent', 'accepted')`, id)
	return err
}

// ExpireBefore expires sent quotes whose validity ended before cutoff.
func (r *Repository) ExpireBefore(ctx context.Context, cutoff time.Time) (int64, error) {
	res, err := database.Executor(ctx, r.db).ExecContext(ctx, `
		UPDATE quotes SET status = 'expired'
		WHERE status = 'sent' AND expires_at < $1`, cutoff)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
