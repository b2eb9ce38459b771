// Package tugs places and tracks tug orders with the partner tug company.
package tugs

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/rs/xid"

	"github.com/harbourline-systems/pilotage/internal/db"
	"github.com/harbourline-systems/pilotage/internal/store"
)

var (
	ErrNotFound     = errors.New("not found")
	ErrInvalidState = errors.New("tug order cannot be changed in its current state")
	ErrValidation   = errors.New("invalid tug order")
)

// Order is what the tug company receives for a new order.
type Order struct {
	OrderID      string    `json:"order_id"`
	JobID        string    `json:"job_id"`
	Revision     int32     `json:"revision"`
	VesselIMO    string    `json:"vessel_imo"`
	VesselName   string    `json:"vessel_name"`
	Movement     string    `json:"movement"`
	Berth        string    `json:"berth"`
	Tugs         int32     `json:"tugs"`
	BollardPullT int32     `json:"bollard_pull_t"`
	RequiredAt   time.Time `json:"required_at"`
}

// Cancellation withdraws an order.
type Cancellation struct {
	OrderID string `json:"order_id"`
	JobID   string `json:"job_id"`
	Reason  string `json:"reason"`
}

// Publisher delivers orders to the tug company's queues.
type Publisher interface {
	PublishOrder(ctx context.Context, o Order) error
	PublishCancellation(ctx context.Context, c Cancellation) error
}

type OrderRequest struct {
	Tugs         int32
	BollardPullT int32
}

func (r OrderRequest) validate() error {
	if r.Tugs < 1 || r.Tugs > 6 {
		return fmt.Errorf("%w: tugs must be between 1 and 6", ErrValidation)
	}
	if r.BollardPullT < 10 {
		return fmt.Errorf("%w: bollard pull below 10 t", ErrValidation)
	}
	return nil
}

type Service struct {
	q   *db.Queries
	uow store.UnitOfWork
	pub Publisher
}

func NewService(q *db.Queries, uow store.UnitOfWork, pub Publisher) *Service {
	return &Service{q: q, uow: uow, pub: pub}
}

// Order places the tug order for a job. A job has at most one order; a
// repeated call resends the existing order.
func (s *Service) Order(ctx context.Context, jobID string, req OrderRequest) (db.TugOrder, error) {
	if err := req.validate(); err != nil {
		return db.TugOrder{}, err
	}
	job, err := s.q.GetJob(ctx, jobID)
	if store.IsNotFound(err) {
		return db.TugOrder{}, ErrNotFound
	}
	if err != nil {
		return db.TugOrder{}, err
	}
	if job.Status == "cancelled" || job.Status == "completed" {
		return db.TugOrder{}, ErrInvalidState
	}

	order, err := s.q.CreateTugOrder(ctx, db.CreateTugOrderParams{
		ID:           xid.New().String(),
		JobID:        jobID,
		TugsRequired: req.Tugs,
		BollardPullT: req.BollardPullT,
	})
	if store.IsNotFound(err) {
		order, err = s.q.GetTugOrderByJob(ctx, jobID)
	}
	if err != nil {
		return db.TugOrder{}, fmt.Errorf("store tug order: %w", err)
	}
	if order.Status == "cancelled" {
		return order, ErrInvalidState
	}

	if err := s.pub.PublishOrder(ctx, toOrder(order, job)); err != nil {
		return order, fmt.Errorf("publish tug order: %w", err)
	}
	return order, nil
}

func toOrder(o db.TugOrder, j db.PilotageJob) Order {
	return Order{
		OrderID:      o.ID,
		JobID:        o.JobID,
		Revision:     o.Revision,
		VesselIMO:    j.VesselImo,
		VesselName:   j.VesselName,
		Movement:     j.Movement,
		Berth:        j.Berth,
		Tugs:         o.TugsRequired,
		BollardPullT: o.BollardPullT,
		RequiredAt:   j.ScheduledAt,
	}
}
