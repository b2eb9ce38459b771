// Package catalogue keeps a local copy of supplier catalogues, fed by the
// supplier catalogue topic.
package catalogue

import (
	"context"
	"time"

	"github.com/northmill/procure/internal/platform/db"
	"github.com/northmill/procure/internal/tasks"
)

// Item is a catalogue entry.
type Item struct {
	SupplierID     string    `db:"supplier_id" json:"supplier_id"`
	SKU            string    `db:"sku" json:"sku"`
	Description    string    `db:"description" json:"description"`
	UOM            string    `db:"uom" json:"uom"`
	UnitPriceMinor int64     `db:"unit_price_minor" json:"unit_price_minor"`
	Currency       string    `db:"currency" json:"currency"`
	LeadTimeDays   int       `db:"lead_time_days" json:"lead_time_days"`
	Active         bool      `db:"active" json:"active"`
	Version        int64     `db:"version" json:"version"`
	UpdatedAt      time.Time `db:"updated_at" json:"-"`
}

// PriceChange is a new price for an existing item.
type PriceChange struct {
	SupplierID     string `json:"supplier_id"`
	SKU            string `json:"sku"`
	UnitPriceMinor int64  `json:"unit_price_minor"`
	Currency       string `json:"currency"`
	Version        int64  `json:"version"`
	EffectiveFrom  string `json:"effective_from"`
}

// Service applies catalogue updates.
type Service struct {
	store *db.Store
	jobs  tasks.Enqueuer
}

// NewService wires the service.
func NewService(store *db.Store, jobs tasks.Enqueuer) *Service {
	return &Service{store: store, jobs: jobs}
}

// Upsert stores an item unless a newer version is already stored.
func (s *Service) Upsert(ctx context.Context, it Item) error {
	_, err := s.store.DB().NamedExecContext(ctx, `
		INSERT INTO catalogue_items (supplier_id, sku, description, uom, unit_price_minor, currency,
			lead_time_days, active, version)
		VALUES (:supplier_id, :sku, :description, :uom, :unit_price_minor, :currency,
			:lead_time_days, :active, :version)
		ON CONFLICT (supplier_id, sku) DO UPDATE SET
			description = EXCLUDED.description,
			uom = EXCLUDED.uom,
			unit_price_minor = EXCLUDED.unit_price_minor,
			currency = EXCLUDED.currency,
			lead_time_days = EXCLUDED.lead_time_days,
			active = EXCLUDED.active,
			version = EXCLUDED.version,
			updated_at = now()
		WHERE catalogue_items.version < EXCLUDED.version`, it)
	return err
}

// ChangePrice records a price change and schedules repricing of draft POs.
func (s *Service) ChangePrice(ctx context.Context, pc PriceChange, traceID string) error {
	return s.store.ExecTx(ctx, func(q db.Querier) error {
		res, err := q.ExecContext(ctx, `
			UPDATE catalogue_items SET unit_price_minor = $3, currency = $4, version = $5, updated_at = now()
			WHERE supplier_id = $1 AND sku = $2 AND version <= $5`,
			pc.SupplierID, pc.SKU, pc.UnitPriceMinor, pc.Currency, pc.Version)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		return s.jobs.EnqueueTx(ctx, q, tasks.RepriceOpenLines{
			SupplierID: pc.SupplierID,
			SKU:        pc.SKU,
			Version:    pc.Version,
			TraceID:    traceID,
		}, nil)
	})
}

// CurrentPrice returns an item's stored price.
func (s *Service) CurrentPrice(ctx context.Context, supplierID, sku string) (int64, int64, error) {
	var row struct {
		Price   int64 `db:"unit_price_minor"`
		Version int64 `db:"version"`
	}
	err := s.store.DB().GetContext(ctx, &row, `
		SELECT unit_price_minor, version FROM catalogue_items WHERE supplier_id = $1 AND sku = $2`, supplierID, sku)
	return row.Price, row.Version, err
}
