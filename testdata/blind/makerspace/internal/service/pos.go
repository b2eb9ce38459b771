package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sort"

	"github.com/kerfhall/makerspace/internal/domain"
	"github.com/kerfhall/makerspace/internal/events"
	"github.com/kerfhall/makerspace/internal/platform/dbx"
	"github.com/kerfhall/makerspace/internal/provider/cardproc"
	"github.com/kerfhall/makerspace/internal/repository"
)

// POSService runs the material-pack kiosk.
type POSService struct {
	tx        dbx.TxManager
	members   repository.MemberRepository
	accounts  repository.AccountRepository
	pos       repository.POSRepository
	processed repository.ProcessedMessageRepository
	payments  PaymentGateway
	newID     IDFunc
	now       Clock
}

// NewPOSService wires a POSService.
func NewPOSService(
	tx dbx.TxManager,
	members repository.MemberRepository,
	accounts repository.AccountRepository,
	pos repository.POSRepository,
	processed repository.ProcessedMessageRepository,
	payments PaymentGateway,
	newID IDFunc,
	now Clock,
) *POSService {
	return &POSService{tx: tx, members: members, accounts: accounts, pos: pos,
		processed: processed, payments: payments, newID: newID, now: now}
}

// LineRequest is one SKU on a kiosk basket.
type LineRequest struct {
	SKU      string `json:"sku"`
	Quantity int    `json:"quantity"`
}

func validateLines(lines []LineRequest) error {
	if len(lines) == 0 {
		return domain.Invalid("lines", "basket is empty")
	}
	seen := map[string]bool{}
	for i, l := range lines {
		if l.SKU == "" || l.Quantity <= 0 {
			return domain.Invalid(fmt.Sprintf("lines[%d]", i), "sku and positive quantity required")
		}
		if seen[l.SKU] {
			return domain.Invalid(fmt.Sprintf("lines[%d]", i), "duplicate sku %s", l.SKU)
		}
		seen[l.SKU] = true
	}
	return nil
}

// price looks the basket up and returns sale lines (sorted by SKU so stock rows
// are always locked in the same order) and the total.
func (s *POSService) price(ctx context.Context, saleID string, lines []LineRequest) ([]domain.SaleLine, int64, error) {
	skus := make([]string, 0, len(lines))
	for _, l := range lines {
		skus = append(skus, l.SKU)
	}
	packs, err := s.pos.GetPacks(ctx, skus)
	if err != nil {
		return nil, 0, err
	}
	out := make([]domain.SaleLine, 0, len(lines))
	var total int64
	for _, l := range lines {
		p, ok := packs[l.SKU]
		if !ok {
			return nil, 0, fmt.Errorf("sku %s: %w", l.SKU, domain.ErrNotFound)
		}
		out = append(out, domain.SaleLine{SaleID: saleID, SKU: l.SKU, Quantity: l.Quantity, UnitPriceCents: p.PriceCents})
		total += int64(l.Quantity) * p.PriceCents
	}
	sort.Slice(out, func(i, j int) bool { return out[i].SKU < out[j].SKU })
	return out, total, nil
}

// TabSaleRequest puts a basket on a member's tab, settled with their dues.
type TabSaleRequest struct {
	SaleID   string        `json:"-"`
	KioskID  string        `header:"X-Kiosk-Id" json:"-"`
	MemberID string        `json:"member_id"`
	Lines    []LineRequest `json:"lines"`
}

func (r *TabSaleRequest) Validate() error {
	if r.KioskID == "" {
		return domain.Invalid("X-Kiosk-Id", "header is required")
	}
	if r.MemberID == "" {
		return domain.Invalid("member_id", "required")
	}
	return validateLines(r.Lines)
}

