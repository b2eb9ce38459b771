package store

import (
	"context"
	"time"

	"github.com/google/uuid"
)

const upsertPartsOrder = `-- name: UpsertPartsOrder :one
INSERT INTO parts_orders (id, client_request_id, callout_id, supplier_sku, quantity)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (client_request_id) DO UPDATE SET client_request_id = EXCLUDED.client_request_id
RETURNING id, (xmax = 0) AS inserted`

type UpsertPartsOrderParams struct {
	ID              uuid.UUID
	ClientRequestID string
	CalloutID       *uuid.UUID
	SupplierSKU     string
	Quantity        int32
}

type UpsertPartsOrderRow struct {
	ID       uuid.UUID
	Inserted bool
}

func (q *Queries) UpsertPartsOrder(ctx context.Context, arg UpsertPartsOrderParams) (UpsertPartsOrderRow, error) {
	var r UpsertPartsOrderRow
	err := q.db.QueryRow(ctx, upsertPartsOrder,
		arg.ID, arg.ClientRequestID, arg.CalloutID, arg.SupplierSKU, arg.Quantity).Scan(&r.ID, &r.Inserted)
	return r, err
}

const getPartsOrder = `-- name: GetPartsOrder :one
SELECT id, client_request_id, callout_id, supplier_sku, quantity, status, supplier_ref, created_at
FROM parts_orders WHERE id = $1`

func (q *Queries) GetPartsOrder(ctx context.Context, id uuid.UUID) (PartsOrder, error) {
	var o PartsOrder
	err := q.db.QueryRow(ctx, getPartsOrder, id).Scan(
		&o.ID, &o.ClientRequestID, &o.CalloutID, &o.SupplierSKU, &o.Quantity, &o.Status, &o.SupplierRef, &o.CreatedAt)
	return o, err
}

const getPartsOrderBySupplierRef = `-- name: GetPartsOrderBySupplierRef :one
SELECT id, client_request_id, callout_id, supplier_sku, quantity, status, supplier_ref, created_at
FROM parts_orders WHERE supplier_ref = $1`

func (q *Queries) GetPartsOrderBySupplierRef(ctx context.Context, ref string) (PartsOrder, error) {
	var o PartsOrder
	err := q.db.QueryRow(ctx, getPartsOrderBySupplierRef, ref).Scan(
		&o.ID, &o.ClientRequestID, &o.CalloutID, &o.SupplierSKU, &o.Quantity, &o.Status, &o.SupplierRef, &o.CreatedAt)
	return o, err
}

const setPartsOrderSubmitted = `-- name: SetPartsOrderSubmitted :exec
UPDATE parts_orders SET status = 'submitted', supplier_ref = $2 WHERE id = $1`

func (q *Queries) SetPartsOrderSubmitted(ctx context.Context, id uuid.UUID, supplierRef string) error {
	_, err := q.db.Exec(ctx, setPartsOrderSubmitted, id, supplierRef)
	return err
}

const insertSupplierAttempt = `-- name: InsertSupplierAttempt :exec
INSERT INTO supplier_call_attempts (id, parts_order_id, operation, status_code, error_text, attempted_at)
VALUES ($1, $2, $3, $4, $5, $6)`

type InsertSupplierAttemptParams struct {
	ID           uuid.UUID
	PartsOrderID uuid.UUID
	Operation    string
	StatusCode   *int32
	ErrorText    *string
	AttemptedAt  time.Time
}

func (q *Queries) InsertSupplierAttempt(ctx context.Context, arg InsertSupplierAttemptParams) error {
	_, err := q.db.Exec(ctx, insertSupplierAttempt,
		arg.ID, arg.PartsOrderID, arg.Operation, arg.StatusCode, arg.ErrorText, arg.AttemptedAt)
	return err
}

const insertShipment = `-- name: InsertShipment :exec
INSERT INTO shipments (parts_order_id, supplier_shipment_id, quantity)
VALUES ($1, $2, $3)`

func (q *Queries) InsertShipment(ctx context.Context, orderID uuid.UUID, supplierShipmentID string, qty int32) error {
	_, err := q.db.Exec(ctx, insertShipment, orderID, supplierShipmentID, qty)
	return err
}

const incrementStock = `-- name: IncrementStock :exec
INSERT INTO parts_stock (sku, on_hand) VALUES ($1, $2)
ON CONFLICT (sku) DO UPDATE SET on_hand = parts_stock.on_hand + EXCLUDED.on_hand`

func (q *Queries) IncrementStock(ctx context.Context, sku string, qty int32) error {
	_, err := q.db.Exec(ctx, incrementStock, sku, qty)
	return err
}

const markPartsOrderDelivered = `-- name: MarkPartsOrderDelivered :exec
UPDATE parts_orders SET status = 'delivered' WHERE id = $1`

func (q *Queries) MarkPartsOrderDelivered(ctx context.Context, id uuid.UUID) error {
	_, err := q.db.Exec(ctx, markPartsOrderDelivered, id)
	return err
}
