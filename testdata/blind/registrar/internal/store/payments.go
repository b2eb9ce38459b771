package store

import (
	"context"
	"fmt"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/tldhouse/registrar/internal/db"
	"github.com/tldhouse/registrar/internal/model"
)

type Payments struct {
	conn *db.Conn
}

func NewPayments(conn *db.Conn) *Payments { return &Payments{conn: conn} }

var paymentCols = []string{
	"id", "account_id", "order_id", "purpose", "operation_key", "coalesce(gateway_charge_id, '')",
	"amount_cents", "currency", "status", "coalesce(failure_code, '')", "settled_at", "created_at", "updated_at",
}

func scanPayment(row pgx.Row) (model.Payment, error) {
	var p model.Payment
	err := row.Scan(&p.ID, &p.AccountID, &p.OrderID, &p.Purpose, &p.OperationKey, &p.GatewayChargeID,
		&p.AmountCents, &p.Currency, &p.Status, &p.FailureCode, &p.SettledAt, &p.CreatedAt, &p.UpdatedAt)
	return p, err
}

func paymentInsert(p model.Payment) sq.InsertBuilder {
	now := time.Now().UTC()
	return db.SB.Insert("payments").
		Columns("id", "account_id", "order_id", "purpose", "operation_key", "gateway_charge_id",
			"amount_cents", "currency", "status", "created_at", "updated_at").
		Values(p.ID, p.AccountID, p.OrderID, p.Purpose, p.OperationKey, nullable(p.GatewayChargeID),
			p.AmountCents, p.Currency, p.Status, now, now)
}

// CreateIntent records a payment under its operation key before the gateway
// is called. When the key is already present the stored payment is returned
// with created == false.
func (r *Payments) CreateIntent(ctx context.Context, p model.Payment) (model.Payment, bool, error) {
	q := paymentInsert(p).Suffix("ON CONFLICT (operation_key) DO NOTHING RETURNING " + joinCols(paymentCols))
	got, err := db.Get(ctx, r.conn.Q(ctx), q, scanPayment)
	if err == nil {
		return got, true, nil
	}
	if err != db.ErrNotFound {
		return model.Payment{}, false, fmt.Errorf("create payment intent: %w", err)
	}
	existing, err := r.GetByOperationKey(ctx, p.OperationKey)
	return existing, false, err
}

// Insert stores a payment whose charge has already been created.
func (r *Payments) Insert(ctx context.Context, p model.Payment) error {
	q := paymentInsert(p).Suffix("ON CONFLICT (operation_key) DO NOTHING")
	_, err := db.Exec(ctx, r.conn.Q(ctx), q)
	return err
}

func (r *Payments) Get(ctx context.Context, id uuid.UUID) (model.Payment, error) {
	q := db.SB.Select(paymentCols...).From("payments").Where(sq.Eq{"id": id})
	return db.Get(ctx, r.conn.Q(ctx), q, scanPayment)
}

// GetForUpdate locks the payment row for the rest of the transaction.
func (r *Payments) GetForUpdate(ctx context.Context, id uuid.UUID) (model.Payment, error) {
	q := db.SB.Select(paymentCols...).From("payments").Where(sq.Eq{"id": id}).Suffix("FOR UPDATE")
	return db.Get(ctx, r.conn.Q(ctx), q, scanPayment)
}

func (r *Payments) GetByOperationKey(ctx context.Context, key string) (model.Payment, error) {
	q := db.SB.Select(paymentCols...).From("payments").Where(sq.Eq{"operation_key": key})
	return db.Get(ctx, r.conn.Q(ctx), q, scanPayment)
}

func (r *Payments) GetByChargeID(ctx context.Context, chargeID string) (model.Payment, error) {
	q := db.SB.Select(paymentCols...).From("payments").Where(sq.Eq{"gateway_charge_id": chargeID})
	return db.Get(ctx, r.conn.Q(ctx), q, scanPayment)
}

func (r *Payments) LatestForOrder(ctx context.Context, orderID uuid.UUID) (model.Payment, error) {
	q := db.SB.Select(paymentCols...).From("payments").Where(sq.Eq{"order_id": orderID}).
		OrderBy("created_at DESC").Limit(1)
	return db.Get(ctx, r.conn.Q(ctx), q, scanPayment)
}

// RecordResult stores the gateway's answer for a payment.
func (r *Payments) RecordResult(ctx context.Context, id uuid.UUID, chargeID string, status model.PaymentStatus, failureCode string) error {
	q := db.SB.Update("payments").
		Set("gateway_charge_id", nullable(chargeID)).
		Set("status", status).
		Set("failure_code", nullable(failureCode)).
		Set("updated_at", time.Now().UTC()).
		Where(sq.Eq{"id": id})
	_, err := db.Exec(ctx, r.conn.Q(ctx), q)
	return err
}

func (r *Payments) SetStatus(ctx context.Context, id uuid.UUID, status model.PaymentStatus) error {
	q := db.SB.Update("payments").Set("status", status).Set("updated_at", time.Now().UTC()).
		Where(sq.Eq{"id": id})
	_, err := db.Exec(ctx, r.conn.Q(ctx), q)
	return err
}

// MarkSettled records that the gateway confirmed the charge and that its
// effects have been booked.
func (r *Payments) MarkSettled(ctx context.Context, id uuid.UUID, chargeID string, at time.Time) error {
	q := db.SB.Update("payments").
		Set("status", model.PaymentSucceeded).
		Set("gateway_charge_id", chargeID).
		Set("settled_at", at).
		Set("updated_at", time.Now().UTC()).
		Where(sq.Eq{"id": id})
	_, err := db.Exec(ctx, r.conn.Q(ctx), q)
	return err
}

func (r *Payments) InsertRefund(ctx context.Context, rf model.Refund) error {
	q := db.SB.Insert("refunds").
		Columns("id", "payment_id", "gateway_refund_id", "amount_cents", "reason", "created_at").
		Values(rf.ID, rf.PaymentID, rf.GatewayRefundID, rf.AmountCents, rf.Reason, rf.CreatedAt).
		Suffix("ON CONFLICT (gateway_refund_id) DO NOTHING")
	_, err := db.Exec(ctx, r.conn.Q(ctx), q)
	return err
}

// InsertDispute stores a dispute; it reports false when the gateway's dispute
// id was already on file.
func (r *Payments) InsertDispute(ctx context.Context, d model.Dispute) (bool, error) {
	q := db.SB.Insert("disputes").
		Columns("id", "gateway_dispute_id", "payment_id", "reason", "status", "created_at").
		Values(d.ID, d.GatewayDisputeID, d.PaymentID, d.Reason, d.Status, d.CreatedAt).
		Suffix("ON CONFLICT (gateway_dispute_id) DO NOTHING")
	n, err := db.Exec(ctx, r.conn.Q(ctx), q)
	return n == 1, err
}
