// Package pgrepo implements the repo interfaces with pgx.
package pgrepo

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/northwind-retail/rma/internal/domain"
	"github.com/northwind-retail/rma/internal/repo"
)

type Returns struct{}

func NewReturns() *Returns { return &Returns{} }

const returnColumns = `id, merchant_id, order_id, customer_id, customer_email, stripe_customer_id,
	payment_intent_id, currency, status, refund_method, refundable_cents, reason,
	reminder_sent_at, expires_at, created_at, updated_at`

func scanReturn(row pgx.Row) (domain.Return, error) {
	var r domain.Return
	err := row.Scan(&r.ID, &r.MerchantID, &r.OrderID, &r.CustomerID, &r.CustomerEmail,
		&r.StripeCustomerID, &r.PaymentIntentID, &r.Currency, &r.Status, &r.RefundMethod,
		&r.RefundableCents, &r.Reason, &r.ReminderSentAt, &r.ExpiresAt, &r.CreatedAt, &r.UpdatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return r, domain.ErrNotFound
	}
	return r, err
}

func (Returns) Insert(ctx context.Context, q repo.Q, r domain.Return) error {
	_, err := q.Exec(ctx, `
		INSERT INTO returns (id, merchant_id, order_id, customer_id, customer_email,
			stripe_customer_id, payment_intent_id, currency, status, refund_method, reason, expires_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
		r.ID, r.MerchantID, r.OrderID, r.CustomerID, r.CustomerEmail, r.StripeCustomerID,
		r.PaymentIntentID, r.Currency, r.Status, r.RefundMethod, r.Reason, r.ExpiresAt)
	if err != nil {
		return fmt.Errorf("insert return: %w", err)
	}
	return nil
}

func (Returns) Get(ctx context.Context, q repo.Q, id string) (domain.Return, error) {
	return scanReturn(q.QueryRow(ctx, `SELECT `+returnColumns+` FROM returns WHERE id = $1`, id))
}

func (Returns) GetForUpdate(ctx context.Context, q repo.Q, id string) (domain.Return, error) {
	return scanReturn(q.QueryRow(ctx, `SELECT `+returnColumns+` FROM returns WHERE id = $1 FOR UPDATE`, id))
}

// Transition moves a return to status `to` if it is currently in one of
// `from`. It reports whether a row changed.
func (Returns) Transition(ctx context.Context, q repo.Q, id string, from []domain.ReturnStatus, to domain.ReturnStatus) (bool, error) {
	fromStr := make([]string, len(from))
	for i, s := range from {
		fromStr[i] = string(s)
	}
	tag, err := q.Exec(ctx, `
		UPDATE returns SET status = $2, updated_at = now()
		WHERE id = $1 AND status = ANY($3)`, id, to, fromStr)
	if err != nil {
		return false, fmt.Errorf("transition return %s to %s: %w", id, to, err)
	}
	return tag.RowsAffected() == 1, nil
}

func (Returns) SetRefundMethod(ctx context.Context, q repo.Q, id string, m domain.RefundMethod) (bool, error) {
	tag, err := q.Exec(ctx, `
		UPDATE returns SET refund_method = $2, updated_at = now()
		WHERE id = $1 AND status IN ('requested', 'approved', 'label_issued', 'in_transit', 'received')`, id, m)
	if err != nil {
		return false, fmt.Errorf("set refund method: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

func (Returns) AddRefundable(ctx context.Context, q repo.Q, id string, cents int64) error {
	_, err := q.Exec(ctx, `
		UPDATE returns SET refundable_cents = refundable_cents + $2, updated_at = now()
		WHERE id = $1`, id, cents)
	if err != nil {
		return fmt.Errorf("add refundable: %w", err)
	}
	return nil
}

func (Returns) ExpireOpen(ctx context.Context, q repo.Q, now time.Time, limit int) ([]domain.Return, error) {
	rows, err := q.Query(ctx, `
		UPDATE returns SET status = 'expired', updated_at = now()
		WHERE id IN (
			SELECT id FROM returns
			WHERE status IN ('requested', 'approved', 'label_issued') AND expires_at < $1
			ORDER BY expires_at
			LIMIT $2
			FOR UPDATE SKIP LOCKED)
		RETURNING `+returnColumns, now, limit)
	if err != nil {
		return nil, fmt.Errorf("expire returns: %w", err)
	}
	return collectReturns(rows)
}

// ClaimLabelReminders stamps reminder_sent_at on returns whose label was issued
// before issuedBefore and never shipped, returning the claimed rows.
func (Returns) ClaimLabelReminders(ctx context.Context, q repo.Q, issuedBefore time.Time, limit int) ([]domain.Return, error) {
	rows, err := q.Query(ctx, `
		UPDATE returns SET reminder_sent_at = now()
		WHERE id IN (
			SELECT r.id FROM returns r
			JOIN label_bookings l ON l.return_id = r.id
			WHERE r.status = 'label_issued' AND r.reminder_sent_at IS NULL
			  AND l.status = 'booked' AND l.updated_at < $1
			LIMIT $2
			FOR UPDATE OF r SKIP LOCKED)
		RETURNING `+returnColumns, issuedBefore, limit)
	if err != nil {
		return nil, fmt.Errorf("claim reminders: %w", err)
	}
	return collectReturns(rows)
}

func collectReturns(rows pgx.Rows) ([]domain.Return, error) {
	defer rows.Close()
	var out []domain.Return
	for rows.Next() {
		r, err := scanReturn(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

type Items struct{}

func NewItems() *Items { return &Items{} }

func (Items) Insert(ctx context.Context, q repo.Q, it domain.ReturnItem) error {
	_, err := q.Exec(ctx, `
		INSERT INTO return_items (id, return_id, order_line_id, sku, quantity, unit_price_cents, reason)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		it.ID, it.ReturnID, it.OrderLineID, it.SKU, it.Quantity, it.UnitPriceCents, it.Reason)
	if err != nil {
		return fmt.Errorf("insert return item: %w", err)
	}
	return nil
}

