// Package billing charges members for their quarterly allocations, issues
// refunds and applies the payment provider's webhook outcomes.
package billing

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/google/wire"
	"gorm.io/gorm"

	"github.com/vinoteca/wineclub/internal/events"
	"github.com/vinoteca/wineclub/internal/models"
	"github.com/vinoteca/wineclub/internal/platform/database"
	"github.com/vinoteca/wineclub/internal/platform/httpx"
	"github.com/vinoteca/wineclub/internal/platform/idgen"
	"github.com/vinoteca/wineclub/internal/providers/messaging"
	"github.com/vinoteca/wineclub/internal/providers/payments"
	"github.com/vinoteca/wineclub/internal/store"
)

// ProviderSet is the billing provider set.
var ProviderSet = wire.NewSet(New)

// Topics names the Kafka topics billing publishes to.
type Topics struct {
	Payments  string
	Shipments string
}

// Service is the billing service.
type Service struct {
	db          *gorm.DB
	charges     *store.Charges
	allocations *store.Allocations
	members     *store.Members
	credits     *store.Credits
	webhooks    *store.WebhookEvents
	outbox      *store.Outbox
	gateway     payments.Gateway
	sender      messaging.Sender
	topics      Topics
	log         *slog.Logger
}

// New builds the service.
func New(db *gorm.DB, charges *store.Charges, allocations *store.Allocations, members *store.Members,
	credits *store.Credits, webhooks *store.WebhookEvents, outbox *store.Outbox,
	gw payments.Gateway, sender messaging.Sender, topics Topics, log *slog.Logger) *Service {
	return &Service{
		db: db, charges: charges, allocations: allocations, members: members, credits: credits,
		webhooks: webhooks, outbox: outbox, gateway: gw, sender: sender, topics: topics, log: log,
	}
}

