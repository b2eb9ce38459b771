package services

import (
	"context"
	"fmt"
	"time"

	"github.com/forkandfeast/catering/internal/core/domain"
	"github.com/forkandfeast/catering/internal/core/ports"
	"github.com/forkandfeast/catering/internal/platform/ids"
)

// tastingsPerSlot is how many parties the tasting kitchen seats at once.
const tastingsPerSlot = 3

type TastingService struct {
	tx        ports.Transactor
	tastings  ports.TastingRepository
	enquiries ports.EnquiryRepository
	customers ports.CustomerRepository
	gateway   ports.PaymentGateway
	clock     ports.Clock
}

func NewTastingService(tx ports.Transactor, tastings ports.TastingRepository, enquiries ports.EnquiryRepository,
	customers ports.CustomerRepository, gateway ports.PaymentGateway, clock ports.Clock) *TastingService {
	return &TastingService{tx: tx, tastings: tastings, enquiries: enquiries, customers: customers, gateway: gateway, clock: clock}
}

// Book reserves a tasting slot for an enquiry.
func (s *TastingService) Book(ctx context.Context, cmd ports.BookTasting) (domain.Tasting, error) {
	if cmd.Guests < 1 || cmd.Guests > 6 {
		return domain.Tasting{}, domain.Invalid("guests", "between 1 and 6")
	}
	slot := cmd.SlotAt.UTC().Truncate(30 * time.Minute)
	if slot.Before(s.clock.Now()) {
		return domain.Tasting{}, domain.Invalid("slot_at", "must be in the future")
	}
	enq, err := s.enquiries.Get(ctx, cmd.EnquiryID)
	if err != nil {
		return domain.Tasting{}, err
	}
	t := domain.Tasting{
		ID:        ids.New[domain.TastingID]("tst"),
		EnquiryID: enq.ID,
		SlotAt:    slot,
		Guests:    cmd.Guests,
		FeeCents:  int64(cmd.Guests) * domain.TastingFeePerGuest,
		Currency:  domain.DefaultCurrency,
		Status:    domain.TastingBooked,
		CreatedAt: s.clock.Now(),
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		n, err := s.tastings.CountAtSlot(ctx, slot)
		if err != nil {
			return err
		}
		if n >= tastingsPerSlot {
			return fmt.Errorf("%w: slot %s is full", domain.ErrConflict, slot.Format(time.RFC3339))
		}
		return s.tastings.Insert(ctx, t)
	})
	return t, err
}

// ChargeFee takes the tasting fee with the card saved on the enquiry form.
func (s *TastingService) ChargeFee(ctx context.Context, id domain.TastingID, paymentMethodID string) (domain.Tasting, error) {
	t, err := s.tastings.Get(ctx, id)
	if err != nil {
		return t, err
	}
	if t.PaymentIntentID != "" {
		return t, nil
	}
	if t.Status != domain.TastingBooked {
		return t, &domain.StateError{Entity: "tasting", From: string(t.Status), To: string(domain.TastingPaid)}
	}
	enq, err := s.enquiries.Get(ctx, t.EnquiryID)
	if err != nil {
		return t, err
	}
	cust, err := s.customers.Get(ctx, enq.CustomerID)
	if err != nil {
		return t, err
	}
	res, err := s.gateway.Charge(ctx, ports.ChargeRequest{
		AmountCents:     t.FeeCents,
		Currency:        t.Currency,
		CustomerRef:     cust.StripeCustomerID,
		PaymentMethodID: paymentMethodID,
		Description:     fmt.Sprintf("Menu tasting %s", t.SlotAt.Format("2 Jan 15:04")),
	},
		ports.WithIdempotencyKey("tasting-fee:"+string(t.ID)),
		ports.WithMetadata("tasting_id", string(t.ID), "enquiry_id", enq.ID.String()),
	)
	if err != nil {
		return t, err
	}
	if err := s.tastings.SetPaymentIntent(ctx, t.ID, res.PaymentIntentID); err != nil {
		return t, err
	}
	t.PaymentIntentID = res.PaymentIntentID
	t.Status = domain.TastingPaid
	return t, nil
}

// Complete closes a tasting after the client has attended. A paid tasting
// fee is credited to the client's account against the event invoice.
func (s *TastingService) Complete(ctx context.Context, id domain.TastingID) (domain.Tasting, error) {
	t, err := s.tastings.Get(ctx, id)
	if err != nil {
		return t, err
	}
	switch t.Status {
	case domain.TastingCompleted:
		return t, nil
	case domain.TastingBooked, domain.TastingPaid:
	default:
		return t, &domain.StateError{Entity: "tasting", From: string(t.Status), To: string(domain.TastingCompleted)}
	}
	if t.Status == domain.TastingPaid {
		if err := s.creditFee(ctx, t); err != nil {
			return t, err
		}
	}
	now := s.clock.Now()
	if err := s.tastings.MarkCompleted(ctx, t.ID, now); err != nil {
		return t, err
	}
	t.Status = domain.TastingCompleted
	t.CompletedAt = &now
	return t, nil
}

func (s *TastingService) creditFee(ctx context.Context, t domain.Tasting) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		enq, err := s.enquiries.Get(ctx, t.EnquiryID)
		if err != nil {
			return err
		}
		return s.customers.AddCredit(ctx, enq.CustomerID, "tasting", string(t.ID), t.FeeCents)
	})
}
