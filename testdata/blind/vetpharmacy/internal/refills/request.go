package refills

import (
	"context"

	"github.com/google/uuid"

	"github.com/kestrelvet/refillrx/internal/apperr"
	"github.com/kestrelvet/refillrx/internal/db"
)

type RequestInput struct {
	OwnerID        string
	PrescriptionID string
	Quantity       int32
	Note           string
}

// Request files an owner's refill request with the prescribing clinic.
func (s *Service) Request(ctx context.Context, in RequestInput) (db.RefillRequest, error) {
	rx, err := s.rx.Get(ctx, in.PrescriptionID)
	if err != nil {
		return db.RefillRequest{}, err
	}
	if rx.OwnerID != in.OwnerID {
		return db.RefillRequest{}, apperr.NotFound("prescription_not_found", "prescription not found")
	}
	if rx.RefillsRemaining <= 0 {
		return db.RefillRequest{}, apperr.Conflict("no_refills_left", "ask your vet for a new prescription")
	}
	if rx.ExpiresOn.Before(s.now()) {
		return db.RefillRequest{}, apperr.Conflict("prescription_expired", "prescription has expired")
	}
	qty := in.Quantity
	if qty == 0 {
		qty = rx.Quantity
	}
	if qty > rx.Quantity {
		return db.RefillRequest{}, apperr.Invalid("quantity_too_large", "quantity exceeds the prescription")
	}
	var note *string
	if in.Note != "" {
		note = &in.Note
	}

	var rr db.RefillRequest
	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		// Clinic practice-management systems key refill requests by UUID.
		rr, err = s.refills.Create(ctx, db.InsertRefillRequestParams{
			ID:             uuid.NewString(),
			PrescriptionID: rx.ID,
			ClinicID:       rx.ClinicID,
			OwnerID:        rx.OwnerID,
			Quantity:       qty,
			OwnerNote:      note,
		})
		if err != nil {
			return err
		}
		product, err := s.owners.Product(ctx, rx.ProductID)
		if err != nil {
			return err
		}
		return s.notifyOwner(ctx, rx.OwnerID, "refill_requested", map[string]any{
			"Product": product.Name, "Clinic": rx.Prescriber,
		})
	})
	return rr, err
}

type ClinicInitiateInput struct {
	ClinicID        string
	ClientRequestID string
	PrescriptionID  string
	Quantity        int32
	VetID           string
}

// InitiateFromClinic lets a clinic push an already-approved refill, e.g. at
// the end of a consult. The clinic's own request ID makes resubmissions from
// its PMS return the original request.
func (s *Service) InitiateFromClinic(ctx context.Context, in ClinicInitiateInput) (db.RefillRequest, error) {
	if in.ClientRequestID == "" {
		return db.RefillRequest{}, apperr.Invalid("client_request_id_required", "client_request_id is required")
	}
	rx, err := s.rx.Get(ctx, in.PrescriptionID)
	if err != nil {
		return db.RefillRequest{}, err
	}
	if rx.ClinicID != in.ClinicID {
		return db.RefillRequest{}, apperr.NotFound("prescription_not_found", "prescription not found")
	}
	qty := in.Quantity
	if qty == 0 {
		qty = rx.Quantity
	}

	var rr db.RefillRequest
	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		var (
			created bool
			err     error
		)
		rr, created, err = s.refills.CreateForClinic(ctx, db.InsertClinicRefillRequestParams{
			ID:              uuid.NewString(),
			PrescriptionID:  rx.ID,
			ClinicID:        rx.ClinicID,
			OwnerID:         rx.OwnerID,
			Quantity:        qty,
			ClientRequestID: in.ClientRequestID,
			DecidedBy:       in.VetID,
		})
		if err != nil || !created {
			return err
		}
		orderID, err := s.orders.CreateForRefill(ctx, rr, rx)
		if err != nil {
			return err
		}
		product, err := s.owners.Product(ctx, rx.ProductID)
		if err != nil {
			return err
		}
		return s.notifyOwner(ctx, rx.OwnerID, "refill_approved", map[string]any{
			"Product": product.Name, "PayURL": s.payURL(orderID),
		})
	})
	return rr, err
}
