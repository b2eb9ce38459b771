// Package refill handles patient refill requests and pharmacist review.
package refill

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/google/uuid"

	"github.com/cedarleaf/pharmacy/internal/db"
	"github.com/cedarleaf/pharmacy/internal/platform/ids"
	"github.com/cedarleaf/pharmacy/internal/store"
	"github.com/cedarleaf/pharmacy/internal/tasks"
)

var (
	ErrNotFound      = errors.New("refill: not found")
	ErrNotRefillable = errors.New("refill: prescription is not active")
	ErrNoRefillsLeft = errors.New("refill: no refills remaining")
	ErrNotPending    = errors.New("refill: request is not pending")
)

// Service implements refill requests.
type Service struct {
	store store.Store
	jobs  tasks.Inserter
	now   func() time.Time
}

// NewService builds a Service.
func NewService(st store.Store, jobs tasks.Inserter) *Service {
	return &Service{store: st, jobs: jobs, now: time.Now}
}

// Submitted is returned to the patient app.
type Submitted struct {
	RefillRequestID string `json:"refill_request_id"`
	Status          string `json:"status"`
}

// Request files a refill request for pharmacist review.
func (s *Service) Request(ctx context.Context, in RequestInput) (Submitted, error) {
	rx, err := s.store.GetPrescription(ctx, in.PrescriptionID)
	if store.IsNotFound(err) || (err == nil && rx.PatientID != in.PatientID) {
		return Submitted{}, ErrNotFound
	}
	if err != nil {
		return Submitted{}, err
	}
	if rx.Status != "active" {
		return Submitted{}, ErrNotRefillable
	}
	if rx.RefillsRemaining <= 0 {
		return Submitted{}, ErrNoRefillsLeft
	}

	params := newRequest(in).channel(in.Channel).note(in.Note).build()
	if err := s.store.CreateRefillRequest(ctx, params); err != nil {
		return Submitted{}, fmt.Errorf("create refill request: %w", err)
	}
	return Submitted{RefillRequestID: params.ID, Status: "pending"}, nil
}

// Approved is returned to the pharmacist console.
type Approved struct {
	RefillRequestID string    `json:"refill_request_id"`
	OrderID         uuid.UUID `json:"order_id"`
	AlreadyApproved bool      `json:"already_approved"`
}

// Approve turns a pending refill request into an order and sends it for
// adjudication. Everything happens in one transaction; a repeated approval
// returns the order created the first time.
func (s *Service) Approve(ctx context.Context, refillID, pharmacistID string) (Approved, error) {
	tx, err := s.store.Begin(ctx)
	if err != nil {
		return Approved{}, err
	}
	defer func() { _ = tx.Rollback(ctx) }()
	q := db.New(tx)

	rr, err := q.GetRefillRequest(ctx, refillID)
	if store.IsNotFound(err) {
		return Approved{}, ErrNotFound
	}
	if err != nil {
		return Approved{}, err
	}
	if rr.Status == "approved" && rr.OrderID.Valid {
		return Approved{RefillRequestID: rr.ID, OrderID: rr.OrderID.UUID, AlreadyApproved: true}, nil
	}
	if rr.Status != "pending" {
		return Approved{}, ErrNotPending
	}

	rx, err := q.GetPrescriptionForUpdate(ctx, rr.PrescriptionID)
	if err != nil {
		return Approved{}, fmt.Errorf("lock prescription: %w", err)
	}
	last, err := q.MaxFillNumber(ctx, rx.ID)
	if err != nil {
		return Approved{}, err
	}
	fill := last + 1

	next := s.now().AddDate(0, 0, int(rx.DaysSupply)-5)
	n, err := q.ConsumeRefill(ctx, db.ConsumeRefillParams{ID: rx.ID, NextFillDue: store.Date(next)})
	if err != nil {
		return Approved{}, err
	}
	if n == 0 {
		return Approved{}, ErrNoRefillsLeft
	}

	item, err := q.GetInventoryItem(ctx, rx.Ndc)
	if err != nil {
		return Approved{}, fmt.Errorf("load inventory item: %w", err)
	}
	order, err := q.InsertOrder(ctx, db.InsertOrderParams{
		ID:              ids.Derive("order", rx.ID.String(), strconv.Itoa(int(fill))),
		PrescriptionID:  rx.ID,
		PatientID:       rx.PatientID,
		RefillRequestID: store.Text(rr.ID),
		FillNumber:      fill,
		Ndc:             rx.Ndc,
		Quantity:        rx.Quantity,
		Fulfilment:      "delivery",
		PriceCents:      item.UnitCents * int64(rx.Quantity),
	})
	if err != nil {
		return Approved{}, fmt.Errorf("insert order: %w", err)
	}

	if _, err := q.ApproveRefillRequest(ctx, db.ApproveRefillRequestParams{
		ID:         rr.ID,
		ReviewedBy: store.Text(pharmacistID),
		OrderID:    store.NullUUID(order.ID),
	}); err != nil {
		if store.IsNotFound(err) {
			return Approved{}, ErrNotPending
		}
		return Approved{}, err
	}

	if _, err := s.jobs.InsertTx(ctx, tx, tasks.AdjudicateClaimArgs{OrderID: order.ID}, nil); err != nil {
		return Approved{}, fmt.Errorf("enqueue adjudication: %w", err)
	}
	if err := tx.Commit(ctx); err != nil {
		return Approved{}, err
	}
	return Approved{RefillRequestID: rr.ID, OrderID: order.ID}, nil
}
