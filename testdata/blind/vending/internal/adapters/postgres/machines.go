package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/vendgrid/fleetops/internal/domain"
)

type MachineRepo struct{ db Conn }

func NewMachineRepo(db Conn) *MachineRepo { return &MachineRepo{db: db} }

const machineCols = `id, serial_number, site_id, model, status, cash_baseline_cents, last_seen_at, created_at`

func scanMachine(row pgx.Row) (domain.Machine, error) {
	var m domain.Machine
	err := row.Scan(&m.ID, &m.SerialNumber, &m.SiteID, &m.Model, &m.Status, &m.CashBaselineCents, &m.LastSeenAt, &m.CreatedAt)
	return m, err
}

// Upsert registers a machine by serial number. A known serial keeps its id
// and is moved to the given site.
func (r *MachineRepo) Upsert(ctx context.Context, m domain.Machine) (domain.Machine, error) {
	row := r.db.From(ctx).QueryRow(ctx, `
		INSERT INTO machines (id, serial_number, site_id, model, status)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (serial_number) DO UPDATE
		   SET site_id = EXCLUDED.site_id,
		       model = EXCLUDED.model,
		       updated_at = now()
		RETURNING `+machineCols,
		m.ID, m.SerialNumber, m.SiteID, m.Model, m.Status)
	out, err := scanMachine(row)
	if err != nil {
		return domain.Machine{}, fmt.Errorf("upsert machine %s: %w", m.SerialNumber, err)
	}
	return out, nil
}

func (r *MachineRepo) Get(ctx context.Context, id string) (domain.Machine, error) {
	m, err := scanMachine(r.db.From(ctx).QueryRow(ctx, `SELECT `+machineCols+` FROM machines WHERE id = $1`, id))
	return m, notFound(err, "machine "+id)
}

// TouchLastSeen only moves last_seen_at forward, so late or repeated
// heartbeats do not rewind it.
func (r *MachineRepo) TouchLastSeen(ctx context.Context, id string, at time.Time) (bool, error) {
	tag, err := r.db.From(ctx).Exec(ctx, `
		UPDATE machines SET last_seen_at = $2
		 WHERE id = $1 AND (last_seen_at IS NULL OR last_seen_at < $2)`, id, at)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *MachineRepo) SetCashBaseline(ctx context.Context, id string, cents domain.Cents) error {
	_, err := r.db.From(ctx).Exec(ctx, `
		UPDATE machines SET cash_baseline_cents = $2, updated_at = now() WHERE id = $1`, id, cents)
	return err
}

func (r *MachineRepo) DecrementStock(ctx context.Context, machineID, productID string, n int) (domain.Slot, error) {
	var s domain.Slot
	err := r.db.From(ctx).QueryRow(ctx, `
		UPDATE machine_slots SET quantity = GREATEST(quantity - $3, 0)
		 WHERE machine_id = $1 AND product_id = $2
		RETURNING machine_id, product_id, quantity, par_level, capacity`,
		machineID, productID, n).Scan(&s.MachineID, &s.ProductID, &s.Quantity, &s.ParLevel, &s.Capacity)
	return s, notFound(err, "slot "+machineID+"/"+productID)
}

// AddStock increases the slot by n. Drivers sometimes overfill spiral slots,
// so the count is not capped at capacity.
func (r *MachineRepo) AddStock(ctx context.Context, machineID, productID string, n int) error {
	tag, err := r.db.From(ctx).Exec(ctx, `
		UPDATE machine_slots SET quantity = quantity + $3
		 WHERE machine_id = $1 AND product_id = $2`, machineID, productID, n)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("slot %s/%s: %w", machineID, productID, domain.ErrNotFound)
	}
	return nil
}

func (r *MachineRepo) SlotsBelowPar(ctx context.Context, machineID string) ([]domain.Slot, error) {
	rows, err := r.db.From(ctx).Query(ctx, `
		SELECT machine_id, product_id, quantity, par_level, capacity
		  FROM machine_slots
		 WHERE machine_id = $1 AND quantity <= par_level
		 ORDER BY slot_code`, machineID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (domain.Slot, error) {
		var s domain.Slot
		err := row.Scan(&s.MachineID, &s.ProductID, &s.Quantity, &s.ParLevel, &s.Capacity)
		return s, err
	})
}
