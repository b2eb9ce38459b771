package receiving

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/northmill/procure/internal/edi"
	"github.com/northmill/procure/internal/platform/db"
	"github.com/northmill/procure/internal/platform/ids"
	"github.com/northmill/procure/internal/platform/inbox"
	"github.com/northmill/procure/internal/purchasing"
	"github.com/northmill/procure/internal/suppliers"
	"github.com/northmill/procure/internal/tasks"
)

// Consumer names used in processed_events.
const (
	consumerHolds   = "receiving.holds"
	consumerReturns = "receiving.returns"
)

// ErrReceiptNotFound is returned when an event names an unknown receipt.
var ErrReceiptNotFound = errors.New("goods receipt not found")

// Service implements receiving.
type Service struct {
	store     *db.Store
	repo      *Repo
	pos       *purchasing.Repo
	suppliers *suppliers.Repo
	inbox     *inbox.Inbox
	jobs      tasks.Enqueuer
	edi       edi.Client
	log       *slog.Logger
}

// NewService wires the service.
func NewService(store *db.Store, repo *Repo, pos *purchasing.Repo, sup *suppliers.Repo, ib *inbox.Inbox,
	jobs tasks.Enqueuer, client edi.Client, log *slog.Logger) *Service {
	return &Service{store: store, repo: repo, pos: pos, suppliers: sup, inbox: ib, jobs: jobs, edi: client, log: log}
}

// PostResult is returned by Post.
type PostResult struct {
	Receipt Receipt
	Created bool
}

// Post records a goods receipt and books the quantities against the PO.
// A receipt number seen before returns the stored receipt.
func (s *Service) Post(ctx context.Context, in PostInput, source string) (PostResult, error) {
	if err := in.Validate(); err != nil {
		return PostResult{}, err
	}
	var out PostResult
	err := s.store.ExecTx(ctx, func(q db.Querier) error {
		po, err := s.pos.GetForUpdate(ctx, q, in.POID)
		if err != nil {
			return fmt.Errorf("po %s: %w", in.POID, err)
		}
		if !po.SentToSupplier() && po.Status != purchasing.StatusReceived {
			return fmt.Errorf("%w: po %s is %s", purchasing.ErrInvalidState, po.Number, po.Status)
		}

		rc := Receipt{
			ID:          ids.Receipt(),
			WarehouseID: in.WarehouseID,
			ReceiptNo:   in.ReceiptNo,
			POID:        in.POID,
			Status:      "posted",
			ReceivedAt:  in.ReceivedAt,
			Source:      source,
		}
		if in.DeliveryNote != "" {
			rc.DeliveryNote = &in.DeliveryNote
		}
		inserted, err := s.repo.InsertIfAbsent(ctx, q, rc)
		if err != nil {
			return err
		}
		if !inserted {
			existing, err := s.repo.ByNumber(ctx, q, in.WarehouseID, in.ReceiptNo)
			out = PostResult{Receipt: existing}
			return err
		}

		for i, l := range in.Lines {
			rc.Lines = append(rc.Lines, ReceiptLine{ReceiptID: rc.ID, LineNo: i + 1, POLineNo: l.POLineNo, SKU: l.SKU, Quantity: l.Quantity})
			if err := s.pos.AddReceivedQty(ctx, q, in.POID, l.POLineNo, l.Quantity); err != nil {
				return fmt.Errorf("po line %d: %w", l.POLineNo, err)
			}
		}
		if err := s.repo.InsertLines(ctx, q, rc.Lines); err != nil {
			return err
		}
		if err := s.pos.RefreshReceiptStatus(ctx, q, in.POID); err != nil {
			return err
		}
		if err := s.rematch(ctx, q, in.POID); err != nil {
			return err
		}
		out = PostResult{Receipt: rc, Created: true}
		return nil
	})
	return out, err
}

func (s *Service) rematch(ctx context.Context, q db.Querier, poID string) error {
	invoiceIDs, err := s.repo.InvoicesAwaitingReceipt(ctx, q, poID)
	if err != nil {
		return err
	}
	for _, id := range invoiceIDs {
		if err := s.jobs.EnqueueTx(ctx, q, tasks.MatchInvoice{InvoiceID: id}, nil); err != nil {
			return err
		}
	}
	return nil
}

