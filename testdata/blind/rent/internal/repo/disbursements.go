package repo

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/keystone-pm/rent/internal/db"
)

// DisbursementStore persists landlord payouts.
type DisbursementStore interface {
	LandlordTotals(ctx context.Context, q db.Querier, start, end time.Time) ([]LandlordTotal, error)
	AvailableForInstant(ctx context.Context, q db.Querier, landlordID string) (int64, error)
	CreateScheduled(ctx context.Context, q db.Querier, d *Disbursement) error
	CreateInstant(ctx context.Context, q db.Querier, d *Disbursement) error
	AssignPayments(ctx context.Context, q db.Querier, disbursementID, landlordID string, start, end time.Time) (int64, error)
	Get(ctx context.Context, q db.Querier, id string) (*Disbursement, error)
	GetForUpdate(ctx context.Context, q db.Querier, id string) (*Disbursement, error)
	MarkSubmitted(ctx context.Context, q db.Querier, id, providerTransferID string) error
	MarkFailed(ctx context.Context, q db.Querier, id, reason string) error
	NextAttemptNo(ctx context.Context, q db.Querier, disbursementID string) (int, error)
	InsertAttempt(ctx context.Context, q db.Querier, a *DisbursementAttempt) error
	GetAttempt(ctx context.Context, q db.Querier, id string) (*DisbursementAttempt, error)
	MarkAttemptSubmitted(ctx context.Context, q db.Querier, id, providerTransferID string) error
}

// LandlordTotal is the undisbursed collected rent for one landlord.
type LandlordTotal struct {
	LandlordID      string `db:"landlord_id"`
	PayoutAccountID string `db:"payout_account_id"`
	AmountCents     int64  `db:"amount_cents"`
}

type DisbursementRepo struct{}

func NewDisbursementRepo() *DisbursementRepo { return &DisbursementRepo{} }

const disbursementColumns = `id, landlord_id, kind, period_start, period_end, amount_cents, status,
	provider_transfer_id, failure_reason, created_at, submitted_at`

// LandlordTotals sums the rent each landlord collected in [start, end).
func (r *DisbursementRepo) LandlordTotals(ctx context.Context, q db.Querier, start, end time.Time) ([]LandlordTotal, error) {
	rows, err := q.Query(ctx, `
		SELECT l.landlord_id, ll.payout_account_id, SUM(p.amount_cents)::bigint AS amount_cents
		FROM payments p
		JOIN leases l ON l.id = p.lease_id
		JOIN landlords ll ON ll.id = l.landlord_id
		WHERE p.status = 'processed' AND p.processed_at >= $1 AND p.processed_at < $2
		GROUP BY l.landlord_id, ll.payout_account_id
		HAVING SUM(p.amount_cents) > 0
		ORDER BY l.landlord_id`, start, end)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[LandlordTotal])
}

func (r *DisbursementRepo) AvailableForInstant(ctx context.Context, q db.Querier, landlordID string) (int64, error) {
	var amt int64
	err := q.QueryRow(ctx, `
		SELECT
			(SELECT COALESCE(SUM(p.amount_cents), 0)
			   FROM payments p JOIN leases l ON l.id = p.lease_id
			  WHERE l.landlord_id = $1 AND p.status = 'processed' AND p.disbursement_id IS NULL)
		  - (SELECT COALESCE(SUM(d.amount_cents), 0)
			   FROM disbursements d
			  WHERE d.landlord_id = $1 AND d.kind = 'instant' AND d.status IN ('pending', 'submitted')
			    AND d.created_at >= date_trunc('month', now()))`, landlordID).Scan(&amt)
	return amt, err
}

func (r *DisbursementRepo) CreateScheduled(ctx context.Context, q db.Querier, d *Disbursement) error {
	_, err := q.Exec(ctx, `
		INSERT INTO disbursements (id, landlord_id, kind, period_start, period_end, amount_cents, status)
		VALUES ($1, $2, 'scheduled', $3, $4, $5, 'pending')`,
		d.ID, d.LandlordID, d.PeriodStart, d.PeriodEnd, d.AmountCents)
	if err != nil {
		return fmt.Errorf("insert disbursement for %s: %w", d.LandlordID, err)
	}
	d.Kind, d.Status = DisbursementScheduled, DisbursementPending
	return nil
}

