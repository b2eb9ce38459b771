package purchasing

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"

	"github.com/northmill/procure/internal/edi"
	"github.com/northmill/procure/internal/platform/db"
	"github.com/northmill/procure/internal/platform/idem"
	"github.com/northmill/procure/internal/platform/ids"
	"github.com/northmill/procure/internal/suppliers"
	"github.com/northmill/procure/internal/tasks"
)

const createScope = "purchase-order.create"

// ErrRequestInFlight is returned when an earlier request with the same key
// has not finished yet.
var ErrRequestInFlight = errors.New("a request with this idempotency key is still being processed")

// BudgetReleaser gives back a PO's budget reservation.
type BudgetReleaser interface {
	Release(ctx context.Context, reservationID, reason string) error
}

// Service implements the PO lifecycle.
type Service struct {
	store     *db.Store
	repo      *Repo
	suppliers *suppliers.Repo
	keys      *idem.Keys
	jobs      tasks.Enqueuer
	edi       edi.Client
	budgets   BudgetReleaser
	log       *slog.Logger
}

// NewService wires the service.
func NewService(store *db.Store, repo *Repo, sup *suppliers.Repo, keys *idem.Keys, jobs tasks.Enqueuer,
	client edi.Client, budgets BudgetReleaser, log *slog.Logger) *Service {
	return &Service{store: store, repo: repo, suppliers: sup, keys: keys, jobs: jobs, edi: client, budgets: budgets, log: log}
}

// CreateResult is returned by Create.
type CreateResult struct {
	Order    PurchaseOrder `json:"order"`
	Replayed bool          `json:"-"`
}

// Create stores a draft PO. Requests are keyed by the caller's
// Idempotency-Key; a known key returns the stored order.
func (s *Service) Create(ctx context.Context, key string, in CreateInput) (CreateResult, error) {
	if err := in.Validate(); err != nil {
		return CreateResult{}, err
	}
	hash := idem.Hash(in)

	var out CreateResult
	err := s.store.ExecTx(ctx, func(q db.Querier) error {
		rec, claimed, err := s.keys.Claim(ctx, q, createScope, key, hash)
		if err != nil {
			return err
		}
		if !claimed {
			if !rec.Done() {
				return ErrRequestInFlight
			}
			out.Replayed = true
			return json.Unmarshal(rec.Response, &out.Order)
		}

		sup, err := s.suppliers.Get(ctx, q, in.SupplierID)
		if err != nil {
			return fmt.Errorf("supplier %s: %w", in.SupplierID, err)
		}
		number, err := s.repo.NextNumber(ctx, q)
		if err != nil {
			return err
		}
		po := PurchaseOrder{
			ID:            ids.PurchaseOrder(),
			Number:        number,
			SupplierID:    sup.ID,
			CostCentre:    in.CostCentre,
			Currency:      in.Currency,
			PrepaymentPct: sup.PrepaymentPct,
			Status:        StatusDraft,
			RequestedBy:   in.RequestedBy,
			DeliverySite:  in.DeliverySite,
		}
		if in.ReservationID != "" {
			po.ReservationID = &in.ReservationID
		}
		for i, l := range in.Lines {
			line := Line{
				LineNo: i + 1, SKU: l.SKU, Description: l.Description,
				Quantity: l.Quantity, UOM: l.UOM, UnitPriceMinor: l.UnitPriceMinor,
			}
			po.TotalMinor += line.Amount()
			po.Lines = append(po.Lines, line)
		}
		if err := s.repo.Insert(ctx, q, po); err != nil {
			return err
		}
		out.Order = po
		return s.keys.Complete(ctx, q, createScope, key, 201, po)
	})
	return out, err
}

// Get loads a PO with lines.
func (s *Service) Get(ctx context.Context, id string) (PurchaseOrder, error) {
	return s.repo.GetWithLines(ctx, s.store.DB(), id)
}

// Submit releases a draft PO for transmission. Transmission (and any
// prepayment) runs as background jobs inserted with the status change.
func (s *Service) Submit(ctx context.Context, id string) (PurchaseOrder, error) {
	var po PurchaseOrder
	err := s.store.ExecTx(ctx, func(q db.Querier) error {
		var err error
		po, err = s.repo.GetForUpdate(ctx, q, id)
		if err != nil {
			return err
		}
		switch po.Status {
		case StatusDraft:
		case StatusSubmitted, StatusSent, StatusAcknowledged:
			return nil
		default:
			return fmt.Errorf("%w: status %s", ErrInvalidState, po.Status)
		}
		if _, err := s.repo.Transition(ctx, q, id, []string{StatusDraft}, StatusSubmitted); err != nil {
			return err
		}
		po.Status = StatusSubmitted
		if err := s.jobs.EnqueueTx(ctx, q, tasks.SendPurchaseOrder{POID: id}, nil); err != nil {
			return err
		}
		if po.PrepaymentPct > 0 {
			return s.jobs.EnqueueTx(ctx, q, tasks.PayPrepayment{POID: id}, nil)
		}
		return nil
	})
	return po, err
}

