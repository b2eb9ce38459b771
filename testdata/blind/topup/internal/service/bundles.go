package service

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/example/topup/internal/domain"
	"github.com/example/topup/internal/ids"
	"github.com/example/topup/internal/payments"
)

type BundleService struct {
	pool       *pgxpool.Pool
	bundles    BundleRepository
	customers  CustomerRepository
	payments   payments.Gateway
	activation ActivationQueue
	log        *slog.Logger
}

func NewBundleService(pool *pgxpool.Pool, bundles BundleRepository, customers CustomerRepository,
	gw payments.Gateway, activation ActivationQueue, log *slog.Logger) *BundleService {
	return &BundleService{pool: pool, bundles: bundles, customers: customers, payments: gw,
		activation: activation, log: log.With("svc", "bundles")}
}

type PurchaseBundleInput struct {
	CustomerID    uuid.UUID
	MSISDN        string
	BundleCode    string
	PaymentMethod string
}

// Purchase creates the order, charges the customer and queues the activation.
func (s *BundleService) Purchase(ctx context.Context, in PurchaseBundleInput) (*domain.BundleOrder, error) {
	if !msisdnRe.MatchString(in.MSISDN) {
		return nil, fmt.Errorf("%w: invalid msisdn", domain.ErrValidation)
	}
	b, err := s.bundles.GetBundle(ctx, s.pool, in.BundleCode)
	if err != nil {
		return nil, err
	}
	cust, err := s.customers.Get(ctx, s.pool, in.CustomerID)
	if err != nil {
		return nil, err
	}
	pm := in.PaymentMethod
	if pm == "" && cust.DefaultPaymentMethod != nil {
		pm = *cust.DefaultPaymentMethod
	}

	orderID := uuid.New()
	order := &domain.BundleOrder{
		ID:         orderID,
		Reference:  ids.NewReference("BND"),
		CustomerID: in.CustomerID,
		MSISDN:     in.MSISDN,
		BundleCode: b.Code,
		PriceCents: b.PriceCents,
		Status:     "created",
	}
	if err := s.bundles.InsertOrder(ctx, s.pool, order); err != nil {
		return nil, fmt.Errorf("insert bundle order: %w", err)
	}

	var stripeCustomer string
	if cust.StripeCustomerID != nil {
		stripeCustomer = *cust.StripeCustomerID
	}
	// stripe-go retries network errors internally and wants a key for that.
	chargeKey := "bundle-" + uuid.NewString()
	res, err := s.payments.Charge(ctx, payments.ChargeRequest{
		AmountCents:    b.PriceCents,
		Currency:       "usd",
		CustomerID:     stripeCustomer,
		PaymentMethod:  pm,
		Description:    fmt.Sprintf("%s %s for %s", b.Operator, b.Description, in.MSISDN),
		Metadata:       map[string]string{"bundle_order": order.Reference},
		IdempotencyKey: chargeKey,
	})
	if err != nil {
		return nil, err
	}
	if err := s.bundles.MarkOrderPaid(ctx, s.pool, order.ID, res.PaymentIntentID); err != nil {
		return nil, err
	}
	order.Status = "paid"
	order.PaymentIntentID = &res.PaymentIntentID

	if err := s.activation.PublishActivation(ctx, order.ID); err != nil {
		// the sweeper picks up paid orders that never got activated
		s.log.Error("publish activation", "order", order.ID, "err", err)
	}
	return order, nil
}
