package refills

import (
	"context"
	"errors"

	"github.com/kestrelvet/refillrx/internal/apperr"
	"github.com/kestrelvet/refillrx/internal/db"
)

type DecisionInput struct {
	ClinicID string
	RefillID string
	VetID    string
	Quantity int32
	Note     string
}

type Decision struct {
	RefillID string `json:"refill_id"`
	Status   string `json:"status"`
	OrderID  string `json:"order_id,omitempty"`
}

var errAlreadyDecided = errors.New("refill already decided")

func (s *Service) loadForClinic(ctx context.Context, clinicID, refillID string) (db.RefillRequest, error) {
	rr, err := s.refills.Get(ctx, refillID)
	if err != nil {
		return db.RefillRequest{}, err
	}
	if rr.ClinicID != clinicID {
		return db.RefillRequest{}, apperr.NotFound("refill_not_found", "refill request not found")
	}
	return rr, nil
}

// Approve records the vet's approval and raises the order the owner will pay.
func (s *Service) Approve(ctx context.Context, in DecisionInput) (*Decision, error) {
	rr, err := s.loadForClinic(ctx, in.ClinicID, in.RefillID)
	if err != nil {
		return nil, err
	}
	if rr.Status != StatusPending {
		return nil, apperr.Conflict("already_decided", "refill request is already "+rr.Status)
	}
	rx, err := s.rx.Get(ctx, rr.PrescriptionID)
	if err != nil {
		return nil, err
	}
	qty := rr.Quantity
	if in.Quantity > 0 {
		if in.Quantity > rx.Quantity {
			return nil, apperr.Invalid("quantity_too_large", "quantity exceeds the prescription")
		}
		qty = in.Quantity
	}
	var note *string
	if in.Note != "" {
		note = &in.Note
	}

	// Lock in the vet's decision before building the order.
	ok, err := s.refills.Decide(ctx, db.DecideRefillRequestParams{
		ID: rr.ID, Status: StatusApproved, DecidedBy: in.VetID, DecisionNote: note, Quantity: &qty,
	})
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, apperr.Conflict("already_decided", "refill request was decided concurrently")
	}
	rr.Status, rr.Quantity = StatusApproved, qty

	var orderID string
	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		orderID, err = s.orders.CreateForRefill(ctx, rr, rx)
		if err != nil {
			return err
		}
		product, err := s.owners.Product(ctx, rx.ProductID)
		if err != nil {
			return err
		}
		return s.notifyOwner(ctx, rr.OwnerID, "refill_approved", map[string]any{
			"Product": product.Name, "PayURL": s.payURL(orderID),
		})
	})
	if err != nil {
		return nil, err
	}
	return &Decision{RefillID: rr.ID, Status: StatusApproved, OrderID: orderID}, nil
}

// Decline records a refusal and tells the owner. Declining twice is fine;
// declining something already approved is a conflict.
func (s *Service) Decline(ctx context.Context, in DecisionInput) (*Decision, error) {
	rr, err := s.loadForClinic(ctx, in.ClinicID, in.RefillID)
	if err != nil {
		return nil, err
	}
	note := in.Note
	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		ok, err := s.refills.Decide(ctx, db.DecideRefillRequestParams{
			ID: rr.ID, Status: StatusDeclined, DecidedBy: in.VetID, DecisionNote: &note,
		})
		if err != nil {
			return err
		}
		if !ok {
			return errAlreadyDecided
		}
		rx, err := s.rx.Get(ctx, rr.PrescriptionID)
		if err != nil {
			return err
		}
		product, err := s.owners.Product(ctx, rx.ProductID)
		if err != nil {
			return err
		}
		return s.notifyOwner(ctx, rr.OwnerID, "refill_declined", map[string]any{
			"Product": product.Name, "Note": note,
		})
	})
	if errors.Is(err, errAlreadyDecided) {
		current, getErr := s.refills.Get(ctx, rr.ID)
		if getErr != nil {
			return nil, getErr
		}
		if current.Status != StatusDeclined {
			return nil, apperr.Conflict("already_decided", "refill request is already "+current.Status)
		}
		return &Decision{RefillID: rr.ID, Status: StatusDeclined}, nil
	}
	if err != nil {
		return nil, err
	}
	return &Decision{RefillID: rr.ID, Status: StatusDeclined}, nil
}

// ExpireStale closes requests clinics never answered. Safe to rerun: only
// rows still pending are touched.
func (s *Service) ExpireStale(ctx context.Context, olderThanDays int32) (int, error) {
	ids, err := s.refills.ExpireStale(ctx, olderThanDays)
	return len(ids), err
}
