package db

import (
	"context"
)

const insertOrder = `
INSERT INTO orders (id, owner_id, refill_request_id, kind, status, total_cents, currency,
                    ship_name, ship_line1, ship_line2, ship_city, ship_postcode)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
`

type InsertOrderParams struct {
	ID              string
	OwnerID         string
	RefillRequestID *string
	Kind            string
	Status          string
	TotalCents      int64
	Currency        string
	ShipName        string
	ShipLine1       string
	ShipLine2       *string
	ShipCity        string
	ShipPostcode    string
}

func (q *Queries) InsertOrder(ctx context.Context, arg InsertOrderParams) error {
	_, err := q.db.Exec(ctx, insertOrder, arg.ID, arg.OwnerID, arg.RefillRequestID, arg.Kind, arg.Status,
		arg.TotalCents, arg.Currency, arg.ShipName, arg.ShipLine1, arg.ShipLine2, arg.ShipCity, arg.ShipPostcode)
	return err
}

const insertOrderLine = `
INSERT INTO order_lines (id, order_id, product_id, prescription_id, quantity, unit_price_cents)
VALUES ($1, $2, $3, $4, $5, $6)
`

type InsertOrderLineParams struct {
	ID             string
	OrderID        string
	ProductID      string
	PrescriptionID *string
	Quantity       int32
	UnitPriceCents int64
}

func (q *Queries) InsertOrderLine(ctx context.Context, arg InsertOrderLineParams) error {
	_, err := q.db.Exec(ctx, insertOrderLine, arg.ID, arg.OrderID, arg.ProductID, arg.PrescriptionID, arg.Quantity, arg.UnitPriceCents)
	return err
}

const getOrder = `
SELECT id, owner_id, refill_request_id, kind, status, total_cents, currency, ship_name, ship_line1,
       ship_line2, ship_city, ship_postcode, created_at, paid_at
FROM orders WHERE id = $1
`

func (q *Queries) GetOrder(ctx context.Context, id string) (Order, error) {
	var o Order
	err := q.db.QueryRow(ctx, getOrder, id).Scan(&o.ID, &o.OwnerID, &o.RefillRequestID, &o.Kind, &o.Status,
		&o.TotalCents, &o.Currency, &o.ShipName, &o.ShipLine1, &o.ShipLine2, &o.ShipCity, &o.ShipPostcode,
		&o.CreatedAt, &o.PaidAt)
	return o, err
}

const listOrderLines = `
SELECT l.id, l.order_id, l.product_id, l.prescription_id, l.quantity, l.unit_price_cents,
       p.controlled_schedule IS NOT NULL AS controlled
FROM order_lines l
JOIN products p ON p.id = l.product_id
WHERE l.order_id = $1
ORDER BY l.id
`

