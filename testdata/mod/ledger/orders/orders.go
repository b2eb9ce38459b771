// Package orders books orders from the storefront's asynq tasks. The
// storefront enqueues each order with asynq.TaskID(orderID), so the task
// ID is the order's id, and asynq retries a task whose handler fails.
package orders

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Handler holds the dependencies of the order handlers.
type Handler struct {
	Pool *pgxpool.Pool
	// Gorm is opened with TranslateError: true, so a unique violation
	// comes back as gorm.ErrDuplicatedKey.
	Gorm *gorm.DB
}

// Register registers the handlers on an asynq mux.
func (h *Handler) Register(mux *asynq.ServeMux) {
	mux.HandleFunc("order:place", h.Place)
	mux.HandleFunc("order:import", h.Import)
	mux.HandleFunc("order:place:v2", h.PlaceOnce)
	mux.HandleFunc("order:place:v3", h.PlaceChecked)
	mux.HandleFunc("order:place:v4", h.PlaceGorm)
	mux.HandleFunc("order:place:v5", h.PlaceTolerant)
	mux.HandleFunc("order:place:v6", h.PlaceAndCount)
	mux.HandleFunc("order:place:v7", h.PlaceAndCountOnce)
}

type orderPayload struct {
	OrderID    string `json:"order_id"`
	CustomerID string `json:"customer_id"`
	TotalCents int64  `json:"total_cents"`
}

func decode(t *asynq.Task) (orderPayload, error) {
	var p orderPayload
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return p, fmt.Errorf("decode order: %v: %w", err, asynq.SkipRetry)
	}
	return p, nil
}

// Place inserts the order under its task ID with a plain INSERT: when the
// first attempt committed but the handler failed afterwards (or the
// worker died before acking), the retry fails on the primary key for
// ever, and the task ends in the archive though the order exists.
func (h *Handler) Place(ctx context.Context, t *asynq.Task) error {
	p, err := decode(t)
	if err != nil {
		return err
	}
	orderID := t.ResultWriter().TaskID()
	_, err = h.Pool.Exec(ctx, "INSERT INTO orders (id, customer_id, total_cents, status) VALUES ($1, $2, $3, 'placed')", orderID, p.CustomerID, p.TotalCents) // finding: IDEM005
	return err
}

// Import books an order from the legacy shop's export, under the order
// ID the payload carries.
func (h *Handler) Import(ctx context.Context, t *asynq.Task) error {
	var p orderPayload
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return fmt.Errorf("decode order: %v: %w", err, asynq.SkipRetry)
	}
	_, err := h.Pool.Exec(ctx, "INSERT INTO orders (order_id, customer_id, total_cents, status) VALUES ($1, $2, $3, 'imported')", p.OrderID, p.CustomerID, p.TotalCents) // finding: IDEM005
	return err
}

// PlaceOnce lets the primary key absorb a repeated delivery.
func (h *Handler) PlaceOnce(ctx context.Context, t *asynq.Task) error {
	p, err := decode(t)
	if err != nil {
		return err
	}
	orderID := t.ResultWriter().TaskID()
	_, err = h.Pool.Exec(ctx, "INSERT INTO orders (id, customer_id, total_cents, status) VALUES ($1, $2, $3, 'placed') ON CONFLICT (id) DO NOTHING", orderID, p.CustomerID, p.TotalCents) // safe: ON CONFLICT DO NOTHING absorbs the retry
	return err
}

// PlaceChecked treats a unique violation as "placed by an earlier
// attempt".
func (h *Handler) PlaceChecked(ctx context.Context, t *asynq.Task) error {
	p, err := decode(t)
	if err != nil {
		return err
	}
	orderID := t.ResultWriter().TaskID()
	_, err = h.Pool.Exec(ctx, "INSERT INTO orders (id, customer_id, total_cents, status) VALUES ($1, $2, $3, 'placed')", orderID, p.CustomerID, p.TotalCents) // safe: a unique violation (23505) is taken as success
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return nil
	}
	return err
}

// PlaceGorm is PlaceChecked on gorm.
func (h *Handler) PlaceGorm(ctx context.Context, t *asynq.Task) error {
	p, err := decode(t)
	if err != nil {
		return err
	}
	orderID := t.ResultWriter().TaskID()
	err = h.Gorm.WithContext(ctx).Exec("INSERT INTO orders (id, customer_id, total_cents, status) VALUES (?, ?, ?, 'placed')", orderID, p.CustomerID, p.TotalCents).Error // safe: gorm.ErrDuplicatedKey is taken as success
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return nil
	}
	return err
}

// PlaceTolerant is PlaceChecked with the test in a helper, as most code
// bases write it.
func (h *Handler) PlaceTolerant(ctx context.Context, t *asynq.Task) error {
	p, err := decode(t)
	if err != nil {
		return err
	}
	orderID := t.ResultWriter().TaskID()
	_, err = h.Pool.Exec(ctx, "INSERT INTO orders (id, customer_id, total_cents, status) VALUES ($1, $2, $3, 'placed')", orderID, p.CustomerID, p.TotalCents) // safe: isUniqueViolation takes the repeated insert as success
	if isUniqueViolation(err) {
		return nil
	}
	return err
}

// isUniqueViolation reports whether err is PostgreSQL's unique_violation.
func isUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}

// An Order is a row of orders, as gorm maps it.
type Order struct {
	ID         string
	CustomerID string
	TotalCents int64
	Status     string
}

// A Customer is a row of customers, with the total of their orders.
type Customer struct {
	ID         string
	SpentCents int64
}

// PlaceAndCount adds the order's total to the customer's and creates the
// order, in two statements that commit one by one: when the second
// fails, the retry adds the total again.
func (h *Handler) PlaceAndCount(ctx context.Context, t *asynq.Task) error {
	p, err := decode(t)
	if err != nil {
		return err
	}
	if err := h.Gorm.WithContext(ctx).Model(&Customer{ID: p.CustomerID}).Update("spent_cents", gorm.Expr("spent_cents + ?", p.TotalCents)).Error; err != nil { // finding: IDEM006 fix: tx.Commit().Error
		return err
	}
	order := Order{ID: t.ResultWriter().TaskID(), CustomerID: p.CustomerID, TotalCents: p.TotalCents, Status: "placed"}
	if err := h.Gorm.WithContext(ctx).Create(&order).Error; err != nil { // finding: IDEM005
		return err
	}
	return nil
}

// PlaceAndCountOnce runs both in one transaction, and claims the order
// first: on a retry the claim inserts nothing and the handler stops,
// since the first attempt committed both.
func (h *Handler) PlaceAndCountOnce(ctx context.Context, t *asynq.Task) error {
	p, err := decode(t)
	if err != nil {
		return err
	}
	return h.Gorm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		order := Order{ID: t.ResultWriter().TaskID(), CustomerID: p.CustomerID, TotalCents: p.TotalCents, Status: "placed"}
		res := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&order) // safe: the claim and the count commit together
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return nil // placed and counted by an earlier attempt
		}
		return tx.Model(&Customer{ID: p.CustomerID}).Update("spent_cents", gorm.Expr("spent_cents + ?", p.TotalCents)).Error
	})
}