// ChargeAllocation charges the member's card for an allocation. The charge
// row is created once per allocation and its id keys the Stripe request.
func (s *Service) ChargeAllocation(ctx context.Context, allocationID uuid.UUID) (*models.Charge, error) {
	var (
		ch     *models.Charge
		member *models.Member
	)
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		a, err := s.allocations.GetForUpdate(tx, allocationID)
		if err != nil {
			if database.IsNotFound(err) {
				return httpx.ErrNotFound
			}
			return err
		}
		switch a.Status {
		case models.AllocationPending, models.AllocationCharging, models.AllocationFailed:
		case models.AllocationPaid, models.AllocationShipped:
			ch, err = s.charges.ByAllocation(tx, a.ID)
			return err
		default:
			return httpx.Errorf(http.StatusConflict, "allocation is %s", a.Status)
		}
		member, err = s.members.GetForUpdate(tx, a.MemberID)
		if err != nil {
			return err
		}
		if member.StripeCustomerID == nil || member.PaymentMethodID == nil {
			return httpx.Errorf(http.StatusUnprocessableEntity, "member %s has no card on file", member.ID)
		}
		ch, err = s.charges.EnsureForAllocation(tx, &models.Charge{
			ID:           idgen.ChargeID(),
			AllocationID: a.ID,
			MemberID:     a.MemberID,
			AmountCents:  a.TotalCents(),
			Currency:     "usd",
			Status:       models.ChargePending,
		})
		if err != nil {
			return err
		}
		if a.Status == models.AllocationPending {
			return s.allocations.Transition(tx, a.ID, models.AllocationCharging, models.AllocationPending)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if ch.Status == models.ChargeSucceeded || member == nil {
		return ch, nil
	}

	intent, err := s.gateway.Charge(ctx, payments.ChargeRequest{
		CustomerID:      *member.StripeCustomerID,
		PaymentMethodID: *member.PaymentMethodID,
		AmountCents:     ch.AmountCents,
		Currency:        ch.Currency,
		Description:     "Wine club shipment " + allocationID.String(),
		StatementSuffix: "WINE CLUB",
		Metadata:        map[string]string{"charge_id": ch.ID, "allocation_id": allocationID.String()},
	}, payments.WithIdempotencyKey("allocation-charge/"+ch.ID))
	if err != nil {
		return nil, err
	}
	status := models.ChargePending
	switch {
	case intent.Succeeded():
		status = models.ChargeSucceeded
	case intent.FailureCode != "":
		status = models.ChargeFailed
	}
	if intent.ID != "" {
		if err := s.charges.AttachIntent(ctx, ch.ID, intent.ID, status); err != nil {
			return nil, err
		}
		ch.PaymentIntentID = &intent.ID
	}
	ch.Status = status
	return ch, nil
}

// ChargeQuarter charges every pending allocation of a quarter in batches.
func (s *Service) ChargeQuarter(ctx context.Context, quarter string, charge func(context.Context, uuid.UUID) error) (int, int, error) {
	var ok, failed int
	seen := map[uuid.UUID]bool{}
	for {
		batch, err := s.allocations.PendingForQuarter(ctx, quarter, 100)
		if err != nil {
			return ok, failed, err
		}
		progressed := false
		for _, a := range batch {
			if seen[a.ID] {
				continue
			}
			seen[a.ID] = true
			progressed = true
			if err := charge(ctx, a.ID); err != nil {
				s.log.WarnContext(ctx, "charge failed", "allocation", a.ID, "err", err)
				failed++
				continue
			}
			ok++
		}
		if !progressed {
			return ok, failed, nil
		}
	}
}

// RefundInput is a refund requested by member services.
type RefundInput struct {
	ChargeID     string
	AmountCents  int64
	Reason       string
	RequestedBy  string
	ReturnCredit bool
}

// Refund refunds part of a charge to the member's card.
func (s *Service) Refund(ctx context.Context, in RefundInput) (*models.Refund, error) {
	ch, err := s.charges.Get(ctx, in.ChargeID)
	if err != nil {
		if database.IsNotFound(err) {
			return nil, httpx.ErrNotFound
		}
		return nil, err
	}
	if ch.Status != models.ChargeSucceeded || ch.PaymentIntentID == nil {
		return nil, httpx.Errorf(http.StatusConflict, "charge %s is %s", ch.ID, ch.Status)
	}
	if in.AmountCents <= 0 || ch.RefundedCents+in.AmountCents > ch.AmountCents {
		return nil, httpx.Errorf(http.StatusUnprocessableEntity, "refund exceeds the refundable amount")
	}
	res, err := s.gateway.Refund(ctx, *ch.PaymentIntentID, in.AmountCents, in.Reason)
	if err != nil {
		return nil, err
	}
	ref := &models.Refund{
		ID:             uuid.New(),
		ChargeID:       ch.ID,
		StripeRefundID: res.ID,
		AmountCents:    res.Amount,
		Reason:         in.Reason,
		RequestedBy:    in.RequestedBy,
		CreatedAt:      time.Now().UTC(),
	}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := s.charges.AddRefund(tx, ref); err != nil {
			return err
		}
		return s.outbox.Add(tx, s.topics.Payments, ch.MemberID, events.PaymentRefunded, events.PaymentRefundedData{
			ChargeID:       ch.ID,
			MemberID:       ch.MemberID,
			StripeRefundID: res.ID,
			AmountCents:    res.Amount,
			AsCredit:       in.ReturnCredit,
			Reason:         in.Reason,
		})
	})
	if err != nil {
		return nil, fmt.Errorf("record refund %s: %w", res.ID, err)
	}
	return ref, nil
}

// ReturnAppliedCredit gives back the store credit that was applied to a
// refunded charge's allocation.
func (s *Service) ReturnAppliedCredit(ctx context.Context, data events.PaymentRefundedData) error {
	if !data.AsCredit {
		return nil
	}
	ch, err := s.charges.Get(ctx, data.ChargeID)
	if err != nil {
		return err
	}
	a, err := s.allocations.Get(ctx, ch.AllocationID)
	if err != nil {
		return err
	}
	if a.CreditAppliedCents == 0 {
		return nil
	}
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		credit := &models.MemberCredit{
			ID:          uuid.New(),
			MemberID:    data.MemberID,
			AmountCents: a.CreditAppliedCents,
			Source:      models.CreditRefund,
			Reason:      "refund " + data.StripeRefundID,
			IssuedBy:    "system",
			Status:      "open",
			CreatedAt:   time.Now().UTC(),
		}
		if err := s.credits.Insert(tx, credit); err != nil {
			return err
		}
		return s.members.AdjustCredit(tx, data.MemberID, a.CreditAppliedCents)
	})
}

var errNotOurs = errors.New("billing: payment intent has no charge row")