func (q *Queries) ListOrderLines(ctx context.Context, orderID string) ([]OrderLine, error) {
	rows, err := q.db.Query(ctx, listOrderLines, orderID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var items []OrderLine
	for rows.Next() {
		var l OrderLine
		if err := rows.Scan(&l.ID, &l.OrderID, &l.ProductID, &l.PrescriptionID, &l.Quantity, &l.UnitPriceCents, &l.Controlled); err != nil {
			return nil, err
		}
		items = append(items, l)
	}
	return items, rows.Err()
}

const transitionOrder = `
UPDATE orders SET status = $3 WHERE id = $1 AND status = $2
`

// TransitionOrder moves an order from one status to the next and returns the
// number of rows it changed (0 when the order was not in the from state).
func (q *Queries) TransitionOrder(ctx context.Context, id, from, to string) (int64, error) {
	tag, err := q.db.Exec(ctx, transitionOrder, id, from, to)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

const markOrderPaid = `
UPDATE orders SET status = 'paid', paid_at = now() WHERE id = $1
`

func (q *Queries) MarkOrderPaid(ctx context.Context, id string) error {
	_, err := q.db.Exec(ctx, markOrderPaid, id)
	return err
}

const markOrderDispensed = `
UPDATE orders SET status = 'dispensed', dispensed_at = now() WHERE id = $1 AND status = 'picking'
`

func (q *Queries) MarkOrderDispensed(ctx context.Context, id string) (int64, error) {
	tag, err := q.db.Exec(ctx, markOrderDispensed, id)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

const markOrderDelivered = `
UPDATE orders SET status = 'delivered', delivered_at = now() WHERE id = $1 AND status <> 'delivered'
`

func (q *Queries) MarkOrderDelivered(ctx context.Context, id string) error {
	_, err := q.db.Exec(ctx, markOrderDelivered, id)
	return err
}

const reserveStock = `
UPDATE products SET stock_reserved = stock_reserved + $2
WHERE id = $1 AND stock_on_hand - stock_reserved >= $2
`

func (q *Queries) ReserveStock(ctx context.Context, productID string, qty int32) (int64, error) {
	tag, err := q.db.Exec(ctx, reserveStock, productID, qty)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

const consumeStock = `
UPDATE products
SET stock_on_hand = stock_on_hand - $2, stock_reserved = GREATEST(stock_reserved - $2, 0)
WHERE id = $1
`

func (q *Queries) ConsumeStock(ctx context.Context, productID string, qty int32) error {
	_, err := q.db.Exec(ctx, consumeStock, productID, qty)
	return err
}

const getProduct = `
SELECT id, sku, name, controlled_schedule, unit_price_cents, stock_on_hand, stock_reserved
FROM products WHERE id = $1
`

func (q *Queries) GetProduct(ctx context.Context, id string) (Product, error) {
	var p Product
	err := q.db.QueryRow(ctx, getProduct, id).Scan(&p.ID, &p.Sku, &p.Name, &p.ControlledSchedule,
		&p.UnitPriceCents, &p.StockOnHand, &p.StockReserved)
	return p, err
}

const listControlledProducts = `
SELECT id, sku, name, controlled_schedule, unit_price_cents, stock_on_hand, stock_reserved
FROM products WHERE controlled_schedule IS NOT NULL ORDER BY sku
`

func (q *Queries) ListControlledProducts(ctx context.Context) ([]Product, error) {
	rows, err := q.db.Query(ctx, listControlledProducts)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var items []Product
	for rows.Next() {
		var p Product
		if err := rows.Scan(&p.ID, &p.Sku, &p.Name, &p.ControlledSchedule, &p.UnitPriceCents, &p.StockOnHand, &p.StockReserved); err != nil {
			return nil, err
		}
		items = append(items, p)
	}
	return items, rows.Err()
}

const getOwner = `
SELECT id, email, phone, full_name, stripe_customer_id, default_payment_method,
       address_line1, address_line2, address_city, address_postcode
FROM owners WHERE id = $1
`

func (q *Queries) GetOwner(ctx context.Context, id string) (Owner, error) {
	var o Owner
	err := q.db.QueryRow(ctx, getOwner, id).Scan(&o.ID, &o.Email, &o.Phone, &o.FullName, &o.StripeCustomerID, &o.DefaultPaymentMethod,
		&o.AddressLine1, &o.AddressLine2, &o.AddressCity, &o.AddressPostcode)
	return o, err
}

const setOwnerStripeCustomer = `
UPDATE owners SET stripe_customer_id = $2 WHERE id = $1 AND stripe_customer_id IS NULL
`

func (q *Queries) SetOwnerStripeCustomer(ctx context.Context, ownerID, customerID string) error {
	_, err := q.db.Exec(ctx, setOwnerStripeCustomer, ownerID, customerID)
	return err
}

const getIdempotencyRecord = `
SELECT scope, key, status_code, body FROM http_idempotency_keys WHERE scope = $1 AND key = $2
`

func (q *Queries) GetIdempotencyRecord(ctx context.Context, scope, key string) (IdempotencyRecord, error) {
	var r IdempotencyRecord
	err := q.db.QueryRow(ctx, getIdempotencyRecord, scope, key).Scan(&r.Scope, &r.Key, &r.StatusCode, &r.Body)
	return r, err
}

const saveIdempotencyRecord = `
INSERT INTO http_idempotency_keys (scope, key, status_code, body) VALUES ($1, $2, $3, $4)
ON CONFLICT (scope, key) DO NOTHING
`

func (q *Queries) SaveIdempotencyRecord(ctx context.Context, r IdempotencyRecord) error {
	_, err := q.db.Exec(ctx, saveIdempotencyRecord, r.Scope, r.Key, r.StatusCode, r.Body)
	return err
}
