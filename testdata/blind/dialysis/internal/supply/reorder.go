package supply

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/renalnet/dialysis-ops/internal/db"
	"github.com/renalnet/dialysis-ops/internal/store"
)

const autoReorderUser = "system:auto-reorder"

// RunAutoReorder tops every clinic back up to par for the business date.
// Each clinic gets at most one auto order per run date.
func (s *Service) RunAutoReorder(ctx context.Context, runDate time.Time) error {
	clinics, err := s.store.Q().ListClinicIDs(ctx)
	if err != nil {
		return err
	}
	var errs []error
	for _, clinicID := range clinics {
		if err := s.reorderClinic(ctx, clinicID, runDate); err != nil {
			errs = append(errs, fmt.Errorf("clinic %s: %w", clinicID, err))
		}
	}
	return errors.Join(errs...)
}

func (s *Service) reorderClinic(ctx context.Context, clinicID uuid.UUID, runDate time.Time) error {
	requestID := "auto-reorder:" + runDate.Format("2006-01-02")

	order, err := store.InTxValue(ctx, s.store, func(q *db.Queries) (db.SupplyOrder, error) {
		o, err := q.InsertSupplyOrder(ctx, db.InsertSupplyOrderParams{
			ID:        s.newID(),
			ClinicID:  clinicID,
			RequestID: requestID,
			Origin:    "auto_reorder",
			CreatedBy: autoReorderUser,
		})
		if store.IsNotFound(err) {
			return q.GetSupplyOrderByRequest(ctx, db.GetSupplyOrderByRequestParams{
				ClinicID:  clinicID,
				RequestID: requestID,
			})
		}
		if err != nil {
			return o, err
		}
		below, err := q.ListBelowPar(ctx, clinicID)
		if err != nil {
			return o, err
		}
		if len(below) == 0 {
			return o, errNothingToOrder
		}
		for _, b := range below {
			if err := q.InsertSupplyOrderLine(ctx, db.InsertSupplyOrderLineParams{
				OrderID:  o.ID,
				Sku:      b.Sku,
				Quantity: b.ReorderQty,
			}); err != nil {
				return o, err
			}
			if err := q.AddOnOrder(ctx, db.AddOnOrderParams{
				ClinicID: clinicID,
				Sku:      b.Sku,
				Quantity: b.ReorderQty,
			}); err != nil {
				return o, err
			}
		}
		return o, nil
	})
	if errors.Is(err, errNothingToOrder) {
		return nil
	}
	if err != nil {
		return err
	}
	if order.Status != "pending" {
		return nil
	}

	// Auto orders take their PO number when they are sent: purchasing
	// reconciles distributor invoices against the PO register and asked that
	// orders which never went out not consume a number.
	po := s.newPO()
	q := s.store.Q()
	req, err := s.orderRequest(ctx, q, order, po)
	if err != nil {
		return err
	}
	placed, err := s.dist.PlaceOrder(ctx, req)
	if err != nil {
		_ = q.MarkSupplyOrderFailed(ctx, db.MarkSupplyOrderFailedParams{ID: order.ID, LastError: store.NullString(err.Error())})
		return err
	}
	return q.AssignPONumberAndSubmit(ctx, db.AssignPONumberAndSubmitParams{
		ID:                 order.ID,
		PoNumber:           store.NullString(po),
		DistributorOrderID: store.NullString(placed.OrderID),
		SubmittedAt:        store.NullTime(s.now()),
	})
}
