package store

import (
	"context"
	"time"
)

// Tipping batch statuses.
const (
	BatchOpen = "open"
	BatchPaid = "paid"
)

// Accrual is the tipping fee owed to the landfill for one ticket.
type Accrual struct {
	ID           string    `db:"id"`
	TicketID     string    `db:"ticket_id"`
	LandfillCode string    `db:"landfill_code"`
	Material     string    `db:"material"`
	NetKg        int64     `db:"net_kg"`
	CentsPerTon  int64     `db:"cents_per_ton"`
	AmountCents  int64     `db:"amount_cents"`
	BatchID      *string   `db:"batch_id"`
	WeighedAt    time.Time `db:"weighed_at"`
}

// Batch groups a landfill's accruals for one period into one remittance.
type Batch struct {
	ID                  string     `db:"id"`
	LandfillCode        string     `db:"landfill_code"`
	Period              string     `db:"period"`
	TotalCents          int64      `db:"total_cents"`
	Status              string     `db:"status"`
	RemittanceRef       *string    `db:"remittance_ref"`
	PartnerRemittanceID *string    `db:"partner_remittance_id"`
	PaidAt              *time.Time `db:"paid_at"`
	CreatedAt           time.Time  `db:"created_at"`
}

// Tipping is the tipping-fee aggregate: rates, accruals and batches.
type Tipping interface {
	RateFor(ctx context.Context, q Querier, landfill, material string, on time.Time) (int64, error)
	InsertAccrual(ctx context.Context, q Querier, a Accrual) (bool, error)
	AdjustAccrual(ctx context.Context, q Querier, ticketID string, deltaKg int64) error
	OpenBatch(ctx context.Context, q Querier, b Batch) (Batch, bool, error)
	AttachAccruals(ctx context.Context, q Querier, batchID, landfill string, from, to time.Time) (int64, error)
	GetBatch(ctx context.Context, q Querier, id string) (Batch, error)
	BatchAccruals(ctx context.Context, q Querier, batchID string) ([]Accrual, error)
	MarkBatchPaid(ctx context.Context, q Querier, id, ref, partnerID string, at time.Time) error
}

type tippingRepo struct{}

// NewTipping returns the Postgres tipping repository.
func NewTipping() Tipping { return tippingRepo{} }

func (tippingRepo) RateFor(ctx context.Context, q Querier, landfill, material string, on time.Time) (int64, error) {
	var cents int64
	err := q.QueryRow(ctx, `
		SELECT cents_per_ton FROM tipping_rates
		 WHERE landfill_code = $1 AND material = $2 AND effective_from <= $3
		 ORDER BY effective_from DESC LIMIT 1`, landfill, material, on).Scan(&cents)
	return cents, mapErr(err)
}

func (tippingRepo) InsertAccrual(ctx context.Context, q Querier, a Accrual) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO tipping_accruals (id, ticket_id, landfill_code, material, net_kg, cents_per_ton, amount_cents, weighed_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT ON CONSTRAINT tipping_accruals_ticket_uq DO NOTHING`,
		a.ID, a.TicketID, a.LandfillCode, a.Material, a.NetKg, a.CentsPerTon, a.AmountCents, a.WeighedAt)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (tippingRepo) AdjustAccrual(ctx context.Context, q Querier, ticketID string, deltaKg int64) error {
	_, err := q.Exec(ctx, `
		UPDATE tipping_accruals
		   SET net_kg = net_kg + $2,
		       amount_cents = round((net_kg + $2) / 907.18474 * cents_per_ton)
		 WHERE ticket_id = $1 AND batch_id IS NULL`, ticketID, deltaKg)
	return err
}

const batchCols = `id, landfill_code, period, total_cents, status, remittance_ref, partner_remittance_id, paid_at, created_at`

func (tippingRepo) OpenBatch(ctx context.Context, q Querier, b Batch) (Batch, bool, error) {
	created, err := one[Batch](q.Query(ctx, `
		INSERT INTO tipping_batches (id, landfill_code, period)
		VALUES ($1, $2, $3)
		ON CONFLICT ON CONSTRAINT tipping_batches_landfill_period_uq DO NOTHING
		RETURNING `+batchCols, b.ID, b.LandfillCode, b.Period))
	if err == nil {
		return created, true, nil
	}
	if err != ErrNotFound {
		return Batch{}, false, err
	}
	existing, err := one[Batch](q.Query(ctx,
		`SELECT `+batchCols+` FROM tipping_batches WHERE landfill_code = $1 AND period = $2`,
		b.LandfillCode, b.Period))
	return existing, false, err
}

func (tippingRepo) AttachAccruals(ctx context.Context, q Querier, batchID, landfill string, from, to time.Time) (int64, error) {
	if _, err := q.Exec(ctx, `
		UPDATE tipping_accruals SET batch_id = $1
		 WHERE landfill_code = $2 AND batch_id IS NULL
		   AND weighed_at >= $3 AND weighed_at < $4`, batchID, landfill, from, to); err != nil {
		return 0, err
	}
	var total int64
	err := q.QueryRow(ctx, `
		UPDATE tipping_batches
		   SET total_cents = (SELECT COALESCE(SUM(amount_cents), 0) FROM tipping_accruals WHERE batch_id = $1)
		 WHERE id = $1
		RETURNING total_cents`, batchID).Scan(&total)
	return total, err
}

func (tippingRepo) GetBatch(ctx context.Context, q Querier, id string) (Batch, error) {
	return one[Batch](q.Query(ctx, `SELECT `+batchCols+` FROM tipping_batches WHERE id = $1`, id))
}

func (tippingRepo) BatchAccruals(ctx context.Context, q Querier, batchID string) ([]Accrual, error) {
	return many[Accrual](q.Query(ctx, `
		SELECT id, ticket_id, landfill_code, material, net_kg, cents_per_ton, amount_cents, batch_id, weighed_at
		  FROM tipping_accruals WHERE batch_id = $1 ORDER BY weighed_at`, batchID))
}

func (tippingRepo) MarkBatchPaid(ctx context.Context, q Querier, id, ref, partnerID string, at time.Time) error {
	_, err := q.Exec(ctx, `
		UPDATE tipping_batches
		   SET status = 'paid', remittance_ref = $2, partner_remittance_id = $3, paid_at = $4
		 WHERE id = $1`, id, ref, partnerID, at)
	return err
}