func (Items) ListByReturn(ctx context.Context, q repo.Q, returnID string) ([]domain.ReturnItem, error) {
	rows, err := q.Query(ctx, `
		SELECT id, return_id, order_line_id, sku, quantity, unit_price_cents, reason, restocked_at
		FROM return_items WHERE return_id = $1 ORDER BY created_at`, returnID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.ReturnItem
	for rows.Next() {
		var it domain.ReturnItem
		if err := rows.Scan(&it.ID, &it.ReturnID, &it.OrderLineID, &it.SKU, &it.Quantity,
			&it.UnitPriceCents, &it.Reason, &it.RestockedAt); err != nil {
			return nil, err
		}
		out = append(out, it)
	}
	return out, rows.Err()
}

func (Items) GetByLine(ctx context.Context, q repo.Q, returnID, orderLineID string) (domain.ReturnItem, error) {
	var it domain.ReturnItem
	err := q.QueryRow(ctx, `
		SELECT id, return_id, order_line_id, sku, quantity, unit_price_cents, reason, restocked_at
		FROM return_items WHERE return_id = $1 AND order_line_id = $2`, returnID, orderLineID).
		Scan(&it.ID, &it.ReturnID, &it.OrderLineID, &it.SKU, &it.Quantity, &it.UnitPriceCents, &it.Reason, &it.RestockedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return it, domain.ErrNotFound
	}
	return it, err
}

func (Items) MarkRestocked(ctx context.Context, q repo.Q, itemID string) error {
	_, err := q.Exec(ctx, `UPDATE return_items SET restocked_at = now() WHERE id = $1 AND restocked_at IS NULL`, itemID)
	return err
}

type Exchanges struct{}

func NewExchanges() *Exchanges { return &Exchanges{} }

func (Exchanges) Insert(ctx context.Context, q repo.Q, e domain.Exchange) error {
	_, err := q.Exec(ctx, `
		INSERT INTO exchanges (id, return_id, replacement_sku, quantity, status)
		VALUES ($1, $2, $3, $4, $5)`, e.ID, e.ReturnID, e.ReplacementSKU, e.Quantity, e.Status)
	if err != nil {
		return fmt.Errorf("insert exchange: %w", err)
	}
	return nil
}
