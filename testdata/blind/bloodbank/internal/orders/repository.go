package orders

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/hemolink-systems/bloodbank/internal/domain"
	"github.com/hemolink-systems/bloodbank/internal/platform/database"
)

// Allocation links one component to an order line.
type Allocation struct {
	OrderID     uuid.UUID `db:"order_id"`
	ComponentID uuid.UUID `db:"component_id"`
	LineNo      int       `db:"line_no"`
}

type Repository interface {
	HospitalByClientID(ctx context.Context, clientID string) (domain.Hospital, error)
	GetHospital(ctx context.Context, id uuid.UUID) (domain.Hospital, error)
	InsertOrder(ctx context.Context, tx *sqlx.Tx, o domain.Order) error
	InsertLines(ctx context.Context, tx *sqlx.Tx, lines []domain.OrderLine) error
	GetOrder(ctx context.Context, id uuid.UUID) (domain.Order, error)
	InsertAllocations(ctx context.Context, tx *sqlx.Tx, allocs []Allocation) error
	SetStatus(ctx context.Context, q database.Ext, id uuid.UUID, from []string, to string) (bool, error)
}

type pgRepository struct{ db *sqlx.DB }

func NewRepository(db *sqlx.DB) Repository { return &pgRepository{db: db} }

func (r *pgRepository) HospitalByClientID(ctx context.Context, clientID string) (domain.Hospital, error) {
	var h domain.Hospital
	err := r.db.GetContext(ctx, &h,
		`SELECT id, api_client_id, name, sms_contact, address FROM hospitals WHERE api_client_id = $1`, clientID)
	if database.IsNoRows(err) {
		return h, fmt.Errorf("hospital client %q: %w", clientID, domain.ErrNotFound)
	}
	return h, err
}

func (r *pgRepository) GetHospital(ctx context.Context, id uuid.UUID) (domain.Hospital, error) {
	var h domain.Hospital
	err := r.db.GetContext(ctx, &h,
		`SELECT id, api_client_id, name, sms_contact, address FROM hospitals WHERE id = $1`, id)
	if database.IsNoRows(err) {
		return h, fmt.Errorf("hospital %s: %w", id, domain.ErrNotFound)
	}
	return h, err
}

func (r *pgRepository) InsertOrder(ctx context.Context, tx *sqlx.Tx, o domain.Order) error {
	_, err := tx.NamedExecContext(ctx, `
		INSERT INTO orders (id, hospital_id, reference, priority, status, created_at, updated_at)
		VALUES (:id, :hospital_id, :reference, :priority, :status, :created_at, :created_at)`, o)
	return err
}

func (r *pgRepository) InsertLines(ctx context.Context, tx *sqlx.Tx, lines []domain.OrderLine) error {
	if len(lines) == 0 {
		return nil
	}
	_, err := tx.NamedExecContext(ctx, `
		INSERT INTO order_lines (order_id, line_no, kind, blood_group, quantity)
		VALUES (:order_id, :line_no, :kind, :blood_group, :quantity)`, lines)
	return err
}

func (r *pgRepository) GetOrder(ctx context.Context, id uuid.UUID) (domain.Order, error) {
	var o domain.Order
	err := r.db.GetContext(ctx, &o, `
		SELECT id, hospital_id, reference, priority, status, created_at FROM orders WHERE id = $1`, id)
	if database.IsNoRows(err) {
		return o, fmt.Errorf("order %s: %w", id, domain.ErrNotFound)
	}
	if err != nil {
		return o, err
	}
	err = r.db.SelectContext(ctx, &o.Lines, `
		SELECT order_id, line_no, kind, blood_group, quantity
		  FROM order_lines WHERE order_id = $1 ORDER BY line_no`, id)
	return o, err
}

func (r *pgRepository) InsertAllocations(ctx context.Context, tx *sqlx.Tx, allocs []Allocation) error {
	if len(allocs) == 0 {
		return nil
	}
	_, err := tx.NamedExecContext(ctx, `
		INSERT INTO order_allocations (order_id, component_id, line_no)
		VALUES (:order_id, :component_id, :line_no)
		ON CONFLICT (order_id, component_id) DO NOTHING`, allocs)
	return err
}

// SetStatus moves the order to `to` if it is currently in one of `from`.
func (r *pgRepository) SetStatus(ctx context.Context, q database.Ext, id uuid.UUID, from []string, to string) (bool, error) {
	query, args, err := sqlx.In(`
		UPDATE orders SET status = ?, updated_at = now()
		 WHERE id = ? AND status IN (?)`, to, id, from)
	if err != nil {
		return false, err
	}
	res, err := q.ExecContext(ctx, sqlx.Rebind(sqlx.DOLLAR, query), args...)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
