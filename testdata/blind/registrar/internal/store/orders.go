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

type Orders struct {
	conn *db.Conn
}

func NewOrders(conn *db.Conn) *Orders { return &Orders{conn: conn} }

var orderCols = []string{
	"id", "account_id", "kind", "domain_name", "period_years", "amount_cents", "currency", "status",
	"contact_id", "payment_method_id", "nameservers", "coalesce(workflow_id, '')", "coalesce(failure_reason, '')",
	"created_at", "updated_at",
}

func scanOrder(row pgx.Row) (model.Order, error) {
	var o model.Order
	err := row.Scan(&o.ID, &o.AccountID, &o.Kind, &o.DomainName, &o.PeriodYears, &o.AmountCents, &o.Currency,
		&o.Status, &o.ContactID, &o.PaymentMethodID, &o.Nameservers, &o.WorkflowID, &o.FailureReason,
		&o.CreatedAt, &o.UpdatedAt)
	return o, err
}

func (r *Orders) Insert(ctx context.Context, o model.Order) error {
	if o.Nameservers == nil {
		o.Nameservers = []string{}
	}
	q := db.SB.Insert("orders").
		Columns("id", "account_id", "kind", "domain_name", "period_years", "amount_cents", "currency",
			"status", "contact_id", "payment_method_id", "nameservers", "workflow_id", "created_at", "updated_at").
		Values(o.ID, o.AccountID, o.Kind, o.DomainName, o.PeriodYears, o.AmountCents, o.Currency,
			o.Status, o.ContactID, o.PaymentMethodID, o.Nameservers, nullable(o.WorkflowID), o.CreatedAt, o.UpdatedAt)
	if _, err := db.Exec(ctx, r.conn.Q(ctx), q); err != nil {
		return fmt.Errorf("insert order: %w", err)
	}
	return nil
}

func (r *Orders) Get(ctx context.Context, id uuid.UUID) (model.Order, error) {
	q := db.SB.Select(orderCols...).From("orders").Where(sq.Eq{"id": id})
	return db.Get(ctx, r.conn.Q(ctx), q, scanOrder)
}

func (r *Orders) GetForAccount(ctx context.Context, accountID, id uuid.UUID) (model.Order, error) {
	q := db.SB.Select(orderCols...).From("orders").Where(sq.Eq{"id": id, "account_id": accountID})
	return db.Get(ctx, r.conn.Q(ctx), q, scanOrder)
}

func (r *Orders) ListForAccount(ctx context.Context, accountID uuid.UUID, limit uint64) ([]model.Order, error) {
	q := db.SB.Select(orderCols...).From("orders").
		Where(sq.Eq{"account_id": accountID}).OrderBy("created_at DESC").Limit(limit)
	return db.Select(ctx, r.conn.Q(ctx), q, scanOrder)
}

func (r *Orders) SetStatus(ctx context.Context, id uuid.UUID, status model.OrderStatus, reason string) error {
	q := db.SB.Update("orders").
		Set("status", status).
		Set("failure_reason", nullable(reason)).
		Set("updated_at", time.Now().UTC()).
		Where(sq.Eq{"id": id})
	_, err := db.Exec(ctx, r.conn.Q(ctx), q)
	return err
}

func (r *Orders) SetWorkflow(ctx context.Context, id uuid.UUID, workflowID string) error {
	q := db.SB.Update("orders").Set("workflow_id", workflowID).Set("updated_at", time.Now().UTC()).
		Where(sq.Eq{"id": id})
	_, err := db.Exec(ctx, r.conn.Q(ctx), q)
	return err
}

// ExpireStale marks pending orders older than cutoff as failed.
func (r *Orders) ExpireStale(ctx context.Context, cutoff time.Time) (int64, error) {
	q := db.SB.Update("orders").
		Set("status", model.OrderFailed).
		Set("failure_reason", "expired").
		Set("updated_at", time.Now().UTC()).
		Where(sq.Eq{"status": model.OrderPending}).
		Where(sq.Lt{"created_at": cutoff})
	return db.Exec(ctx, r.conn.Q(ctx), q)
}
