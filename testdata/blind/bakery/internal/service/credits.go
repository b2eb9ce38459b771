package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/crumbworks/ovenline/internal/domain"
	"github.com/crumbworks/ovenline/internal/providers/directdebit"
)

// Credits raises credit notes for short, damaged or poor-quality goods and
// refunds them where the invoice has already been collected.
type Credits struct {
	db        Pool
	credits   CreditRepo
	orders    OrderRepo
	invoices  InvoiceRepo
	payments  PaymentRepo
	customers CustomerRepo
	dd        DirectDebit
	log       *slog.Logger
}

// NewCredits builds the credit note service.
func NewCredits(db Pool, credits CreditRepo, orders OrderRepo, invoices InvoiceRepo, payments PaymentRepo,
	customers CustomerRepo, dd DirectDebit, log *slog.Logger) *Credits {
	return &Credits{db: db, credits: credits, orders: orders, invoices: invoices, payments: payments,
		customers: customers, dd: dd, log: log}
}

// CreditLineInput is a product to credit.
type CreditLineInput struct {
	ProductID uuid.UUID `json:"product_id"`
	Quantity  int       `json:"quantity"`
}

// IssueCreditInput is a credit note raised by the accounts team.
type IssueCreditInput struct {
	OrderID  uuid.UUID         `json:"order_id"`
	Reason   string            `json:"reason"`
	RaisedBy string            `json:"raised_by"`
	Lines    []CreditLineInput `json:"lines"`
}

var creditReasons = map[string]bool{"short": true, "damaged": true, "quality": true, "goodwill": true}

// Issue raises a credit note against an order and, if the order has been
// invoiced, reduces the invoice balance.
func (s *Credits) Issue(ctx context.Context, in IssueCreditInput) (domain.CreditNote, error) {
	if !creditReasons[in.Reason] {
		return domain.CreditNote{}, domain.Invalid("unknown credit reason %q", in.Reason)
	}
	if in.RaisedBy == "" {
		return domain.CreditNote{}, domain.Invalid("raised_by is required")
	}
	order, err := s.orders.Get(ctx, s.db, in.OrderID)
	if err != nil {
		return domain.CreditNote{}, err
	}
	lines, total, err := priceCreditLines(order, in.Lines)
	if err != nil {
		return domain.CreditNote{}, err
	}

	cn := domain.CreditNote{
		ID:          uuid.New(),
		CustomerID:  order.CustomerID,
		OrderID:     order.ID,
		Reason:      in.Reason,
		AmountPence: total,
		Status:      "issued",
		RaisedBy:    in.RaisedBy,
		Lines:       lines,
	}
	if err := s.save(ctx, &cn); err != nil {
		return domain.CreditNote{}, err
	}
	return cn, nil
}

// FromShortDelivery raises the credit note for goods the driver could not
// hand over in full.
func (s *Credits) FromShortDelivery(ctx context.Context, env domain.DeliveryEnvelope) error {
	ev := env.Event
	if len(ev.Short) == 0 {
		return nil
	}
	order, err := s.orders.Get(ctx, s.db, ev.OrderID)
	if err != nil {
		return err
	}
	reason := "short"
	req := make([]CreditLineInput, 0, len(ev.Short))
	for _, l := range ev.Short {
		if l.Damaged {
			reason = "damaged"
		}
		req = append(req, CreditLineInput{ProductID: l.ProductID, Quantity: l.Quantity})
	}
	lines, total, err := priceCreditLines(order, req)
	if err != nil {
		return err
	}

	deliveryID := ev.DeliveryID
	cn := domain.CreditNote{
		ID:          uuid.New(),
		CustomerID:  order.CustomerID,
		OrderID:     order.ID,
		DeliveryID:  &deliveryID,
		Reason:      reason,
		AmountPence: total,
		Status:      "issued",
		RaisedBy:    "driver:" + ev.Driver,
		Lines:       lines,
	}
	return s.save(ctx, &cn)
}