// CreateTabSale records the sale, takes the packs out of stock and charges the tab.
func (s *POSService) CreateTabSale(ctx context.Context, req TabSaleRequest) (*domain.Sale, error) {
	if req.SaleID == "" {
		return nil, errors.New("sale id not assigned")
	}
	lines, total, err := s.price(ctx, req.SaleID, req.Lines)
	if err != nil {
		return nil, err
	}
	now := s.now()
	memberID := req.MemberID
	sale := &domain.Sale{
		ID:            req.SaleID,
		KioskID:       req.KioskID,
		MemberID:      &memberID,
		PaymentMethod: "tab",
		TotalCents:    total,
		Status:        domain.SalePaid,
		CreatedAt:     now,
		UpdatedAt:     now,
		Lines:         lines,
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		m, err := s.members.GetForUpdate(ctx, memberID)
		if err != nil {
			return err
		}
		if m.Status != domain.MemberActive {
			return domain.ErrMemberInactive
		}
		for _, l := range lines {
			if err := s.pos.DecrementStock(ctx, l.SKU, l.Quantity); err != nil {
				return err
			}
		}
		if err := s.pos.InsertSale(ctx, sale); err != nil {
			return err
		}
		if err := s.pos.InsertLines(ctx, lines); err != nil {
			return err
		}
		if err := s.accounts.AddTab(ctx, memberID, total); err != nil {
			return err
		}
		return s.accounts.AppendLedger(ctx, &domain.LedgerEntry{
			ID:          s.newID(),
			MemberID:    memberID,
			EntryKey:    domain.Key("sale:" + sale.ID),
			Kind:        domain.LedgerMaterialSale,
			AmountCents: total,
			Memo:        fmt.Sprintf("kiosk %s, %d line(s)", req.KioskID, len(lines)),
			CreatedAt:   now,
		})
	})
	if err != nil {
		return nil, err
	}
	return sale, nil
}

// CardSaleRequest pays for a basket with a card presented at the kiosk. The
// kiosk numbers its own transactions; a retried request carries the same number.
type CardSaleRequest struct {
	KioskID      string        `header:"X-Kiosk-Id" json:"-"`
	KioskTxnID   string        `json:"kiosk_txn_id"`
	MemberID     *string       `json:"member_id,omitempty"`
	PaymentToken string        `json:"payment_token"`
	Lines        []LineRequest `json:"lines"`
}

func (r *CardSaleRequest) Validate() error {
	if r.KioskID == "" {
		return domain.Invalid("X-Kiosk-Id", "header is required")
	}
	if r.KioskTxnID == "" {
		return domain.Invalid("kiosk_txn_id", "required")
	}
	if r.PaymentToken == "" {
		return domain.Invalid("payment_token", "required")
	}
	return validateLines(r.Lines)
}

// CreateCardSale records the sale keyed by the kiosk's transaction number,
// then charges the card with a key derived from the stored sale.
func (s *POSService) CreateCardSale(ctx context.Context, req CardSaleRequest) (*domain.Sale, error) {
	candidate := s.newID()
	lines, total, err := s.price(ctx, candidate, req.Lines)
	if err != nil {
		return nil, err
	}
	now := s.now()
	txnID := req.KioskTxnID

	var sale *domain.Sale
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		var err error
		sale, err = s.pos.UpsertCardSale(ctx, &domain.Sale{
			ID:         candidate,
			KioskID:    req.KioskID,
			MemberID:   req.MemberID,
			KioskTxnID: &txnID,
			TotalCents: total,
			CreatedAt:  now,
		})
		if err != nil {
			return err
		}
		if sale.ID != candidate {
			return nil // the kiosk is retrying a transaction we already hold
		}
		for _, l := range lines {
			if err := s.pos.DecrementStock(ctx, l.SKU, l.Quantity); err != nil {
				return err
			}
		}
		return s.pos.InsertLines(ctx, lines)
	})
	if err != nil {
		return nil, err
	}
	if sale.Status == domain.SalePaid {
		return s.pos.GetSale(ctx, sale.ID)
	}

	charge, err := s.payments.CreateCharge(ctx, cardproc.ChargeRequest{
		PaymentMethodID: req.PaymentToken,
		AmountCents:     sale.TotalCents,
		Description:     "Kerfhall materials",
		Metadata:        map[string]string{"sale_id": sale.ID, "kiosk_id": req.KioskID},
		IdempotencyKey:  "pos-sale-" + sale.ID,
	})
	if err != nil {
		if cardproc.IsDecline(err) {
			if mErr := s.pos.MarkSaleFailed(ctx, sale.ID, s.now()); mErr != nil {
				slog.ErrorContext(ctx, "mark sale failed", "sale", sale.ID, "err", mErr)
			}
			return nil, fmt.Errorf("%w: %v", domain.ErrPaymentDeclined, err)
		}
		return nil, err
	}
	if err := s.pos.MarkSalePaid(ctx, sale.ID, charge.ID, s.now()); err != nil {
		return nil, err
	}
	return s.pos.GetSale(ctx, sale.ID)
}

