// Package readmodel serves the API's query endpoints from denormalised SQL
// using sqlx. It never writes.
package readmodel

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/northwind-retail/rma/internal/domain"
)

type ReturnSummary struct {
	ID              string     `db:"id" json:"id"`
	MerchantID      string     `db:"merchant_id" json:"merchant_id"`
	OrderID         string     `db:"order_id" json:"order_id"`
	CustomerEmail   string     `db:"customer_email" json:"customer_email"`
	Status          string     `db:"status" json:"status"`
	RefundMethod    string     `db:"refund_method" json:"refund_method"`
	RefundableCents int64      `db:"refundable_cents" json:"refundable_cents"`
	Currency        string     `db:"currency" json:"currency"`
	ItemCount       int        `db:"item_count" json:"item_count"`
	TrackingNumber  *string    `db:"tracking_number" json:"tracking_number,omitempty"`
	LabelURL        *string    `db:"label_url" json:"label_url,omitempty"`
	RefundedCents   int64      `db:"refunded_cents" json:"refunded_cents"`
	CreatedAt       time.Time  `db:"created_at" json:"created_at"`
	ExpiresAt       time.Time  `db:"expires_at" json:"expires_at"`
	ReminderSentAt  *time.Time `db:"reminder_sent_at" json:"reminder_sent_at,omitempty"`
}

type ItemView struct {
	OrderLineID    string     `db:"order_line_id" json:"order_line_id"`
	SKU            string     `db:"sku" json:"sku"`
	Quantity       int        `db:"quantity" json:"quantity"`
	UnitPriceCents int64      `db:"unit_price_cents" json:"unit_price_cents"`
	Reason         string     `db:"reason" json:"reason"`
	Grade          *string    `db:"grade" json:"grade,omitempty"`
	RestockedAt    *time.Time `db:"restocked_at" json:"restocked_at,omitempty"`
}

type ReturnDetail struct {
	ReturnSummary
	Items []ItemView `json:"items"`
}

type ListFilter struct {
	MerchantID string
	Status     string
	Before     time.Time
	Limit      int
}

type Reader interface {
	GetReturn(ctx context.Context, id string) (ReturnDetail, error)
	ListReturns(ctx context.Context, f ListFilter) ([]ReturnSummary, error)
}

type SQLReader struct {
	db *sqlx.DB
}

func New(db *sqlx.DB) *SQLReader { return &SQLReader{db: db} }

const summarySelect = `
	SELECT r.id, r.merchant_id, r.order_id, r.customer_email, r.status, r.refund_method,
	       r.refundable_cents, r.currency, r.created_at, r.expires_at, r.reminder_sent_at,
	       (SELECT count(*) FROM return_items i WHERE i.return_id = r.id) AS item_count,
	       l.tracking_number, l.label_url,
	       COALESCE((SELECT sum(f.amount_cents) FROM refunds f
	                 WHERE f.return_id = r.id AND f.status = 'succeeded'), 0) AS refunded_cents
	FROM returns r
	LEFT JOIN label_bookings l ON l.return_id = r.id AND l.status = 'booked'`

func (r *SQLReader) GetReturn(ctx context.Context, id string) (ReturnDetail, error) {
	var d ReturnDetail
	if err := r.db.GetContext(ctx, &d.ReturnSummary, summarySelect+` WHERE r.id = $1`, id); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return d, domain.ErrNotFound
		}
		return d, fmt.Errorf("get return summary: %w", err)
	}
	err := r.db.SelectContext(ctx, &d.Items, `
		SELECT i.order_line_id, i.sku, i.quantity, i.unit_price_cents, i.reason, i.restocked_at,
		       (SELECT g.grade FROM item_grades g
		         WHERE g.return_id = i.return_id AND g.order_line_id = i.order_line_id
		         ORDER BY g.inspected_at DESC LIMIT 1) AS grade
		FROM return_items i WHERE i.return_id = $1 ORDER BY i.created_at`, id)
	if err != nil {
		return d, fmt.Errorf("get return items: %w", err)
	}
	return d, nil
}

func (r *SQLReader) ListReturns(ctx context.Context, f ListFilter) ([]ReturnSummary, error) {
	if f.Limit <= 0 || f.Limit > 200 {
		f.Limit = 50
	}
	if f.Before.IsZero() {
		f.Before = time.Now().Add(time.Minute)
	}
	q := summarySelect + ` WHERE r.merchant_id = $1 AND r.created_at < $2`
	args := []any{f.MerchantID, f.Before}
	if f.Status != "" {
		q += ` AND r.status = $3`
		args = append(args, f.Status)
	}
	q += fmt.Sprintf(` ORDER BY r.created_at DESC LIMIT %d`, f.Limit)
	out := []ReturnSummary{}
	if err := r.db.SelectContext(ctx, &out, q, args...); err != nil {
		return nil, fmt.Errorf("list returns: %w", err)
	}
	return out, nil
}
