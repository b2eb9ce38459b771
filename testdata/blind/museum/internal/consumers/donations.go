package consumers

import (
	"context"
	"fmt"
	"time"

	"github.com/northgate-museums/visitor-platform/internal/events"
	"github.com/northgate-museums/visitor-platform/internal/models"
	"github.com/northgate-museums/visitor-platform/internal/notify"
	"github.com/northgate-museums/visitor-platform/internal/platform/database"
	"github.com/northgate-museums/visitor-platform/internal/platform/ids"
	"github.com/northgate-museums/visitor-platform/internal/store"
)

// ukTaxYear returns the UK tax year (starting 6 April) containing t.
func ukTaxYear(t time.Time) int {
	start := time.Date(t.Year(), time.April, 6, 0, 0, 0, 0, time.UTC)
	if t.Before(start) {
		return t.Year() - 1
	}
	return t.Year()
}

// TaxReceiptIssuer numbers a tax receipt for each received donation and
// emails it to the donor.
type TaxReceiptIssuer struct {
	tx        *database.TxManager
	donations *store.DonationRepo
	receipts  *store.ReceiptRepo
	notifier  Notifier
}

func NewTaxReceiptIssuer(tx *database.TxManager, donations *store.DonationRepo, receipts *store.ReceiptRepo, n Notifier) *TaxReceiptIssuer {
	return &TaxReceiptIssuer{tx: tx, donations: donations, receipts: receipts, notifier: n}
}

func (c *TaxReceiptIssuer) Handle(ctx context.Context, evt events.DonationReceived, _ Meta) error {
	d, err := c.donations.Get(ctx, evt.DonationID)
	if err != nil {
		return err
	}
	if d.Status != models.DonationReceived {
		return nil
	}
	receipt := &models.TaxReceipt{
		ID:          ids.NewReceiptID(),
		DonationID:  d.ID,
		TaxYear:     ukTaxYear(evt.ReceivedAt),
		AmountMinor: d.AmountMinor,
		Currency:    d.Currency,
		IssuedAt:    time.Now().UTC(),
	}
	err = c.tx.WithinTx(ctx, func(ctx context.Context) error {
		n, err := c.receipts.NextNumber(ctx)
		if err != nil {
			return err
		}
		receipt.ReceiptNumber = n
		return c.receipts.Create(ctx, receipt)
	})
	if err != nil {
		return fmt.Errorf("issue receipt for %s: %w", d.ID, err)
	}

	_, err = c.notifier.Notify(ctx, notify.TemplateTaxReceipt, d.DonorEmail, map[string]any{
		"donor_name":     d.DonorName,
		"receipt_number": receipt.ReceiptNumber,
		"amount":         fmt.Sprintf("£%d.%02d", d.AmountMinor/100, d.AmountMinor%100),
		"fund":           d.Fund,
		"gift_aid":       d.GiftAid,
		"tax_year":       fmt.Sprintf("%d/%02d", receipt.TaxYear, (receipt.TaxYear+1)%100),
	}, notify.Key("tax-receipt:"+d.ID), notify.Tag("donations"))
	return err
}
