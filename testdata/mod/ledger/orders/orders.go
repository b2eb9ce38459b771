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
