package billing

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/stripe/stripe-go/v82"

	"github.com/frostline/coldchain/internal/db"
	"github.com/frostline/coldchain/internal/platform"
)

// PaymentService takes card payments for invoices.
type PaymentService struct {
	repo      Repository
	intents   PaymentIntents
	customers Customers
	methods   PaymentMethods
	newID     platform.IDFunc
	log       *slog.Logger
}

func NewPaymentService(repo Repository, intents PaymentIntents, customers Customers, methods PaymentMethods, log *slog.Logger) *PaymentService {
	return &PaymentService{
		repo:      repo,
		intents:   intents,
		customers: customers,
		methods:   methods,
		newID:     platform.NewULID,
		log:       log,
	}
}

// BillingProfileInput configures how a shipper pays.
type BillingProfileInput struct {
	ShipperID       string
	PaymentMethodID string
	Autopay         bool
}

// SetupBillingProfile makes sure the shipper has a Stripe customer and, if
// given, attaches the card and stores it as the default for autopay.
func (s *PaymentService) SetupBillingProfile(ctx context.Context, in BillingProfileInput) (db.Shipper, error) {
	shipper, err := s.repo.GetShipper(ctx, in.ShipperID)
	if db.IsNotFound(err) {
		return db.Shipper{}, ErrUnknownShipper
	}
	if err != nil {
		return db.Shipper{}, err
	}

	if shipper.StripeCustomerID == nil {
		params := &stripe.CustomerCreateParams{
			Name:  stripe.String(shipper.Name),
			Email: stripe.String(shipper.BillingEmail),
			Phone: stripe.String(shipper.OpsPhone),
		}
		params.AddMetadata("shipper_id", shipper.ID)
		cust, err := s.customers.Create(ctx, params)
		if err != nil {
			return db.Shipper{}, fmt.Errorf("create stripe customer: %w", err)
		}
		if err := s.repo.SetShipperStripeCustomer(ctx, shipper.ID, cust.ID); err != nil {
			return db.Shipper{}, fmt.Errorf("store stripe customer: %w", err)
		}
		shipper.StripeCustomerID = &cust.ID
	}

	if in.PaymentMethodID != "" {
		attach := &stripe.PaymentMethodAttachParams{Customer: shipper.StripeCustomerID}
		attach.SetIdempotencyKey("attach-" + *shipper.StripeCustomerID + "-" + in.PaymentMethodID)
		if _, err := s.methods.Attach(ctx, in.PaymentMethodID, attach); err != nil {
			return db.Shipper{}, fmt.Errorf("attach payment method: %w", err)
		}
		if err := s.repo.SetShipperPaymentMethod(ctx, shipper.ID, in.PaymentMethodID, in.Autopay); err != nil {
			return db.Shipper{}, err
		}
		shipper.DefaultPaymentMethod = &in.PaymentMethodID
		shipper.AutopayEnabled = in.Autopay
	}
	return shipper, nil
}

// PayInvoice charges the given card for the full invoice amount. The
// invoice is marked paid when Stripe's payment_intent.succeeded webhook
// arrives.
func (s *PaymentService) PayInvoice(ctx context.Context, invoiceID, paymentMethodID string) (db.Payment, error) {
	inv, err := s.repo.GetInvoice(ctx, invoiceID)
	if db.IsNotFound(err) {
		return db.Payment{}, ErrNotFound
	}
	if err != nil {
		return db.Payment{}, err
	}
	switch inv.Status {
	case "open":
	case "paid":
		return db.Payment{}, ErrAlreadyPaid
	default:
		return db.Payment{}, ErrNotPayable
	}
	shipper, err := s.repo.GetShipper(ctx, inv.ShipperID)
	if err != nil {
		return db.Payment{}, err
	}
	if shipper.StripeCustomerID == nil {
		return db.Payment{}, ErrNoBillingProfile
	}

	params := &stripe.PaymentIntentCreateParams{
		Amount:             stripe.Int64(inv.TotalCents),
		Currency:           stripe.String(inv.Currency),
		Customer:           shipper.StripeCustomerID,
		PaymentMethod:      stripe.String(paymentMethodID),
		PaymentMethodTypes: stripe.StringSlice([]string{"card"}),
		Confirm:            stripe.Bool(true),
		Description:        stripe.String("Frostline invoice " + inv.ID),
	}
	params.AddMetadata("invoice_id", inv.ID)
	pi, err := s.intents.Create(ctx, params)
	if err != nil {
		return db.Payment{}, classifyStripeError(err)
	}

	payment := db.Payment{
		ID:                    s.newID(),
		InvoiceID:             inv.ID,
		StripePaymentIntentID: pi.ID,
		AmountCents:           pi.Amount,
		Currency:              string(pi.Currency),
		Status:                string(pi.Status),
	}
	if err := s.repo.InsertPayment(ctx, payment); err != nil {
		return db.Payment{}, fmt.Errorf("record payment: %w", err)
	}
	return payment, nil
}

// Autopay charges the shipper's default card off-session for a freight
// invoice. The Stripe idempotency key is tied to the invoice, so repeated
// runs of the job reuse the first PaymentIntent.
func (s *PaymentService) Autopay(ctx context.Context, invoiceID string) error {
	inv, err := s.repo.GetInvoice(ctx, invoiceID)
	if err != nil {
		return fmt.Errorf("load invoice: %w", err)
	}
	if inv.Status != "open" {
		return nil
	}
	shipper, err := s.repo.GetShipper(ctx, inv.ShipperID)
	if err != nil {
		return err
	}
	if !shipper.AutopayEnabled || shipper.StripeCustomerID == nil || shipper.DefaultPaymentMethod == nil {
		s.log.Info("autopay skipped", "invoice_id", inv.ID, "shipper_id", shipper.ID)
		return nil
	}

	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(inv.TotalCents),
		Currency:      stripe.String(inv.Currency),
		Customer:      shipper.StripeCustomerID,
		PaymentMethod: shipper.DefaultPaymentMethod,
		OffSession:    stripe.Bool(true),
		Confirm:       stripe.Bool(true),
		Description:   stripe.String("Frostline invoice " + inv.ID + " (autopay)"),
	}
	params.AddMetadata("invoice_id", inv.ID)
	params.SetIdempotencyKey("autopay-" + inv.ID)
	pi, err := s.intents.Create(ctx, params)
	if err != nil {
		return classifyStripeError(err)
	}
	return s.repo.InsertPayment(ctx, db.Payment{
		ID:                    s.newID(),
		InvoiceID:             inv.ID,
		StripePaymentIntentID: pi.ID,
		AmountCents:           pi.Amount,
		Currency:              string(pi.Currency),
		Status:                string(pi.Status),
	})
}

func classifyStripeError(err error) error {
	var se *stripe.Error
	if errors.As(err, &se) && se.Type == stripe.ErrorTypeCard {
		return fmt.Errorf("%w: %s", ErrPaymentDeclined, se.Msg)
	}
	return fmt.Errorf("stripe: %w", err)
}

// unixTime converts Stripe's epoch seconds.
func unixTime(sec int64) time.Time {
	if sec == 0 {
		return time.Now().UTC()
	}
	return time.Unix(sec, 0).UTC()
}