// Amend records a change to a PO that the supplier already has and
// schedules the ORDCHG message.
func (s *Service) Amend(ctx context.Context, poID string, in AmendInput) (Amendment, error) {
	if len(in.Changes) == 0 {
		return Amendment{}, fmt.Errorf("no changes given")
	}
	changes, err := json.Marshal(in.Changes)
	if err != nil {
		return Amendment{}, err
	}
	var am Amendment
	err = s.store.ExecTx(ctx, func(q db.Querier) error {
		po, err := s.repo.GetForUpdate(ctx, q, poID)
		if err != nil {
			return err
		}
		if !po.SentToSupplier() {
			return fmt.Errorf("%w: status %s", ErrInvalidState, po.Status)
		}
		am = Amendment{
			ID:          ids.Amendment(),
			POID:        po.ID,
			Reason:      in.Reason,
			Changes:     changes,
			Status:      "pending",
			RequestedBy: in.RequestedBy,
		}
		if err := s.repo.InsertAmendment(ctx, q, am); err != nil {
			return err
		}
		for _, c := range in.Changes {
			if err := s.repo.ApplyLineChange(ctx, q, po.ID, c); err != nil {
				return fmt.Errorf("line %d: %w", c.LineNo, err)
			}
		}
		if err := s.repo.RecalculateTotal(ctx, q, po.ID); err != nil {
			return err
		}
		return s.jobs.EnqueueTx(ctx, q, tasks.SendPOChange{AmendmentID: am.ID}, nil)
	})
	return am, err
}

// Cancel cancels a PO. If the supplier already has it, they are told through
// the portal.
func (s *Service) Cancel(ctx context.Context, id, reason string) (PurchaseOrder, error) {
	po, err := s.repo.Get(ctx, s.store.DB(), id)
	if err != nil {
		return po, err
	}
	switch po.Status {
	case StatusCancelled:
		return po, nil
	case StatusDraft, StatusSubmitted, StatusSent, StatusAcknowledged:
	default:
		return po, fmt.Errorf("%w: status %s", ErrInvalidState, po.Status)
	}

	if po.SentToSupplier() {
		sup, err := s.suppliers.Get(ctx, s.store.DB(), po.SupplierID)
		if err != nil {
			return po, err
		}
		if _, err := s.edi.PostMessage(ctx, edi.PortalMessage{
			ReceiverID: sup.EDIPartnerID,
			Subject:    fmt.Sprintf("Cancellation of purchase order %s", po.Number),
			Body:       fmt.Sprintf("Purchase order %s has been cancelled by Northmill. Reason: %s. Please do not ship.", po.Number, reason),
			Category:   "order_cancellation",
			References: []string{po.Number},
		}); err != nil {
			return po, fmt.Errorf("notify supplier: %w", err)
		}
	}

	err = s.store.ExecTx(ctx, func(q db.Querier) error {
		ok, err := s.repo.MarkCancelled(ctx, q, id, po.Status, reason)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("%w: status changed concurrently", ErrInvalidState)
		}
		return nil
	})
	if err != nil {
		return po, err
	}
	po.Status, po.CancelReason = StatusCancelled, &reason

	if po.ReservationID != nil {
		if err := s.budgets.Release(ctx, *po.ReservationID, "po cancelled"); err != nil {
			s.log.WarnContext(ctx, "budget release failed; the expiry job will pick it up",
				"po_id", po.ID, "reservation_id", *po.ReservationID, "err", err)
		}
	}
	return po, nil
}

// RepriceDraftLines applies a new catalogue price to draft POs.
func (s *Service) RepriceDraftLines(ctx context.Context, supplierID, sku string, priceMinor int64) (int, error) {
	var touched int
	err := s.store.ExecTx(ctx, func(q db.Querier) error {
		poIDs, err := s.repo.RepriceDraftLines(ctx, q, supplierID, sku, priceMinor)
		if err != nil {
			return err
		}
		seen := map[string]bool{}
		for _, id := range poIDs {
			if seen[id] {
				continue
			}
			seen[id] = true
			if err := s.repo.RecalculateTotal(ctx, q, id); err != nil {
				return err
			}
		}
		touched = len(seen)
		return nil
	})
	return touched, err
}
