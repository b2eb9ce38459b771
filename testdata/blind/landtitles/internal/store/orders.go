package store

import (
	"context"
	"time"

	"github.com/cobaltmesa/titleworks/internal/domain"
	"github.com/cobaltmesa/titleworks/internal/platform/txm"
)

// OrderRepo persists title orders and their searches.
type OrderRepo struct {
	tx *txm.Manager
}

// NewOrderRepo returns an OrderRepo.
func NewOrderRepo(tx *txm.Manager) *OrderRepo { return &OrderRepo{tx: tx} }

// Upsert inserts the order unless one with the same file number exists
// and returns the id of the stored row either way.
func (r *OrderRepo) Upsert(ctx context.Context, o *domain.Order) (string, error) {
	q := r.tx.Q(ctx)
	_, err := q.NamedExecContext(ctx, `
		INSERT INTO title_orders (id, file_number, property_apn, county_fips, property_addr,
			buyer_name, buyer_email, buyer_phone, seller_name, seller_email,
			closer_email, closer_phone, sale_price_cents, loan_amount_cents, status, created_at, updated_at)
		VALUES (:id, :file_number, :property_apn, :county_fips, :property_addr,
			:buyer_name, :buyer_email, :buyer_phone, :seller_name, :seller_email,
			:closer_email, :closer_phone, :sale_price_cents, :loan_amount_cents, :status, :created_at, :updated_at)
		ON DUPLICATE KEY UPDATE updated_at = updated_at`, o)
	if err != nil {
		return "", err
	}
	var id string
	err = q.GetContext(ctx, &id, `SELECT id FROM title_orders WHERE file_number = ?`, o.FileNumber)
	return id, err
}

// Get loads an order.
func (r *OrderRepo) Get(ctx context.Context, id string) (*domain.Order, error) {
	return getOne[domain.Order](ctx, r.tx.Q(ctx), "order", `SELECT * FROM title_orders WHERE id = ?`, id)
}

// SetStatus moves an order to a new status.
func (r *OrderRepo) SetStatus(ctx context.Context, id, status string, at time.Time) error {
	_, err := r.tx.Q(ctx).ExecContext(ctx,
		`UPDATE title_orders SET status = ?, updated_at = ? WHERE id = ?`, status, at, id)
	return err
}

// UpsertSearch stores a search keyed on the plant's search id.
func (r *OrderRepo) UpsertSearch(ctx context.Context, s *domain.TitleSearch) error {
	_, err := r.tx.Q(ctx).NamedExecContext(ctx, `
		INSERT INTO title_searches (id, order_id, plant_search_id, search_type, status, ordered_at)
		VALUES (:id, :order_id, :plant_search_id, :search_type, :status, :ordered_at)
		ON DUPLICATE KEY UPDATE status = VALUES(status)`, s)
	return err
}

// SearchByPlantID loads a search by the plant's id.
func (r *OrderRepo) SearchByPlantID(ctx context.Context, plantID string) (*domain.TitleSearch, error) {
	return getOne[domain.TitleSearch](ctx, r.tx.Q(ctx), "title search",
		`SELECT * FROM title_searches WHERE plant_search_id = ?`, plantID)
}

// CompleteSearch marks a search complete. Repeated calls leave the first
// completion time in place.
func (r *OrderRepo) CompleteSearch(ctx context.Context, plantID, reportURL string, at time.Time) error {
	_, err := r.tx.Q(ctx).ExecContext(ctx, `
		UPDATE title_searches
		   SET status = 'complete', report_url = ?, completed_at = COALESCE(completed_at, ?)
		 WHERE plant_search_id = ?`, reportURL, at, plantID)
	return err
}
