package invoicing

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"math"
	"time"

	"github.com/northmill/procure/internal/platform/db"
	"github.com/northmill/procure/internal/platform/ids"
	"github.com/northmill/procure/internal/purchasing"
	"github.com/northmill/procure/internal/suppliers"
	"github.com/northmill/procure/internal/tasks"
)

// Tolerances for the three-way match.
const (
	qtyTolerance       = 0.001
	priceTolerancePct  = 1.0
	priceToleranceCeil = 500 // minor units
)

// PaymentScheduler creates the payment for an approved invoice inside the
// approval transaction.
type PaymentScheduler interface {
	ScheduleTx(ctx context.Context, q db.Querier, inv Invoice, payOn time.Time, discountMinor int64) (string, error)
}

// Service implements invoice intake, matching and approval.
type Service struct {
	store     *db.Store
	repo      *Repo
	pos       *purchasing.Repo
	suppliers *suppliers.Repo
	jobs      tasks.Enqueuer
	payments  PaymentScheduler
	log       *slog.Logger
	now       func() time.Time
}

// NewService wires the service.
func NewService(store *db.Store, repo *Repo, pos *purchasing.Repo, sup *suppliers.Repo, jobs tasks.Enqueuer,
	payments PaymentScheduler, log *slog.Logger) *Service {
	return &Service{store: store, repo: repo, pos: pos, suppliers: sup, jobs: jobs, payments: payments, log: log, now: time.Now}
}

// CreateResult is returned by Create.
type CreateResult struct {
	Invoice Invoice
	Created bool
}

// Create registers a supplier invoice and schedules its match. The
// supplier's invoice number identifies it.
func (s *Service) Create(ctx context.Context, in CreateInput, source string) (CreateResult, error) {
	if err := in.Validate(); err != nil {
		return CreateResult{}, err
	}
	invDate, _ := time.Parse("2006-01-02", in.InvoiceDate)

	var out CreateResult
	err := s.store.ExecTx(ctx, func(q db.Querier) error {
		sup, err := s.suppliers.Get(ctx, q, in.SupplierID)
		if err != nil {
			return err
		}
		po, err := s.pos.Get(ctx, q, in.POID)
		if err != nil {
			return fmt.Errorf("po %s: %w", in.POID, err)
		}
		if po.SupplierID != sup.ID {
			return fmt.Errorf("po %s belongs to another supplier", po.Number)
		}

		gross := in.NetMinor + in.TaxMinor
		inv := Invoice{
			ID:            ids.Invoice(),
			SupplierID:    sup.ID,
			InvoiceNumber: in.InvoiceNumber,
			POID:          po.ID,
			Currency:      in.Currency,
			NetMinor:      in.NetMinor,
			TaxMinor:      in.TaxMinor,
			GrossMinor:    gross,
			OpenMinor:     gross,
			InvoiceDate:   invDate,
			DueDate:       invDate.AddDate(0, 0, sup.PaymentTermsDays),
			Status:        StatusReceived,
			Source:        source,
		}
		if sup.OffersDiscount() {
			until := invDate.AddDate(0, 0, sup.DiscountDays)
			inv.DiscountPct, inv.DiscountUntil = sup.DiscountPct, &until
		}

		inserted, err := s.repo.InsertIfAbsent(ctx, q, inv)
		if err != nil {
			return err
		}
		if !inserted {
			existing, err := s.repo.ByNumber(ctx, q, sup.ID, in.InvoiceNumber)
			if err != nil {
				return err
			}
			if existing.GrossMinor != gross || existing.POID != po.ID {
				return fmt.Errorf("invoice %s already registered with different amounts", in.InvoiceNumber)
			}
			out = CreateResult{Invoice: existing}
			return nil
		}

		for i, l := range in.Lines {
			inv.Lines = append(inv.Lines, InvoiceLine{
				InvoiceID: inv.ID, LineNo: i + 1, POLineNo: l.POLineNo, Quantity: l.Quantity, UnitPriceMinor: l.UnitPriceMinor,
			})
		}
		if err := s.repo.InsertLines(ctx, q, inv.Lines); err != nil {
			return err
		}
		if err := s.suppliers.AdjustBalance(ctx, q, sup.ID, gross, 0); err != nil {
			return err
		}
		out = CreateResult{Invoice: inv, Created: true}
		return s.jobs.EnqueueTx(ctx, q, tasks.MatchInvoice{InvoiceID: inv.ID}, nil)
	})
	return out, err
}

// Get loads an invoice with lines.
func (s *Service) Get(ctx context.Context, id string) (Invoice, error) {
	inv, err := s.repo.Get(ctx, s.store.DB(), id)
	if err != nil {
		return inv, err
	}
	inv.Lines, err = s.repo.Lines(ctx, s.store.DB(), id)
	return inv, err
}

