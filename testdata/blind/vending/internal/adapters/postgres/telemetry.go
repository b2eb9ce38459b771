package postgres

import (
	"context"
	"time"

	"github.com/vendgrid/fleetops/internal/domain"
)

type SaleRepo struct{ db Conn }

func NewSaleRepo(db Conn) *SaleRepo { return &SaleRepo{db: db} }

// Insert stores the sale unless the machine already reported this sequence
// number. It reports whether a row was written.
func (r *SaleRepo) Insert(ctx context.Context, s domain.Sale) (bool, error) {
	tag, err := r.db.From(ctx).Exec(ctx, `
		INSERT INTO sales (id, machine_id, machine_seq, product_id, amount_cents, method, payment_id, sold_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (machine_id, machine_seq) DO NOTHING`,
		s.ID, s.MachineID, s.MachineSeq, s.ProductID, s.AmountCents, s.Method, nullable(s.PaymentID), s.SoldAt)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

type CounterRepo struct{ db Conn }

func NewCounterRepo(db Conn) *CounterRepo { return &CounterRepo{db: db} }

func (r *CounterRepo) Insert(ctx context.Context, c domain.CounterReading) error {
	_, err := r.db.From(ctx).Exec(ctx, `
		INSERT INTO counter_readings (machine_id, reading_seq, cash_in_cents, coins_cents, bills_cents, read_at)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		c.MachineID, c.ReadingSeq, c.CashInCents, c.CoinsCents, c.BillsCents, c.ReadAt)
	return err
}

func (r *CounterRepo) LatestAtOrBefore(ctx context.Context, machineID string, t time.Time) (domain.CounterReading, error) {
	var c domain.CounterReading
	err := r.db.From(ctx).QueryRow(ctx, `
		SELECT machine_id, reading_seq, cash_in_cents, coins_cents, bills_cents, read_at
		  FROM counter_readings
		 WHERE machine_id = $1 AND read_at <= $2
		 ORDER BY read_at DESC, reading_seq DESC
		 LIMIT 1`, machineID, t).
		Scan(&c.MachineID, &c.ReadingSeq, &c.CashInCents, &c.CoinsCents, &c.BillsCents, &c.ReadAt)
	return c, notFound(err, "counter reading for "+machineID)
}

type FaultRepo struct{ db Conn }

func NewFaultRepo(db Conn) *FaultRepo { return &FaultRepo{db: db} }

func (r *FaultRepo) Insert(ctx context.Context, f domain.Fault) error {
	_, err := r.db.From(ctx).Exec(ctx, `
		INSERT INTO faults (id, machine_id, code, severity, detail, status, reported_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		f.ID, f.MachineID, f.Code, f.Severity, f.Detail, f.Status, f.ReportedAt)
	return err
}

func (r *FaultRepo) Get(ctx context.Context, id string) (domain.Fault, error) {
	var (
		f     domain.Fault
		phone *string
	)
	err := r.db.From(ctx).QueryRow(ctx, `
		SELECT id, machine_id, code, severity, detail, status, technician_phone,
		       reported_at, dispatched_at, resolved_at
		  FROM faults WHERE id = $1`, id).
		Scan(&f.ID, &f.MachineID, &f.Code, &f.Severity, &f.Detail, &f.Status, &phone,
			&f.ReportedAt, &f.DispatchedAt, &f.ResolvedAt)
	if phone != nil {
		f.TechnicianPhone = *phone
	}
	return f, notFound(err, "fault "+id)
}

func (r *FaultRepo) MarkDispatched(ctx context.Context, id, phone string, at time.Time) error {
	_, err := r.db.From(ctx).Exec(ctx, `
		UPDATE faults SET status = 'dispatched', technician_phone = $2, dispatched_at = $3
		 WHERE id = $1`, id, phone, at)
	return err
}

// Resolve closes the fault if it is still open or dispatched.
func (r *FaultRepo) Resolve(ctx context.Context, id string, at time.Time) (bool, error) {
	tag, err := r.db.From(ctx).Exec(ctx, `
		UPDATE faults SET status = 'resolved', resolved_at = $2
		 WHERE id = $1 AND status <> 'resolved'`, id, at)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}