// RefundSaleRequest refunds part or all of a card sale. The register sends a
// refund_request_id that identifies the refund across retries.
type RefundSaleRequest struct {
	SaleID          string `uri:"id" json:"-"`
	StaffID         string `header:"X-Staff-Id" json:"-"`
	RefundRequestID string `json:"refund_request_id"`
	AmountCents     int64  `json:"amount_cents"`
	Reason          string `json:"reason"`
}

func (r *RefundSaleRequest) Validate() error {
	if r.StaffID == "" {
		return domain.Invalid("X-Staff-Id", "header is required")
	}
	if r.RefundRequestID == "" {
		return domain.Invalid("refund_request_id", "required")
	}
	if r.AmountCents <= 0 {
		return domain.Invalid("amount_cents", "must be positive")
	}
	return nil
}

// RefundSale records the refund request and pushes it to the card processor.
func (s *POSService) RefundSale(ctx context.Context, req RefundSaleRequest) (*domain.Refund, error) {
	sale, err := s.pos.GetSale(ctx, req.SaleID)
	if err != nil {
		return nil, err
	}
	if sale.PaymentMethod != "card" || sale.ProcessorChargeID == nil {
		return nil, domain.Invalid("sale", "only card sales can be refunded at the register")
	}
	if sale.Status != domain.SalePaid && sale.Status != domain.SalePartiallyRefunded {
		return nil, fmt.Errorf("sale %s is %s: %w", sale.ID, sale.Status, domain.ErrConflict)
	}

	candidate := s.newID()
	var refund *domain.Refund
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		var err error
		refund, err = s.pos.InsertRefundIfAbsent(ctx, &domain.Refund{
			ID:              candidate,
			SaleID:          sale.ID,
			RefundRequestID: req.RefundRequestID,
			AmountCents:     req.AmountCents,
			Reason:          req.Reason,
			CreatedAt:       s.now(),
		})
		if err != nil || refund.ID != candidate {
			return err
		}
		refunded, err := s.pos.RefundedTotal(ctx, sale.ID)
		if err != nil {
			return err
		}
		if refunded > sale.TotalCents {
			return domain.Invalid("amount_cents", "refunds would exceed the sale total")
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if refund.Status == "succeeded" {
		return refund, nil
	}

	res, err := s.payments.CreateRefund(ctx, cardproc.RefundRequest{
		ChargeID:    *sale.ProcessorChargeID,
		AmountCents: refund.AmountCents,
		Reason:      "requested_by_customer",
		Metadata:    map[string]string{"refund_id": refund.ID, "staff_id": req.StaffID},
	})
	if err != nil {
		var apiErr *cardproc.APIError
		if errors.As(err, &apiErr) && apiErr.Status < 500 {
			_ = s.pos.MarkRefund(ctx, refund.ID, "failed", nil)
		}
		return nil, err
	}

	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.pos.MarkRefund(ctx, refund.ID, "succeeded", &res.ID); err != nil {
			return err
		}
		refunded, err := s.pos.RefundedTotal(ctx, sale.ID)
		if err != nil {
			return err
		}
		status := domain.SalePartiallyRefunded
		if refunded >= sale.TotalCents {
			status = domain.SaleRefunded
		}
		return s.pos.SetSaleStatus(ctx, sale.ID, status, s.now())
	})
	if err != nil {
		return nil, err
	}
	refund.Status = "succeeded"
	refund.ProcessorRefundID = &res.ID
	return refund, nil
}

// ApplyRestock adds a supplier delivery to stock. The message carries no id of
// its own, so the stream sequence is recorded with the stock change.
func (s *POSService) ApplyRestock(ctx context.Context, ref MessageRef, r events.Restock) error {
	if r.Quantity <= 0 {
		return nil
	}
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		first, err := s.processed.Claim(ctx, ref.Stream, ref.Consumer, ref.Seq)
		if err != nil || !first {
			return err
		}
		if err := s.pos.InsertRestock(ctx, &domain.Restock{
			ID:         s.newID(),
			SKU:        r.SKU,
			Quantity:   r.Quantity,
			Supplier:   r.Supplier,
			ReceivedAt: r.ReceivedAt,
		}); err != nil {
			return err
		}
		return s.pos.IncrementStock(ctx, r.SKU, r.Quantity)
	})
}

// GetSale returns a sale with its lines.
func (s *POSService) GetSale(ctx context.Context, req SaleRef) (*domain.Sale, error) {
	return s.pos.GetSale(ctx, req.SaleID)
}

// SaleRef addresses a sale by path parameter.
type SaleRef struct {
	SaleID string `uri:"id" json:"-"`
}