// ApproveInput controls how an approved invoice is paid.
type ApproveInput struct {
	ApprovedBy   string `json:"approved_by"`
	TakeDiscount bool   `json:"take_discount"`
}

// ApproveResult is returned by Approve.
type ApproveResult struct {
	Invoice   Invoice `json:"invoice"`
	PaymentID string  `json:"payment_id"`
}

// Approve releases a matched invoice for payment and schedules the
// payment for the due date, or the discount date when asked.
func (s *Service) Approve(ctx context.Context, id string, in ApproveInput) (ApproveResult, error) {
	var out ApproveResult
	err := s.store.ExecTx(ctx, func(q db.Querier) error {
		inv, err := s.repo.GetForUpdate(ctx, q, id)
		if err != nil {
			return err
		}
		switch inv.Status {
		case StatusApproved, StatusPaid:
			pid, err := s.repo.PaymentIDForInvoice(ctx, q, id)
			out = ApproveResult{Invoice: inv, PaymentID: pid}
			return err
		case StatusMatched:
		default:
			return fmt.Errorf("%w: status %s", ErrInvalidState, inv.Status)
		}

		payOn, discount := inv.DueDate, int64(0)
		if in.TakeDiscount && inv.DiscountAvailable(s.now()) {
			payOn, discount = *inv.DiscountUntil, inv.DiscountMinor()
		}
		pid, err := s.payments.ScheduleTx(ctx, q, inv, payOn, discount)
		if err != nil {
			return err
		}
		if err := s.repo.SetStatus(ctx, q, id, StatusApproved); err != nil {
			return err
		}
		inv.Status = StatusApproved
		out = ApproveResult{Invoice: inv, PaymentID: pid}
		return nil
	})
	return out, err
}

type lineVariance struct {
	LineNo        int     `json:"line_no"`
	POLineNo      int     `json:"po_line_no"`
	Ordered       float64 `json:"ordered"`
	Received      float64 `json:"received"`
	Invoiced      float64 `json:"invoiced"`
	PriceVariance int64   `json:"price_variance_minor"`
}

// Match runs the three-way match of invoice, PO and receipts and stores the
// result. It runs again whenever new receipts arrive for the PO.
func (s *Service) Match(ctx context.Context, invoiceID string) error {
	return s.store.ExecTx(ctx, func(q db.Querier) error {
		inv, err := s.repo.GetForUpdate(ctx, q, invoiceID)
		if err != nil {
			return err
		}
		switch inv.Status {
		case StatusApproved, StatusPaid, StatusCancelled:
			return nil
		}
		invLines, err := s.repo.Lines(ctx, q, invoiceID)
		if err != nil {
			return err
		}
		poLines, err := s.pos.Lines(ctx, q, inv.POID)
		if err != nil {
			return err
		}
		byNo := make(map[int]purchasing.Line, len(poLines))
		for _, l := range poLines {
			byNo[l.LineNo] = l
		}

		result := StatusMatched
		var qtyVar float64
		var priceVar int64
		details := make([]lineVariance, 0, len(invLines))
		for _, il := range invLines {
			pl, ok := byNo[il.POLineNo]
			if !ok {
				result = StatusMismatch
				continue
			}
			lv := lineVariance{LineNo: il.LineNo, POLineNo: il.POLineNo, Ordered: pl.Quantity, Received: pl.ReceivedQty, Invoiced: il.Quantity}
			lv.PriceVariance = int64(il.Quantity * float64(il.UnitPriceMinor-pl.UnitPriceMinor))
			details = append(details, lv)

			if il.Quantity-pl.ReceivedQty > qtyTolerance {
				qtyVar += il.Quantity - pl.ReceivedQty
				if result == StatusMatched {
					result = StatusAwaitingReceipt
				}
			}
			if il.Quantity-pl.Quantity > qtyTolerance {
				result = StatusMismatch
			}
			priceVar += lv.PriceVariance
		}
		limit := int64(math.Min(float64(inv.NetMinor)*priceTolerancePct/100, priceToleranceCeil))
		if priceVar > limit {
			result = StatusMismatch
		}

		raw, err := json.Marshal(details)
		if err != nil {
			return err
		}
		if err := s.repo.UpsertMatch(ctx, q, Match{
			InvoiceID: inv.ID, Result: result, QtyVariance: qtyVar, PriceVarianceMinor: priceVar, Details: raw,
		}); err != nil {
			return err
		}
		if result == inv.Status {
			return nil
		}
		if err := s.repo.SetStatus(ctx, q, inv.ID, result); err != nil {
			return err
		}
		if result == StatusMatched && inv.DiscountAvailable(s.now()) {
			return s.jobs.EnqueueTx(ctx, q, tasks.OfferDiscount{InvoiceID: inv.ID}, nil)
		}
		return nil
	})
}