// save writes the credit note and applies it to the order's invoice, if
// there is one yet, in one transaction.
func (s *Credits) save(ctx context.Context, cn *domain.CreditNote) error {
	return s.db.WithTx(ctx, func(tx *sqlx.Tx) error {
		inv, err := s.invoices.ForOrder(ctx, tx, cn.OrderID)
		var de *domain.Error
		switch {
		case err == nil:
			cn.InvoiceID = &inv.ID
		case errors.As(err, &de) && de.Kind == domain.KindNotFound:
			// Not invoiced yet: the invoice run deducts credits for the order.
		default:
			return err
		}
		if err := s.credits.Insert(ctx, tx, cn); err != nil {
			return fmt.Errorf("insert credit note: %w", err)
		}
		if cn.InvoiceID == nil {
			return nil
		}
		return s.invoices.AddCredited(ctx, tx, *cn.InvoiceID, cn.AmountPence)
	})
}

// Refund pays a credit note back to the customer's bank account against the
// direct debit that collected the invoice.
func (s *Credits) Refund(ctx context.Context, creditNoteID uuid.UUID) (domain.Refund, error) {
	cn, err := s.credits.Get(ctx, s.db, creditNoteID)
	if err != nil {
		return domain.Refund{}, err
	}
	switch {
	case cn.Status == "refunded":
		return domain.Refund{}, domain.Conflict("credit note %s has already been refunded", cn.CreditNumber)
	case cn.Status == "void":
		return domain.Refund{}, domain.Conflict("credit note %s is void", cn.CreditNumber)
	case cn.InvoiceID == nil:
		return domain.Refund{}, domain.Conflict("credit note %s is not against an invoice yet", cn.CreditNumber)
	}
	payment, err := s.payments.LatestConfirmed(ctx, s.db, *cn.InvoiceID)
	if err != nil {
		return domain.Refund{}, err
	}
	if payment.Provider != ProviderDebitline {
		return domain.Refund{}, domain.Invalid("card payments are refunded from the Cardpay dashboard")
	}
	if cn.AmountPence > payment.AmountPence {
		return domain.Refund{}, domain.Invalid("credit note exceeds the collected payment")
	}

	rf, err := s.dd.CreateRefund(ctx, directdebit.CreateRefundRequest{
		PaymentID:   payment.ProviderPaymentID,
		AmountPence: cn.AmountPence,
		Reference:   cn.CreditNumber,
		Metadata:    map[string]string{"credit_note": cn.ID.String()},
	})
	if err != nil {
		return domain.Refund{}, err
	}

	refund := domain.Refund{
		ID:               uuid.New(),
		CreditNoteID:     cn.ID,
		PaymentID:        payment.ID,
		ProviderRefundID: rf.ID,
		AmountPence:      rf.AmountPence,
	}
	err = s.db.WithTx(ctx, func(tx *sqlx.Tx) error {
		if err := s.credits.InsertRefund(ctx, tx, refund); err != nil {
			return err
		}
		return s.credits.SetStatus(ctx, tx, cn.ID, "refunded")
	})
	if err != nil {
		return domain.Refund{}, fmt.Errorf("record refund %s: %w", rf.ID, err)
	}
	return refund, nil
}

func priceCreditLines(order domain.Order, req []CreditLineInput) ([]domain.CreditNoteLine, int, error) {
	if len(req) == 0 {
		return nil, 0, domain.Invalid("a credit note needs at least one line")
	}
	ordered := make(map[uuid.UUID]domain.OrderLine, len(order.Lines))
	for _, l := range order.Lines {
		ordered[l.ProductID] = l
	}
	var (
		lines []domain.CreditNoteLine
		total int
	)
	for _, r := range req {
		ol, ok := ordered[r.ProductID]
		if !ok {
			return nil, 0, domain.Invalid("product %s is not on order %s", r.ProductID, order.ID)
		}
		if r.Quantity <= 0 || r.Quantity > ol.Quantity {
			return nil, 0, domain.Invalid("credit quantity for %s must be between 1 and %d", r.ProductID, ol.Quantity)
		}
		amount := r.Quantity * ol.UnitPricePence
		lines = append(lines, domain.CreditNoteLine{ProductID: r.ProductID, Quantity: r.Quantity, AmountPence: amount})
		total += amount
	}
	if total == 0 {
		return nil, 0, domain.Invalid("credit note total is zero")
	}
	return lines, total, nil
}