// Reverse undoes a posted receipt, for example when it was booked against
// the wrong PO.
func (s *Service) Reverse(ctx context.Context, in ReversalInput) error {
	return s.store.ExecTx(ctx, func(q db.Querier) error {
		rc, err := s.repo.ByNumberForUpdate(ctx, q, in.WarehouseID, in.ReceiptNo)
		if errors.Is(err, db.ErrNotFound) {
			return fmt.Errorf("%w: %s/%s", ErrReceiptNotFound, in.WarehouseID, in.ReceiptNo)
		}
		if err != nil {
			return err
		}
		if err := s.repo.InsertReversal(ctx, q, in.ReversalID, rc.ID, in.Reason, in.ReversedBy); err != nil {
			return fmt.Errorf("record reversal: %w", err)
		}
		for _, l := range rc.Lines {
			if err := s.pos.AddReceivedQty(ctx, q, rc.POID, l.POLineNo, -l.Quantity); err != nil {
				return err
			}
		}
		if err := s.repo.SetStatus(ctx, q, rc.ID, "reversed"); err != nil {
			return err
		}
		return s.pos.RefreshReceiptStatus(ctx, q, rc.POID)
	})
}

// PlaceHold puts a receipt on quality hold and tells the supplier.
func (s *Service) PlaceHold(ctx context.Context, eventID string, in HoldInput) error {
	rc, err := s.repo.ByNumber(ctx, s.store.DB(), in.WarehouseID, in.ReceiptNo)
	if errors.Is(err, db.ErrNotFound) {
		return fmt.Errorf("%w: %s/%s", ErrReceiptNotFound, in.WarehouseID, in.ReceiptNo)
	}
	if err != nil {
		return err
	}
	po, err := s.pos.Get(ctx, s.store.DB(), rc.POID)
	if err != nil {
		return err
	}
	sup, err := s.suppliers.Get(ctx, s.store.DB(), po.SupplierID)
	if err != nil {
		return err
	}

	notice := edi.PortalMessage{
		ReceiverID: sup.EDIPartnerID,
		Subject:    fmt.Sprintf("Quality hold: delivery %s on %s", rc.ReceiptNo, po.Number),
		Body: fmt.Sprintf("Goods received at %s under %s (order %s) failed incoming inspection (%s). %s\n"+
			"The goods are quarantined; please contact purchasing to arrange inspection or return.",
			rc.WarehouseID, rc.ReceiptNo, po.Number, in.ReasonCode, in.Notes),
		Category:   "quality_notice",
		References: []string{po.Number, rc.ReceiptNo},
	}
	if _, err := s.edi.PostMessage(ctx, notice); err != nil {
		return fmt.Errorf("quality notice: %w", err)
	}

	return s.store.ExecTx(ctx, func(q db.Querier) error {
		first, err := s.inbox.Claim(ctx, q, consumerHolds, eventID)
		if err != nil || !first {
			return err
		}
		if err := s.repo.InsertHold(ctx, q, rc.ID, in); err != nil {
			return err
		}
		return s.repo.SetStatus(ctx, q, rc.ID, "on_hold")
	})
}

// RecordReturn books goods sent back to the vendor and raises a debit memo.
func (s *Service) RecordReturn(ctx context.Context, eventID string, in ReturnInput) error {
	done, err := s.inbox.Seen(ctx, s.store.DB(), consumerReturns, eventID)
	if err != nil {
		return err
	}
	if done {
		return nil
	}

	err = s.store.ExecTx(ctx, func(q db.Querier) error {
		rc, err := s.repo.ByNumberForUpdate(ctx, q, in.WarehouseID, in.ReceiptNo)
		if errors.Is(err, db.ErrNotFound) {
			return fmt.Errorf("%w: %s/%s", ErrReceiptNotFound, in.WarehouseID, in.ReceiptNo)
		}
		if err != nil {
			return err
		}
		po, err := s.pos.GetWithLines(ctx, q, rc.POID)
		if err != nil {
			return err
		}
		prices := make(map[int]int64, len(po.Lines))
		for _, l := range po.Lines {
			prices[l.LineNo] = l.UnitPriceMinor
		}

		var amount int64
		for _, l := range in.Lines {
			if err := s.pos.AddReceivedQty(ctx, q, rc.POID, l.POLineNo, -l.Quantity); err != nil {
				return err
			}
			amount += int64(l.Quantity * float64(prices[l.POLineNo]))
		}
		memo := DebitMemo{
			ID:          ids.DebitMemo(),
			ReceiptID:   rc.ID,
			POID:        rc.POID,
			SupplierID:  po.SupplierID,
			AmountMinor: amount,
		}
		if in.RMANumber != "" {
			memo.RMANumber = &in.RMANumber
		}
		if err := s.repo.InsertDebitMemo(ctx, q, memo); err != nil {
			return err
		}
		if err := s.suppliers.AdjustBalance(ctx, q, po.SupplierID, -amount, 0); err != nil {
			return err
		}
		return s.pos.RefreshReceiptStatus(ctx, q, rc.POID)
	})
	if err != nil {
		return err
	}
	return s.inbox.Mark(ctx, s.store.DB(), consumerReturns, eventID)
}