func (r *DisbursementRepo) CreateInstant(ctx context.Context, q db.Querier, d *Disbursement) error {
	_, err := q.Exec(ctx, `
		INSERT INTO disbursements (id, landlord_id, kind, amount_cents, status)
		VALUES ($1, $2, 'instant', $3, 'pending')`, d.ID, d.LandlordID, d.AmountCents)
	if err != nil {
		return fmt.Errorf("insert instant disbursement: %w", err)
	}
	d.Kind, d.Status = DisbursementInstant, DisbursementPending
	return nil
}

func (r *DisbursementRepo) AssignPayments(ctx context.Context, q db.Querier, disbursementID, landlordID string, start, end time.Time) (int64, error) {
	tag, err := q.Exec(ctx, `
		UPDATE payments p SET disbursement_id = $1
		FROM leases l
		WHERE l.id = p.lease_id AND l.landlord_id = $2
		  AND p.status = 'processed' AND p.processed_at >= $3 AND p.processed_at < $4`,
		disbursementID, landlordID, start, end)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

func (r *DisbursementRepo) one(ctx context.Context, q db.Querier, sql string, args ...any) (*Disbursement, error) {
	rows, err := q.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	d, err := pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[Disbursement])
	if db.IsNoRows(err) {
		return nil, ErrNotFound
	}
	return d, err
}

func (r *DisbursementRepo) Get(ctx context.Context, q db.Querier, id string) (*Disbursement, error) {
	return r.one(ctx, q, `SELECT `+disbursementColumns+` FROM disbursements WHERE id = $1`, id)
}

func (r *DisbursementRepo) GetForUpdate(ctx context.Context, q db.Querier, id string) (*Disbursement, error) {
	return r.one(ctx, q, `SELECT `+disbursementColumns+` FROM disbursements WHERE id = $1 FOR UPDATE`, id)
}

func (r *DisbursementRepo) MarkSubmitted(ctx context.Context, q db.Querier, id, providerTransferID string) error {
	_, err := q.Exec(ctx, `
		UPDATE disbursements SET status = 'submitted', provider_transfer_id = $2, submitted_at = now()
		WHERE id = $1`, id, providerTransferID)
	return err
}

func (r *DisbursementRepo) MarkFailed(ctx context.Context, q db.Querier, id, reason string) error {
	_, err := q.Exec(ctx, `UPDATE disbursements SET status = 'failed', failure_reason = $2 WHERE id = $1`, id, reason)
	return err
}

func (r *DisbursementRepo) NextAttemptNo(ctx context.Context, q db.Querier, disbursementID string) (int, error) {
	var n int
	err := q.QueryRow(ctx, `
		SELECT COALESCE(MAX(attempt_no), 0) + 1 FROM disbursement_attempts WHERE disbursement_id = $1`,
		disbursementID).Scan(&n)
	return n, err
}

func (r *DisbursementRepo) InsertAttempt(ctx context.Context, q db.Querier, a *DisbursementAttempt) error {
	_, err := q.Exec(ctx, `
		INSERT INTO disbursement_attempts (id, disbursement_id, attempt_no, status) VALUES ($1, $2, $3, 'pending')`,
		a.ID, a.DisbursementID, a.AttemptNo)
	a.Status = "pending"
	return err
}

func (r *DisbursementRepo) GetAttempt(ctx context.Context, q db.Querier, id string) (*DisbursementAttempt, error) {
	rows, err := q.Query(ctx, `
		SELECT id, disbursement_id, attempt_no, status, provider_transfer_id, created_at
		FROM disbursement_attempts WHERE id = $1`, id)
	if err != nil {
		return nil, err
	}
	a, err := pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[DisbursementAttempt])
	if db.IsNoRows(err) {
		return nil, ErrNotFound
	}
	return a, err
}

func (r *DisbursementRepo) MarkAttemptSubmitted(ctx context.Context, q db.Querier, id, providerTransferID string) error {
	_, err := q.Exec(ctx, `
		UPDATE disbursement_attempts SET status = 'submitted', provider_transfer_id = $2 WHERE id = $1`,
		id, providerTransferID)
	return err
}
