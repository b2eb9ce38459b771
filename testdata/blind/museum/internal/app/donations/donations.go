// Package donations implements one-off donations and their receipts.
package donations

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/northgate-museums/visitor-platform/internal/app/checkout"
	"github.com/northgate-museums/visitor-platform/internal/cqrs"
	"github.com/northgate-museums/visitor-platform/internal/models"
	"github.com/northgate-museums/visitor-platform/internal/notify"
	"github.com/northgate-museums/visitor-platform/internal/platform/database"
	"github.com/northgate-museums/visitor-platform/internal/platform/httpx"
	"github.com/northgate-museums/visitor-platform/internal/platform/ids"
	"github.com/northgate-museums/visitor-platform/internal/providers/payments"
)

const MinDonationMinor = 100

type Donations interface {
	Create(ctx context.Context, d *models.Donation) error
	Get(ctx context.Context, id string) (*models.Donation, error)
}

type Receipts interface {
	LatestForDonation(ctx context.Context, donationID string) (*models.TaxReceipt, error)
}

type Intents interface {
	Create(ctx context.Context, in *models.PaymentIntent) error
	ForResource(ctx context.Context, purpose models.PaymentPurpose, resourceID string) (*models.PaymentIntent, error)
}

type KeyClaimer interface {
	Claim(ctx context.Context, scope, key, resourceID string) (string, bool, error)
}

type Payer interface {
	Submit(ctx context.Context, in *models.PaymentIntent, method json.RawMessage, shopper checkout.Shopper, opts ...checkout.SubmitOption) (*payments.PaymentResponse, error)
}

type Donate struct {
	IdempotencyKey string
	DonorName      string
	DonorEmail     string
	AmountMinor    int64
	Fund           string
	GiftAid        bool
	AddressLine1   string
	Postcode       string
	PaymentMethod  json.RawMessage
	Result         *cqrs.Result
}

type DonateHandler struct {
	tx        database.Transactor
	keys      KeyClaimer
	donations Donations
	intents   Intents
	payer     Payer
}

func NewDonateHandler(tx database.Transactor, keys KeyClaimer, donations Donations, intents Intents, payer Payer) *DonateHandler {
	return &DonateHandler{tx: tx, keys: keys, donations: donations, intents: intents, payer: payer}
}

func (h *DonateHandler) Handle(ctx context.Context, cmd Donate) error {
	if cmd.AmountMinor < MinDonationMinor {
		return httpx.ValidationError{Field: "amount", Message: "minimum donation is £1"}
	}
	if cmd.GiftAid && (cmd.AddressLine1 == "" || cmd.Postcode == "") {
		return httpx.ValidationError{Field: "address", Message: "Gift Aid declarations need a home address"}
	}
	fund := cmd.Fund
	if fund == "" {
		fund = "general"
	}

	donationID := ids.NewDonationID()
	var intent *models.PaymentIntent
	err := h.tx.WithinTx(ctx, func(ctx context.Context) error {
		existing, claimed, err := h.keys.Claim(ctx, "donation", cmd.IdempotencyKey, donationID)
		if err != nil {
			return err
		}
		if !claimed {
			donationID = existing
			intent, err = h.intents.ForResource(ctx, models.PurposeDonation, existing)
			return err
		}
		d := &models.Donation{
			ID:          donationID,
			DonorEmail:  cmd.DonorEmail,
			DonorName:   cmd.DonorName,
			AmountMinor: cmd.AmountMinor,
			Currency:    "GBP",
			Fund:        fund,
			GiftAid:     cmd.GiftAid,
			Status:      models.DonationPending,
		}
		if cmd.GiftAid {
			d.AddressLine1, d.AddressPostcode = &cmd.AddressLine1, &cmd.Postcode
		}
		if err := h.donations.Create(ctx, d); err != nil {
			return err
		}
		intent = &models.PaymentIntent{
			OperationID: ids.NewOperationID(),
			Purpose:     models.PurposeDonation,
			ResourceID:  d.ID,
			AmountMinor: d.AmountMinor,
			Currency:    d.Currency,
			Status:      models.IntentPending,
		}
		return h.intents.Create(ctx, intent)
	})
	if err != nil {
		return err
	}
	cmd.Result.Set(donationID, string(models.DonationPending))
	if intent.Status != models.IntentPending {
		return nil
	}
	resp, err := h.payer.Submit(ctx, intent, cmd.PaymentMethod, checkout.Shopper{Reference: cmd.DonorEmail, Email: cmd.DonorEmail})
	if err != nil {
		return err
	}
	if cmd.Result != nil {
		cmd.Result.Extra = map[string]string{"result_code": resp.ResultCode}
	}
	return nil
}

// ResendReceipt emails a copy of the latest tax receipt to the donor.
type ResendReceipt struct {
	IdempotencyKey string
	DonationID     string
}

type Notifier interface {
	Notify(ctx context.Context, template, to string, data map[string]any, opts ...notify.Option) (string, error)
}

type ResendReceiptHandler struct {
	donations Donations
	receipts  Receipts
	notifier  Notifier
}

func NewResendReceiptHandler(donations Donations, receipts Receipts, notifier Notifier) *ResendReceiptHandler {
	return &ResendReceiptHandler{donations: donations, receipts: receipts, notifier: notifier}
}

func (h *ResendReceiptHandler) Handle(ctx context.Context, cmd ResendReceipt) error {
	d, err := h.donations.Get(ctx, cmd.DonationID)
	if err != nil {
		return err
	}
	rc, err := h.receipts.LatestForDonation(ctx, d.ID)
	if err != nil {
		return err
	}
	data := map[string]any{
		"donor_name":     d.DonorName,
		"receipt_number": rc.ReceiptNumber,
		"amount":         fmt.Sprintf("£%d.%02d", rc.AmountMinor/100, rc.AmountMinor%100),
		"tax_year":       rc.TaxYear,
		"gift_aid":       d.GiftAid,
		"copy":           true,
	}
	_, err = h.notifier.Notify(ctx, notify.TemplateReceiptResend, d.DonorEmail, data,
		notify.Key("receipt-copy:"+d.ID+":"+cmd.IdempotencyKey),
		notify.Tag("donations"))
	return err
}
