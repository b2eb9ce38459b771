package repository

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/driftline-services/snowplow/internal/db"
	"github.com/driftline-services/snowplow/internal/domain"
)

// Salt persists yard inventory, deliveries, draws and supplier orders.
type Salt struct {
	db.Repo[domain.SaltDelivery]
	yards     db.Repo[LowYard]
	snapshots db.Repo[domain.SaltSnapshot]
}

// NewSalt returns a salt repository.
func NewSalt(pool *pgxpool.Pool) *Salt {
	return &Salt{
		Repo:      db.NewRepo[domain.SaltDelivery](pool),
		yards:     db.NewRepo[LowYard](pool),
		snapshots: db.NewRepo[domain.SaltSnapshot](pool),
	}
}

// InsertDelivery records a truckload received at a yard.
func (r *Salt) InsertDelivery(ctx context.Context, d domain.SaltDelivery) error {
	_, err := r.Exec(ctx, `
		INSERT INTO salt_deliveries (id, yard_id, supplier_ticket, kg, received_at, received_by)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		d.ID, d.YardID, d.SupplierTicket, d.Kg, d.ReceivedAt, d.ReceivedBy)
	return err
}

// AdjustOnHand adds delta (negative for draws) to a yard's stock and returns
// the new level.
func (r *Salt) AdjustOnHand(ctx context.Context, yardID string, delta int64) (int64, error) {
	var onHand int64
	err := r.Conn(ctx).QueryRow(ctx, `
		UPDATE salt_inventory SET on_hand_kg = on_hand_kg + $2, updated_at = now()
		WHERE yard_id = $1
		RETURNING on_hand_kg`, yardID, delta).Scan(&onHand)
	return onHand, notFound(err)
}

// InsertDraw records salt taken out of a yard for a pass.
func (r *Salt) InsertDraw(ctx context.Context, yardID string, assignmentID uuid.UUID, source string, kg int64) error {
	_, err := r.Exec(ctx, `
		INSERT INTO salt_draws (id, yard_id, assignment_id, source, kg)
		VALUES ($1, $2, $3, $4, $5)`,
		uuid.New(), yardID, assignmentID, source, kg)
	return err
}

// CloseOpenOrders marks a yard's open supplier orders delivered.
func (r *Salt) CloseOpenOrders(ctx context.Context, yardID string) (int64, error) {
	return r.Exec(ctx, `
		UPDATE salt_orders SET status = 'delivered'
		WHERE yard_id = $1 AND status = 'open'`, yardID)
}

// LowYard is a yard below its reorder point.
type LowYard struct {
	YardID            string `db:"yard_id"`
	DeliveryAddress   string `db:"delivery_address"`
	OnHandKg          int64  `db:"on_hand_kg"`
	ReorderQuantityKg int64  `db:"reorder_quantity_kg"`
}

// LowYards lists yards under their reorder point with no open order.
func (r *Salt) LowYards(ctx context.Context) ([]LowYard, error) {
	return r.yards.Many(ctx, `
		SELECT y.id AS yard_id, y.delivery_address, i.on_hand_kg, y.reorder_quantity_kg
		  FROM yards y
		  JOIN salt_inventory i ON i.yard_id = y.id
		 WHERE i.on_hand_kg < y.reorder_point_kg
		   AND NOT EXISTS (SELECT 1 FROM salt_orders o WHERE o.yard_id = y.id AND o.status = 'open')
		 ORDER BY i.on_hand_kg`)
}

// InsertOrder records an order placed with the supplier.
func (r *Salt) InsertOrder(ctx context.Context, o domain.SaltOrder) error {
	_, err := r.Exec(ctx, `
		INSERT INTO salt_orders (id, yard_id, supplier_order_id, kg, status, placed_at)
		VALUES ($1, $2, $3, $4, 'open', $5)`,
		o.ID, o.YardID, o.SupplierOrderID, o.Kg, o.PlacedAt)
	return err
}

// DaySummary computes each yard's closing stock, draws and deliveries for
// the day starting at dayStart.
func (r *Salt) DaySummary(ctx context.Context, dayStart time.Time) ([]domain.SaltSnapshot, error) {
	return r.snapshots.Many(ctx, `
		SELECT y.id AS yard_id,
		       $2::date AS snapshot_date,
		       i.on_hand_kg,
		       COALESCE((SELECT sum(kg) FROM salt_draws d
		                  WHERE d.yard_id = y.id AND d.drawn_at >= $1 AND d.drawn_at < $1 + interval '1 day'), 0)::bigint AS drawn_kg,
		       COALESCE((SELECT sum(kg) FROM salt_deliveries s
		                  WHERE s.yard_id = y.id AND s.received_at >= $1 AND s.received_at < $1 + interval '1 day'), 0)::bigint AS delivered_kg
		  FROM yards y
		  JOIN salt_inventory i ON i.yard_id = y.id
		 ORDER BY y.id`, dayStart, dayStart.Format("2006-01-02"))
}

// InsertSnapshot stores one yard's end-of-day figures.
func (r *Salt) InsertSnapshot(ctx context.Context, s domain.SaltSnapshot) error {
	_, err := r.snapshots.Exec(ctx, `
		INSERT INTO salt_daily_snapshots (yard_id, snapshot_date, on_hand_kg, drawn_kg, delivered_kg)
		VALUES ($1, $2, $3, $4, $5)`,
		s.YardID, s.SnapshotDate, s.OnHandKg, s.DrawnKg, s.DeliveredKg)
	return err
}

// InsertManualPass stores a pass keyed by the tablet-generated ID. It
// reports false when the pass was already stored.
func (r *Salt) InsertManualPass(ctx context.Context, p domain.ManualPass) (bool, error) {
	n, err := r.Exec(ctx, `
		INSERT INTO manual_passes (id, assignment_id, length_m, salt_kg, recorded_by)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (id) DO NOTHING`,
		p.ID, p.AssignmentID, p.LengthM, p.SaltKg, p.RecordedBy)
	return n == 1, err
}
