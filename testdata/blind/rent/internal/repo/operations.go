package repo

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/keystone-pm/rent/internal/db"
	"github.com/keystone-pm/rent/internal/ids"
)

// OpsStore covers receipts, SMS logging, maintenance, move-outs, deposits
// and payment plans.
type OpsStore interface {
	ClaimReceipt(ctx context.Context, q db.Querier, paymentID, recipient string) (claimed bool, existing *Receipt, err error)
	MarkReceiptSent(ctx context.Context, q db.Querier, paymentID, messageID string) error
	AppendSMS(ctx context.Context, q db.Querier, e SMSLogEntry) error

	InsertMaintenance(ctx context.Context, q db.Querier, m *MaintenanceRequest) error
	GetMaintenance(ctx context.Context, q db.Querier, id string) (*MaintenanceRequest, error)
	MarkDispatched(ctx context.Context, q db.Querier, id, workOrderID string) error
	InsertMoveOut(ctx context.Context, q db.Querier, leaseID, workOrderID string, on time.Time) error

	InsertDeposit(ctx context.Context, q db.Querier, d DepositReceipt) error
	InsertPlan(ctx context.Context, q db.Querier, p *PaymentPlan) error
	GetPlan(ctx context.Context, q db.Querier, id string) (*PaymentPlan, error)
}

type OpsRepo struct{}

func NewOpsRepo() *OpsRepo { return &OpsRepo{} }

// ClaimReceipt reserves the right to send the receipt for a payment.
func (r *OpsRepo) ClaimReceipt(ctx context.Context, q db.Querier, paymentID, recipient string) (bool, *Receipt, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO receipts (payment_id, recipient, status) VALUES ($1, $2, 'sending')
		ON CONFLICT (payment_id) DO NOTHING`, paymentID, recipient)
	if err != nil {
		return false, nil, err
	}
	if tag.RowsAffected() == 1 {
		return true, nil, nil
	}
	rows, err := q.Query(ctx, `
		SELECT payment_id, recipient, status, provider_message_id, claimed_at, sent_at
		FROM receipts WHERE payment_id = $1`, paymentID)
	if err != nil {
		return false, nil, err
	}
	rc, err := pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[Receipt])
	return false, rc, err
}

func (r *OpsRepo) MarkReceiptSent(ctx context.Context, q db.Querier, paymentID, messageID string) error {
	_, err := q.Exec(ctx, `
		UPDATE receipts SET status = 'sent', provider_message_id = $2, sent_at = now() WHERE payment_id = $1`,
		paymentID, messageID)
	return err
}

// AppendSMS writes a delivery log line.
func (r *OpsRepo) AppendSMS(ctx context.Context, q db.Querier, e SMSLogEntry) error {
	_, err := q.Exec(ctx, `
		INSERT INTO sms_log (id, lease_id, purpose, to_number, idempotency_token, provider_sid)
		VALUES ($1, $2, $3, $4, NULLIF($5, ''), NULLIF($6, ''))`,
		ids.Attempt(), e.LeaseID, e.Purpose, e.To, e.IdempotencyToken, e.ProviderSID)
	return err
}

func (r *OpsRepo) InsertMaintenance(ctx context.Context, q db.Querier, m *MaintenanceRequest) error {
	return q.QueryRow(ctx, `
		INSERT INTO maintenance_requests (id, lease_id, tenant_id, category, description, urgency, permission_to_enter, status)
		VALUES ($1, $2, $3, $4, $5, $6, $7, 'new')
		RETURNING status, created_at`,
		m.ID, m.LeaseID, m.TenantID, m.Category, m.Description, m.Urgency, m.PermissionToEnter).
		Scan(&m.Status, &m.CreatedAt)
}

func (r *OpsRepo) GetMaintenance(ctx context.Context, q db.Querier, id string) (*MaintenanceRequest, error) {
	rows, err := q.Query(ctx, `
		SELECT id, lease_id, tenant_id, category, description, urgency, permission_to_enter, status,
		       vendor_work_order_id, created_at, dispatched_at
		FROM maintenance_requests WHERE id = $1`, id)
	if err != nil {
		return nil, err
	}
	m, err := pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[MaintenanceRequest])
	if db.IsNoRows(err) {
		return nil, ErrNotFound
	}
	return m, err
}

func (r *OpsRepo) MarkDispatched(ctx context.Context, q db.Querier, id, workOrderID string) error {
	_, err := q.Exec(ctx, `
		UPDATE maintenance_requests SET status = 'dispatched', vendor_work_order_id = $2, dispatched_at = now()
		WHERE id = $1`, id, workOrderID)
	return err
}

func (r *OpsRepo) InsertMoveOut(ctx context.Context, q db.Querier, leaseID, workOrderID string, on time.Time) error {
	_, err := q.Exec(ctx, `
		INSERT INTO move_out_jobs (lease_id, vendor_work_order_id, scheduled_for) VALUES ($1, $2, $3)`,
		leaseID, workOrderID, on)
	return err
}

func (r *OpsRepo) InsertDeposit(ctx context.Context, q db.Querier, d DepositReceipt) error {
	_, err := q.Exec(ctx, `
		INSERT INTO deposit_receipts (id, lease_id, amount_cents, external_ref, received_on)
		VALUES ($1, $2, $3, $4, $5)`, d.ID, d.LeaseID, d.AmountCents, d.ExternalRef, d.ReceivedOn)
	return err
}

func (r *OpsRepo) InsertPlan(ctx context.Context, q db.Querier, p *PaymentPlan) error {
	if err := q.QueryRow(ctx, `
		INSERT INTO payment_plans (id, lease_id, total_cents, installments) VALUES ($1, $2, $3, $4)
		RETURNING created_at`, p.ID, p.LeaseID, p.TotalCents, p.Installments).Scan(&p.CreatedAt); err != nil {
		return err
	}
	for _, in := range p.Schedule {
		if _, err := q.Exec(ctx, `INSERT INTO payment_plan_installments (plan_id, seq, due_on, amount_cents) VALUES ($1, $2, $3, $4)`,
			p.ID, in.Seq, in.DueOn, in.AmountCents); err != nil {
			return err
		}
	}
	return nil
}

func (r *OpsRepo) GetPlan(ctx context.Context, q db.Querier, id string) (*PaymentPlan, error) {
	var p PaymentPlan
	err := q.QueryRow(ctx, `
		SELECT id, lease_id, total_cents, installments, created_at FROM payment_plans WHERE id = $1`, id).
		Scan(&p.ID, &p.LeaseID, &p.TotalCents, &p.Installments, &p.CreatedAt)
	if db.IsNoRows(err) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	rows, err := q.Query(ctx, `
		SELECT seq, due_on, amount_cents FROM payment_plan_installments WHERE plan_id = $1 ORDER BY seq`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var in Installment
		if err := rows.Scan(&in.Seq, &in.DueOn, &in.AmountCents); err != nil {
			return nil, err
		}
		p.Schedule = append(p.Schedule, in)
	}
	return &p, rows.Err()
}
