// Package assignment assigns couriers to orders and moves orders between
// couriers.
package assignment

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"gorm.io/gorm"

	"github.com/quaymile/dispatch/internal/domain"
	"github.com/quaymile/dispatch/internal/platform/database"
	"github.com/quaymile/dispatch/internal/platform/idgen"
	"github.com/quaymile/dispatch/internal/providers/pushgw"
)

var (
	// ErrOrderNotAssignable is returned when the order is not waiting for a
	// courier.
	ErrOrderNotAssignable = errors.New("order is not in an assignable state")
	// ErrCourierUnavailable is returned when the courier is off shift.
	ErrCourierUnavailable = errors.New("courier is not on shift")
	// ErrNotFound is returned for unknown orders or couriers.
	ErrNotFound = errors.New("not found")
)

// TopicAssignmentChanged carries assignment changes to the courier app
// notifier and analytics.
const TopicAssignmentChanged = "courier.assignment.changed"

// AssignmentChanged is the payload published on TopicAssignmentChanged.
type AssignmentChanged struct {
	AssignmentID string    `json:"assignment_id"`
	OrderID      string    `json:"order_id"`
	CourierID    string    `json:"courier_id"`
	Kind         string    `json:"kind"`
	At           time.Time `json:"at"`
}

// Service is the assignment use-case surface.
type Service interface {
	Assign(ctx context.Context, orderID, courierID, actor string) (*domain.CourierAssignment, error)
	Reassign(ctx context.Context, orderID, courierID, reason, actor string) (*domain.CourierAssignment, error)
}

type service struct {
	sqlDB       database.TxBeginner
	locks       lockingRepo
	tx          database.Transactor
	assignments *database.Repo[domain.CourierAssignment]
	orders      *database.Repo[domain.Order]
	couriers    *database.Repo[domain.Courier]
	push        pushgw.Pusher
}

// NewService builds the assignment Service.
func NewService(sqlDB *sqlx.DB, tx database.Transactor, db *gorm.DB, push pushgw.Pusher) *service {
	return &service{
		sqlDB:       sqlDB,
		tx:          tx,
		assignments: database.NewRepo[domain.CourierAssignment](db),
		orders:      database.NewRepo[domain.Order](db),
		couriers:    database.NewRepo[domain.Courier](db),
		push:        push,
	}
}

// Assign gives a pending order to a courier. The order row is locked for the
// whole transaction; a repeated request for the same courier returns the
// existing assignment.
func (s *service) Assign(ctx context.Context, orderID, courierID, actor string) (*domain.CourierAssignment, error) {
	return database.WithTx(ctx, s.sqlDB, func(tx *sqlx.Tx) (*domain.CourierAssignment, error) {
		order, err := s.locks.lockOrder(ctx, tx, orderID)
		if database.IsNoRows(err) {
			return nil, ErrNotFound
		}
		if err != nil {
			return nil, err
		}
		if order.Status == string(domain.OrderAssigned) && order.CourierID != nil && *order.CourierID == courierID {
			return s.locks.activeAssignment(ctx, tx, orderID)
		}
		if order.Status != string(domain.OrderPending) {
			return nil, ErrOrderNotAssignable
		}
		courier, err := s.locks.courier(ctx, tx, courierID)
		if database.IsNoRows(err) {
			return nil, ErrNotFound
		}
		if err != nil {
			return nil, err
		}
		if courier.Status != "on_shift" {
			return nil, ErrCourierUnavailable
		}

		a := &domain.CourierAssignment{
			ID:         idgen.NewAssignmentID(),
			OrderID:    orderID,
			CourierID:  courierID,
			Status:     "active",
			Reason:     "initial",
			AssignedBy: actor,
			AssignedAt: time.Now().UTC(),
		}
		if err := s.locks.insertAssignment(ctx, tx, a); err != nil {
			return nil, fmt.Errorf("insert assignment: %w", err)
		}
		if err := s.locks.setOrderCourier(ctx, tx, orderID, courierID, domain.OrderAssigned); err != nil {
			return nil, err
		}
		if err := s.locks.addOutbox(ctx, tx, idgen.NewOutboxID(), TopicAssignmentChanged, orderID, AssignmentChanged{
			AssignmentID: a.ID, OrderID: orderID, CourierID: courierID, Kind: "assigned", At: a.AssignedAt,
		}); err != nil {
			return nil, err
		}
		return a, nil
	})
}

// Reassign moves an in-flight order to another courier, e.g. after a
// breakdown. The new courier is pinged immediately so they can start moving.
func (s *service) Reassign(ctx context.Context, orderID, courierID, reason, actor string) (*domain.CourierAssignment, error) {
	order, err := s.orders.Get(ctx, orderID)
	if errors.Is(err, database.ErrNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	if order.Status != domain.OrderAssigned && order.Status != domain.OrderPickedUp {
		return nil, ErrOrderNotAssignable
	}
	courier, err := s.couriers.Get(ctx, courierID)
	if errors.Is(err, database.ErrNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	if courier.Status != "on_shift" {
		return nil, ErrCourierUnavailable
	}

	if _, err := s.push.Send(ctx, pushgw.Notification{
		Token: courier.PushToken,
		Title: "New job assigned",
		Body:  fmt.Sprintf("Order %s has been moved to you. Head to pickup: %s", shortID(order.ID), order.PickupAddress),
		Data:  map[string]string{"order_id": order.ID, "kind": "reassigned"},
	}); err != nil {
		return nil, fmt.Errorf("notify courier: %w", err)
	}

	next := &domain.CourierAssignment{
		ID:         idgen.NewAssignmentID(),
		OrderID:    orderID,
		CourierID:  courierID,
		Status:     "active",
		Reason:     reason,
		AssignedBy: actor,
		AssignedAt: time.Now().UTC(),
	}
	err = s.tx.WithinTransaction(ctx, func(txCtx context.Context) error {
		now := time.Now().UTC()
		if _, err := s.assignments.UpdateWhere(txCtx, map[string]any{"status": "released", "released_at": now},
			"order_id = ? AND status = 'active'", orderID); err != nil {
			return err
		}
		if err := s.assignments.Create(txCtx, next); err != nil {
			return err
		}
		_, err := s.orders.UpdateWhere(txCtx, map[string]any{
			"courier_id":     courierID,
			"reassign_count": gorm.Expr("reassign_count + 1"),
			"updated_at":     now,
		}, "id = ?", orderID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return next, nil
}

// Releaser implements orders.AssignmentReleaser and the pod module's
// completion hook.
type Releaser struct {
	assignments *database.Repo[domain.CourierAssignment]
}

// NewReleaser builds a Releaser.
func NewReleaser(db *gorm.DB) *Releaser {
	return &Releaser{assignments: database.NewRepo[domain.CourierAssignment](db)}
}

// ReleaseActive ends the order's active assignment.
func (r *Releaser) ReleaseActive(ctx context.Context, orderID, reason string) error {
	_, err := r.assignments.UpdateWhere(ctx, map[string]any{
		"status": "released", "reason": reason, "released_at": time.Now().UTC(),
	}, "order_id = ? AND status = 'active'", orderID)
	return err
}

// CompleteActive marks the order's active assignment as completed.
func (r *Releaser) CompleteActive(ctx context.Context, orderID string) error {
	_, err := r.assignments.UpdateWhere(ctx, map[string]any{
		"status": "completed", "released_at": time.Now().UTC(),
	}, "order_id = ? AND status = 'active'", orderID)
	return err
}

func shortID(id string) string {
	if len(id) > 8 {
		return id[:8]
	}
	return id
}
