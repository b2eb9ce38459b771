// Package billing implements app.BillingService: prepaid envelope packs and
// the Stripe webhook events that follow card payments.
package billing

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/jackc/pgx/v5"
	"github.com/stripe/stripe-go/v82"

	"github.com/quillsign/esign/internal/app"
	"github.com/quillsign/esign/internal/domain"
	"github.com/quillsign/esign/internal/platform/ids"
	"github.com/quillsign/esign/internal/store"
	"github.com/quillsign/esign/internal/store/queries"
)

// Service implements app.BillingService.
type Service struct {
	db       app.Database
	charger  app.CardCharger
	mailer   app.Mailer
	idem     app.IdempotencyStore
	events   app.ProcessedEvents
	now      app.Clock
	log      *slog.Logger
	handlers map[stripe.EventType]eventHandler

	// packPrice returns the price of a pack for the account's per-envelope
	// rate; volume discounts live here.
	packPrice func(perEnvelopeCents, envelopes int) int64
}

var _ app.BillingService = (*Service)(nil)

// Deps groups the constructor arguments of Service.
type Deps struct {
	DB      app.Database
	Charger app.CardCharger
	Mailer  app.Mailer
	Idem    app.IdempotencyStore
	Events  app.ProcessedEvents
	Now     app.Clock
	Log     *slog.Logger
}

// New returns a Service.
func New(d Deps) *Service {
	s := &Service{
		db:        d.DB,
		charger:   d.Charger,
		mailer:    d.Mailer,
		idem:      d.Idem,
		events:    d.Events,
		now:       d.Now,
		log:       d.Log,
		packPrice: volumePrice,
	}
	s.handlers = s.eventHandlers()
	return s
}

// Pack sizes on sale, with the discount in percent.
var packDiscounts = map[int]int{50: 0, 100: 5, 500: 12, 1000: 20}

func volumePrice(perEnvelopeCents, envelopes int) int64 {
	gross := int64(perEnvelopeCents) * int64(envelopes)
	return gross - gross*int64(packDiscounts[envelopes])/100
}

const packRoute = "POST /v1/billing/packs"

// PurchasePack charges the account's card for a pack of prepaid envelopes
// and adds the credits. The Idempotency-Key makes a retried purchase return
// the first receipt.
func (s *Service) PurchasePack(ctx context.Context, accountID, idempotencyKey string, in app.PackPurchase) (*app.PackReceipt, error) {
	if idempotencyKey == "" {
		return nil, app.Invalid("Idempotency-Key", "required")
	}
	if _, ok := packDiscounts[in.Envelopes]; !ok {
		return nil, app.Invalid("envelopes", "must be 50, 100, 500 or 1000")
	}

	prev, err := s.idem.Lookup(ctx, accountID, idempotencyKey)
	if err != nil {
		return nil, err
	}
	if prev != nil {
		if prev.Route != packRoute {
			return nil, app.ErrKeyReused
		}
		var r app.PackReceipt
		if err := json.Unmarshal(prev.Body, &r); err != nil {
			return nil, fmt.Errorf("decode stored receipt: %w", err)
		}
		return &r, nil
	}

	acct, err := queries.GetAccount(ctx, s.db, accountID)
	if err != nil {
		return nil, err
	}
	if !acct.CanChargeCard() {
		return nil, app.ErrNoPaymentSetup
	}
	amount := s.packPrice(acct.PerEnvelopeCents, in.Envelopes)

	res, err := s.charger.Charge(ctx, app.ChargeRequest{
		CustomerID:      *acct.StripeCustomerID,
		PaymentMethodID: *acct.StripePaymentMethodID,
		AmountCents:     amount,
		Currency:        acct.Currency,
		Description:     fmt.Sprintf("Quillsign envelope pack (%d)", in.Envelopes),
		Metadata:        map[string]string{"account_id": acct.ID, "purpose": "pack"},
		IdempotencyKey:  "pack:" + accountID + ":" + idempotencyKey,
	})
	if err != nil {
		if errors.Is(err, app.ErrPaymentFailed) {
			return nil, err
		}
		return nil, fmt.Errorf("charge pack: %w", err)
	}

	now := s.now()
	balance, err := store.InTxResult(ctx, s.db, func(tx pgx.Tx) (int, error) {
		err := queries.InsertCharge(ctx, tx, domain.Charge{
			ID:                    ids.Prefixed(ids.Charge),
			AccountID:             acct.ID,
			Purpose:               "pack",
			AmountCents:           amount,
			Currency:              acct.Currency,
			StripePaymentIntentID: res.PaymentIntentID,
			Status:                res.Status,
			CreatedAt:             now,
		})
		if err != nil {
			return 0, err
		}
		_, err = store.Insert(ctx, tx, domain.CreditEntry{
			ID:        ids.New(),
			AccountID: acct.ID,
			Delta:     in.Envelopes,
			Reason:    "pack",
			Ref:       res.PaymentIntentID,
			CreatedAt: now,
		})
		if err != nil {
			return 0, err
		}
		return queries.CreditBalance(ctx, tx, acct.ID)
	})
	if err != nil {
		return nil, fmt.Errorf("record pack: %w", err)
	}

	receipt := &app.PackReceipt{
		PaymentIntentID: res.PaymentIntentID,
		Envelopes:       in.Envelopes,
		AmountCents:     amount,
		Currency:        acct.Currency,
		Balance:         balance,
	}
	body, err := json.Marshal(receipt)
	if err != nil {
		return nil, err
	}
	if err := s.idem.Save(ctx, accountID, idempotencyKey, queries.StoredResponse{
		Route: packRoute, Status: http.StatusCreated, Body: body,
	}); err != nil {
		return nil, fmt.Errorf("store receipt: %w", err)
	}
	return receipt, nil
}
