package wholesale

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"gorm.io/gorm"

	"github.com/ridgeline-coffee/roastery/internal/events"
	"github.com/ridgeline-coffee/roastery/internal/ids"
	"github.com/ridgeline-coffee/roastery/internal/models"
	"github.com/ridgeline-coffee/roastery/internal/providers/ledger"
)

// salesAccountCode is the Tallybooks revenue account for wholesale coffee.
const salesAccountCode = "4010"

// Invoicer raises a Tallybooks invoice for each placed order.
type Invoicer struct {
	db     *gorm.DB
	ledger ledger.Invoicer
	log    *slog.Logger
}

// NewInvoicer returns an Invoicer.
func NewInvoicer(gdb *gorm.DB, l ledger.Invoicer, log *slog.Logger) *Invoicer {
	return &Invoicer{db: gdb, ledger: l, log: log.With("component", "invoicing")}
}

// HandleOrderPlaced is the JetStream handler for wholesale.order.placed.
func (i *Invoicer) HandleOrderPlaced(ctx context.Context, env events.Envelope) error {
	var ev events.OrderPlaced
	if err := env.Decode(&ev); err != nil {
		return fmt.Errorf("%w: %v", events.ErrDrop, err)
	}
	return i.InvoiceOrder(ctx, ev.OrderID)
}

// InvoiceOrder raises the invoice for orderID unless it already has one.
func (i *Invoicer) InvoiceOrder(ctx context.Context, orderID string) error {
	var order models.WholesaleOrder
	err := i.db.WithContext(ctx).Preload("Lines").First(&order, "id = ?", orderID).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return fmt.Errorf("%w: order %s not found", events.ErrDrop, orderID)
	}
	if err != nil {
		return err
	}
	if order.InvoiceID != nil || order.Status == models.OrderCancelled {
		return nil
	}
	var cafe models.Cafe
	if err := i.db.WithContext(ctx).First(&cafe, "id = ?", order.CafeID).Error; err != nil {
		return err
	}

	issued := time.Now().UTC()
	due := issued.AddDate(0, 0, cafe.TermsDays)
	req := ledger.InvoiceRequest{
		ContactID: cafe.ID,
		Reference: order.ID,
		IssueDate: ledger.FormatDate(issued),
		DueDate:   ledger.FormatDate(due),
	}
	if order.PONumber != nil {
		req.Reference = order.ID + " / PO " + *order.PONumber
	}
	for _, l := range order.Lines {
		req.Lines = append(req.Lines, ledger.InvoiceLine{
			Description:    l.SKU,
			Quantity:       l.Bags,
			UnitPriceCents: l.UnitPriceCents,
			AccountCode:    salesAccountCode,
		})
	}

	inv, err := i.ledger.CreateInvoice(ctx, req)
	if err != nil {
		return fmt.Errorf("invoicing: create invoice for %s: %w", order.ID, err)
	}

	row := models.Invoice{
		ID:              ids.New("inv"),
		OrderID:         order.ID,
		CafeID:          cafe.ID,
		LedgerInvoiceID: inv.ID,
		AmountDueCents:  inv.TotalCents,
		DueAt:           due,
	}
	return i.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&row).Error; err != nil {
			return err
		}
		return tx.Model(&models.WholesaleOrder{}).
			Where("id = ? AND invoice_id IS NULL", order.ID).
			Updates(map[string]any{"invoice_id": row.ID, "status": models.OrderInvoiced}).Error
	})
}
