package store

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

// MenuRepository persists restaurant menus.
type MenuRepository interface {
	Insert(ctx context.Context, q Querier, it *MenuItem) error
	Get(ctx context.Context, q Querier, id uuid.UUID) (*MenuItem, error)
	GetMany(ctx context.Context, q Querier, restaurantID uuid.UUID, ids []uuid.UUID) (map[uuid.UUID]MenuItem, error)
	List(ctx context.Context, q Querier, restaurantID uuid.UUID) ([]MenuItem, error)
	SetAvailable(ctx context.Context, q Querier, id uuid.UUID, available bool) error
}

type pgMenu struct{}

// NewMenuRepository returns the Postgres menu repository.
func NewMenuRepository() *pgMenu { return &pgMenu{} }

const menuColumns = `id, restaurant_id, name, description, price_cents, category, available, created_at`

func scanMenuItem(row pgx.Row) (MenuItem, error) {
	var it MenuItem
	err := row.Scan(&it.ID, &it.RestaurantID, &it.Name, &it.Description, &it.PriceCents,
		&it.Category, &it.Available, &it.CreatedAt)
	return it, err
}

func (r *pgMenu) Insert(ctx context.Context, q Querier, it *MenuItem) error {
	err := q.QueryRow(ctx, `
		INSERT INTO menu_items (id, restaurant_id, name, description, price_cents, category, available)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		RETURNING created_at`,
		it.ID, it.RestaurantID, it.Name, it.Description, it.PriceCents, it.Category, it.Available).
		Scan(&it.CreatedAt)
	return mapErr(err)
}

func (r *pgMenu) Get(ctx context.Context, q Querier, id uuid.UUID) (*MenuItem, error) {
	it, err := scanMenuItem(q.QueryRow(ctx, `SELECT `+menuColumns+` FROM menu_items WHERE id = $1`, id))
	if err != nil {
		return nil, mapErr(err)
	}
	return &it, nil
}

func (r *pgMenu) GetMany(ctx context.Context, q Querier, restaurantID uuid.UUID, ids []uuid.UUID) (map[uuid.UUID]MenuItem, error) {
	rows, err := q.Query(ctx, `
		SELECT `+menuColumns+` FROM menu_items
		WHERE restaurant_id = $1 AND id = ANY($2)`, restaurantID, ids)
	if err != nil {
		return nil, err
	}
	items, err := collect(rows, scanMenuItem)
	if err != nil {
		return nil, err
	}
	out := make(map[uuid.UUID]MenuItem, len(items))
	for _, it := range items {
		out[it.ID] = it
	}
	return out, nil
}

func (r *pgMenu) List(ctx context.Context, q Querier, restaurantID uuid.UUID) ([]MenuItem, error) {
	rows, err := q.Query(ctx, `
		SELECT `+menuColumns+` FROM menu_items
		WHERE restaurant_id = $1 ORDER BY category, name`, restaurantID)
	if err != nil {
		return nil, err
	}
	return collect(rows, scanMenuItem)
}

func (r *pgMenu) SetAvailable(ctx context.Context, q Querier, id uuid.UUID, available bool) error {
	tag, err := q.Exec(ctx, `UPDATE menu_items SET available = $2 WHERE id = $1`, id, available)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return nil
}
