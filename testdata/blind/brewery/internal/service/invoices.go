package service

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/ironkettle/taproute/internal/config"
	"github.com/ironkettle/taproute/internal/domain"
	"github.com/ironkettle/taproute/internal/platform/ids"
	"github.com/ironkettle/taproute/internal/provider/edi"
	"github.com/ironkettle/taproute/internal/store"
)

// InvoiceService generates invoices for delivered orders and sends them,
// by EDI 810 to distributors and by email to everyone else.
type InvoiceService struct {
	db        store.Querier
	tx        store.TxRunner
	accounts  AccountStore
	orders    OrderStore
	invoices  InvoiceStore
	ediStore  EDIStore
	outbox    OutboxStore
	partner   EDIPartner
	tasks     InvoiceTasks
	termsDays int
	now       Clock
	newUUID   func() uuid.UUID
	newNumber func() string
}

// NewInvoiceService constructs an InvoiceService.
func NewInvoiceService(cfg config.Config, db store.Querier, tx store.TxRunner, accounts AccountStore, orders OrderStore,
	invoices InvoiceStore, ediStore EDIStore, outbox OutboxStore, partner EDIPartner, tasks InvoiceTasks, now Clock) *InvoiceService {
	return &InvoiceService{
		db: db, tx: tx, accounts: accounts, orders: orders, invoices: invoices, ediStore: ediStore,
		outbox: outbox, partner: partner, tasks: tasks, termsDays: cfg.InvoiceTermsDays, now: now,
		newUUID: uuid.New,
		newNumber: func() string {
			return "INV-" + strings.ToUpper(ids.NewXID())
		},
	}
}

// Generate creates the invoice for a delivered order, once per order, and
// queues the first send.
func (s *InvoiceService) Generate(ctx context.Context, orderID uuid.UUID) (domain.Invoice, error) {
	err := s.tx.InTx(ctx, func(tx pgx.Tx) error {
		o, err := s.orders.Get(ctx, tx, orderID)
		if err != nil {
			return mapNotFound(err, "order")
		}
		if o.Status != domain.OrderDelivered {
			return fmt.Errorf("order %s is %s: %w", orderID, o.Status, domain.ErrInvalidState)
		}
		acct, err := s.accounts.Get(ctx, tx, o.AccountID)
		if err != nil {
			return err
		}
		inv := domain.Invoice{
			ID:            s.newUUID(),
			OrderID:       o.ID,
			AccountID:     o.AccountID,
			Number:        s.newNumber(),
			SubtotalCents: o.SubtotalCents,
			DepositCents:  o.DepositCents,
			TotalCents:    o.SubtotalCents + o.DepositCents,
			DueDate:       s.now().AddDate(0, 0, s.termsDays).Truncate(24 * time.Hour),
		}
		if acct.EDIPartnerID != "" {
			if inv.EDIControlNumber, err = s.ediStore.NextControlNumber(ctx, tx); err != nil {
				return err
			}
		}
		for _, l := range o.Lines {
			inv.Lines = append(inv.Lines, domain.InvoiceLine{
				LineNo: l.LineNo, SKU: l.SKU, Description: describe(l), Qty: l.Qty,
				UnitPriceCents: l.UnitPriceCents, DepositCents: l.DepositCents,
			})
		}
		_, err = s.invoices.InsertIfAbsent(ctx, tx, inv)
		return err
	})
	if err != nil {
		return domain.Invoice{}, err
	}
	inv, err := s.invoices.GetByOrder(ctx, s.db, orderID)
	if err != nil {
		return domain.Invoice{}, err
	}
	if err := s.tasks.SendInvoice(ctx, inv.ID); err != nil {
		return domain.Invoice{}, fmt.Errorf("queue send for %s: %w", inv.Number, err)
	}
	return inv, nil
}

func describe(l domain.OrderLine) string {
	switch l.Package {
	case domain.KegHalf:
		return l.SKU + " 1/2 BBL KEG"
	case domain.KegSixth:
		return l.SKU + " 1/6 BBL KEG"
	case domain.Case24:
		return l.SKU + " CASE 24x12OZ"
	default:
		return l.SKU
	}
}

// Get loads an invoice.
func (s *InvoiceService) Get(ctx context.Context, id uuid.UUID) (domain.Invoice, error) {
	inv, err := s.invoices.Get(ctx, s.db, id)
	return inv, mapNotFound(err, "invoice")
}

// QueueResend asks for an invoice to be sent again, e.g. when a bar manager
// says they never got it.
func (s *InvoiceService) QueueResend(ctx context.Context, id uuid.UUID) (domain.Invoice, error) {
	inv, err := s.Get(ctx, id)
	if err != nil {
		return domain.Invoice{}, err
	}
	if inv.Status == "void" {
		return domain.Invoice{}, fmt.Errorf("invoice %s is void: %w", inv.Number, domain.ErrInvalidState)
	}
	if err := s.tasks.ResendInvoice(ctx, inv.ID); err != nil {
		return domain.Invoice{}, err
	}
	return inv, nil
}

// Send delivers an invoice to the account. deliveryKey identifies this send
// job and is stable across the job's retries.
func (s *InvoiceService) Send(ctx context.Context, id uuid.UUID, deliveryKey string) error {
	inv, err := s.Get(ctx, id)
	if err != nil {
		return err
	}
	acct, err := s.accounts.Get(ctx, s.db, inv.AccountID)
	if err != nil {
		return err
	}
	if acct.EDIPartnerID != "" {
		return s.sendEDI(ctx, acct, inv)
	}
	return s.tx.InTx(ctx, func(tx pgx.Tx) error {
		queued, err := s.outbox.Append(ctx, tx, "invoice-mail:"+deliveryKey, SubjectEmailNotification, EmailNotification{
			Template:  "invoice",
			AccountID: acct.ID,
			Data: map[string]string{
				"invoice_number": inv.Number,
				"total":          formatCents(inv.TotalCents),
				"due_date":       inv.DueDate.Format(time.DateOnly),
			},
		})
		if err != nil || !queued {
			return err
		}
		return s.invoices.RecordSent(ctx, tx, inv.ID, s.now())
	})
}

func (s *InvoiceService) sendEDI(ctx context.Context, acct domain.Account, inv domain.Invoice) error {
	o, err := s.orders.Get(ctx, s.db, inv.OrderID)
	if err != nil {
		return err
	}
	doc := edi.Invoice810{
		PartnerID:     acct.EDIPartnerID,
		InvoiceNumber: inv.Number,
		PONumber:      o.ExternalRef,
		InvoiceDate:   s.now().Format("20060102"),
		DueDate:       inv.DueDate.Format("20060102"),
		TotalCents:    inv.TotalCents,
	}
	for _, l := range inv.Lines {
		doc.Lines = append(doc.Lines, edi.InvoiceLine{
			LineNo: l.LineNo, SKU: l.SKU, Qty: l.Qty, UnitPriceCents: l.UnitPriceCents, DepositCents: l.DepositCents,
		})
	}
	rcpt, err := s.partner.SendInvoice(ctx, doc)
	if err != nil {
		return fmt.Errorf("send 810 %s: %w", inv.Number, err)
	}
	if err := s.invoices.RecordSent(ctx, s.db, inv.ID, s.now()); err != nil {
		return fmt.Errorf("record 810 %s (interchange %s): %w", inv.Number, rcpt.InterchangeID, err)
	}
	return nil
}

func formatCents(c int64) string {
	sign := ""
	if c < 0 {
		sign, c = "-", -c
	}
	return sign + "$" + strconv.FormatInt(c/100, 10) + "." + fmt.Sprintf("%02d", c%100)
}
